// Generated layout families drawn as realistic scans (the eval's recipe: 200 dpi grey, turned a
// little, blurred, noisy, JPEG; worker/cli/eval/realistic-scans.ts), prepared as the pipeline
// prepares them (prepare-scan.ts), with the truth tables placed in the prepared image. For the tests
// of readers of the scan image (page-ink, the ink grid).
import fs from "node:fs";
import path from "node:path";
import { openPdf } from "../../lib/pdf/open-pdf";
import { FAMILIES, generateDocument, type GeneratedDocument } from "./corpus/generate";
import type { Family } from "./corpus/family";
import { makeRealisticScan } from "../../worker/cli/eval/realistic-scans";
import { renderPageForOcr, type PageRender } from "../../worker/pipeline/render/render-page";
import { prepareScan } from "../../worker/pipeline/scan/prepare-scan";
import { pagePointToPrepared } from "../../worker/pipeline/scan/map-to-page";
import type { Box, ModelCell, TableModel } from "../../worker/pipeline/types";

export interface ScannedTable {
  /** The truth's cells, boxes in the prepared image's points. */
  cells: ModelCell[];
  nCols: number;
  box: Box;
  /** How many top rows are header lines. */
  headerRows: number;
}

export interface Scanned {
  name: string;
  image: PageRender;
  tables: ScannedTable[];
  /** Quarter turns the preparation gave the page (2: it read the page as upside down). */
  quarterTurns: number;
}

/** A variant of the family, made a realistic scan and prepared, with its truth tables placed in the
 * prepared image: the original page turned by the scan's angle, then as the preparation mapped it. */
export async function scanned(familyName: string | Family, seed: number, variant: number, dir: string): Promise<Scanned> {
  // A family of the generated corpus by name, or one drawn for a test only.
  const family = typeof familyName === "string" ? FAMILIES.find((f) => f.name === familyName)! : familyName;
  const doc = await generateDocument(family, variant, seed);
  const pdf = path.join(dir, `${doc.name}-s${seed}.pdf`);
  fs.writeFileSync(pdf, doc.pdf);
  const scan = path.join(dir, `${doc.name}-s${seed}-scan.pdf`);
  const [angle] = await makeRealisticScan(pdf, scan);
  const opened = await openPdf(scan);
  try {
    const page = await opened.doc.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    const { render, transform } = prepareScan(await renderPageForOcr(page, 1));
    const rad = ((angle ?? 0) * Math.PI) / 180;
    const toPrepared = (x: number, y: number) => {
      const dx = x - width / 2;
      const dy = y - height / 2;
      return pagePointToPrepared(
        Math.cos(rad) * dx - Math.sin(rad) * dy + width / 2,
        Math.sin(rad) * dx + Math.cos(rad) * dy + height / 2,
        transform,
      );
    };
    // Truth boxes have their origin at the bottom left.
    const boxOf = (b: Box): Box => {
      const corners = [
        toPrepared(b[0], height - b[3]),
        toPrepared(b[2], height - b[3]),
        toPrepared(b[0], height - b[1]),
        toPrepared(b[2], height - b[1]),
      ];
      return [
        Math.min(...corners.map((c) => c[0])),
        Math.min(...corners.map((c) => c[1])),
        Math.max(...corners.map((c) => c[0])),
        Math.max(...corners.map((c) => c[1])),
      ];
    };
    const tables = truthTables(doc.tables, boxOf);
    return { name: `${doc.name}-s${seed}`, image: render, tables, quarterTurns: transform.quarterTurns };
  } finally {
    await opened.close();
  }
}

/** The same family variant born digital: the page rendered as the OCR engines read it (no scan,
 * no preparation), with its truth tables in the render's points. For the ink grid on pages with a
 * text layer. */
export async function rendered(familyName: string, seed: number, variant: number, dir: string): Promise<Scanned> {
  const family = FAMILIES.find((f) => f.name === familyName)!;
  const doc = await generateDocument(family, variant, seed);
  const pdf = path.join(dir, `${doc.name}-s${seed}.pdf`);
  fs.writeFileSync(pdf, doc.pdf);
  const opened = await openPdf(pdf);
  try {
    const page = await opened.doc.getPage(1);
    const { height } = page.getViewport({ scale: 1 });
    const render = await renderPageForOcr(page, 1);
    // Truth boxes have their origin at the bottom left.
    const tables = truthTables(doc.tables, (b) => [b[0], height - b[3], b[2], height - b[1]]);
    return { name: `${doc.name}-s${seed}`, image: render, tables, quarterTurns: 0 };
  } finally {
    await opened.close();
  }
}

/** The truth tables of page 1, each cell's box placed by `boxOf` (empty cells have none). */
function truthTables(truth: GeneratedDocument["tables"], boxOf: (box: Box) => Box): ScannedTable[] {
  return truth
    .filter((t) => t.page === 1)
    .map((t): ScannedTable => {
      const cells = t.cells.map((c): ModelCell => ({ ...c, box: c.text.trim() === "" ? null : boxOf(c.box) }));
      const boxes = cells.flatMap((c) => (c.box ? [c.box] : []));
      return {
        cells,
        nCols: Math.max(...t.cells.map((c) => c.col + c.colSpan)),
        headerRows: t.headerRows,
        box: [
          Math.min(...boxes.map((b) => b[0])),
          Math.min(...boxes.map((b) => b[1])),
          Math.max(...boxes.map((b) => b[2])),
          Math.max(...boxes.map((b) => b[3])),
        ],
      };
    });
}

/** `parts` delivered as one table: rows stacked, or columns side by side. */
export function joined(parts: readonly ScannedTable[], sideBySide: boolean): ScannedTable {
  const cells: ModelCell[] = [];
  let offset = 0;
  for (const part of parts) {
    for (const c of part.cells) cells.push(sideBySide ? { ...c, col: c.col + offset } : { ...c, row: c.row + offset });
    offset += sideBySide ? part.nCols : Math.max(...part.cells.map((c) => c.row + c.rowSpan));
  }
  return {
    cells,
    nCols: sideBySide ? offset : Math.max(...parts.map((p) => p.nCols)),
    headerRows: sideBySide ? Math.max(...parts.map((p) => p.headerRows)) : parts[0]!.headerRows,
    box: [
      Math.min(...parts.map((p) => p.box[0])),
      Math.min(...parts.map((p) => p.box[1])),
      Math.max(...parts.map((p) => p.box[2])),
      Math.max(...parts.map((p) => p.box[3])),
    ],
  };
}

export const modelOf = (t: ScannedTable): TableModel => ({
  box: t.box,
  nRows: Math.max(...t.cells.map((c) => c.row + c.rowSpan)),
  nCols: t.nCols,
  cells: t.cells,
  headerRows: t.headerRows,
  rowGroups: [],
  source: "pdf-layout",
  disputed: false,
});
