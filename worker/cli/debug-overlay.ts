// Debug overlay for `npm run extract -- FILE.pdf --debug DIR`: the page render with rulings (red),
// grid cells (blue), layout regions (orange), table boxes and cell boxes (green), figures (purple).
import fs from "node:fs";
import path from "node:path";
import { renderPage } from "../pipeline/figures/page-canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api";
import type { PageExtraction, PageReadings } from "../pipeline/page-types";

const SCALE = 1.5;

export async function drawDebugPage(
  doc: PDFDocumentProxy,
  page: { pageNumber: number; readings: PageReadings; extraction: PageExtraction },
  dir: string,
): Promise<void> {
  const pdfPage = await doc.getPage(page.pageNumber);
  const { canvas, context: ctx } = await renderPage(pdfPage, SCALE);
  pdfPage.cleanup();
  const rect = (b: readonly number[], color: string, width: number) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.strokeRect(b[0]! * SCALE, b[1]! * SCALE, (b[2]! - b[0]!) * SCALE, (b[3]! - b[1]!) * SCALE);
  };
  const { debug, tables, figures } = page.extraction;
  for (const r of debug.layoutRegions) rect(r, "rgba(255,140,0,0.9)", 3);
  for (const grid of debug.grids) for (const c of grid.cells) rect(c.box, "rgba(0,0,255,0.5)", 1);
  ctx.strokeStyle = "rgba(255,0,0,0.8)";
  ctx.lineWidth = 1.5;
  for (const r of debug.rulings) {
    ctx.beginPath();
    if (r.orientation === "h") {
      ctx.moveTo(r.start * SCALE, r.pos * SCALE);
      ctx.lineTo(r.end * SCALE, r.pos * SCALE);
    } else {
      ctx.moveTo(r.pos * SCALE, r.start * SCALE);
      ctx.lineTo(r.pos * SCALE, r.end * SCALE);
    }
    ctx.stroke();
  }
  for (const t of tables) {
    if (t.bbox) rect(t.bbox, "rgba(0,160,0,0.9)", 2.5);
    for (const c of [...t.header_cells, ...t.rows.flat()]) if (c.bbox) rect(c.bbox, "rgba(0,160,0,0.6)", 1);
  }
  for (const f of figures) rect(f.box, "rgba(160,0,160,0.9)", 2.5);
  await fs.promises.writeFile(path.join(dir, `page-${page.pageNumber}.png`), canvas.toBuffer("image/png"));
}
