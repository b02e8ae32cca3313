// Moving a scanned page's findings between the prepared page (upright, deskewed: where OCR, the
// raster rulings and table detection work) and the original page (where every bbox is reported,
// so a box drawn on the page as scanned lands on the right ink).
import type { Cell, Table } from "../../../lib/result/schema";
import type { Box, PdfGraphicsReading } from "../types";
import type { PageExtraction } from "../page-types";
import { preparedBoxToPage, type ScanTransform } from "./prepare-scan";
import { IDENTITY_SKEW_BELOW_DEG } from "./settings";

export function isIdentity(t: ScanTransform): boolean {
  return t.quarterTurns === 0 && Math.abs(t.skewDeg) < IDENTITY_SKEW_BELOW_DEG;
}

/** A point of the original page on the prepared page (the inverse of preparedPointToPage). */
export function pagePointToPrepared(x: number, y: number, t: ScanTransform): [number, number] {
  const W = t.originalWidthPt;
  const H = t.originalHeightPt;
  let px: number;
  let py: number;
  switch (t.quarterTurns) {
    case 0:
      [px, py] = [x, y];
      break;
    case 1:
      [px, py] = [H - y, x];
      break;
    case 2:
      [px, py] = [W - x, H - y];
      break;
    case 3:
      [px, py] = [y, W - x];
      break;
  }
  if (Math.abs(t.skewDeg) < IDENTITY_SKEW_BELOW_DEG) return [px, py];
  // The prepared page is the turned one rotated by -skew about its centre.
  const rad = (t.skewDeg * Math.PI) / 180;
  const cx = t.widthPt / 2;
  const cy = t.heightPt / 2;
  const dx = px - cx;
  const dy = py - cy;
  return [Math.cos(rad) * dx + Math.sin(rad) * dy + cx, -Math.sin(rad) * dx + Math.cos(rad) * dy + cy];
}

function pageBoxToPrepared(box: Box, t: ScanTransform): Box {
  const corners = [
    pagePointToPrepared(box[0], box[1], t),
    pagePointToPrepared(box[2], box[1], t),
    pagePointToPrepared(box[0], box[3], t),
    pagePointToPrepared(box[2], box[3], t),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The PDF's own graphics of a scanned page on the prepared page: placed images (the scan
 * itself) moved; vector rulings, fills and drawings kept only when the page was not turned (on a
 * turned page they would no longer line up with the ink they belong to, and scans rarely have any). */
export function graphicsToPrepared(graphics: PdfGraphicsReading, t: ScanTransform): PdfGraphicsReading {
  if (isIdentity(t)) return graphics;
  return {
    rulings: [],
    filledRects: [],
    drawings: [],
    images: graphics.images.map((image) => ({ ...image, box: pageBoxToPrepared(image.box, t) })),
  };
}

function cellToPage(cell: Cell, t: ScanTransform): Cell {
  return cell.bbox ? { ...cell, bbox: preparedBoxToPage(cell.bbox, t) } : cell;
}

/** Every box of a page's extraction (tables, cells, prose, figures) moved onto the original page. */
export function extractionToPage(extraction: PageExtraction, t: ScanTransform): PageExtraction {
  if (isIdentity(t)) return extraction;
  const table = (tb: Table): Table => ({
    ...tb,
    ...(tb.bbox ? { bbox: preparedBoxToPage(tb.bbox, t) } : {}),
    header_cells: tb.header_cells.map((c) => cellToPage(c, t)),
    rows: tb.rows.map((row) => row.map((c) => cellToPage(c, t))),
  });
  return {
    ...extraction,
    tables: extraction.tables.map(table),
    prose: extraction.prose.map((p) => ({ ...p, bbox: preparedBoxToPage(p.bbox, t) })),
    figures: extraction.figures.map((f) => ({ ...f, box: preparedBoxToPage(f.box, t) })),
  };
}
