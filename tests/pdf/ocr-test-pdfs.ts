// PDFs generated in code for the OCR tests and the bench: known content at
// known places, so a test can assert what each reading must see.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  PDFDocument,
  StandardFonts,
  TextRenderingMode,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  rgb,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";

export const A4: [number, number] = [595.28, 841.89];

export interface PlacedText {
  text: string;
  /** Top-left origin, PDF points: left edge and baseline. */
  x: number;
  baseline: number;
  size: number;
}

/** A page's box for a placed text, top-left origin: [x0, y0, x1, y1]. */
export function placedTextBox(
  font: { widthOfTextAtSize(text: string, size: number): number },
  t: PlacedText,
): [number, number, number, number] {
  return [t.x, t.baseline - t.size, t.x + font.widthOfTextAtSize(t.text, t.size), t.baseline + t.size * 0.25];
}

/** `t` drawn on `page` with top-left coordinates; `invisible` puts it in the text layer only. */
export function drawTop(page: PDFPage, font: PDFFont, t: PlacedText, options: { invisible?: boolean } = {}): void {
  const y = page.getHeight() - t.baseline;
  if (!options.invisible) {
    page.drawText(t.text, { x: t.x, y, size: t.size, font });
    return;
  }
  // drawText has no render-mode option, so the text object is written by hand: mode 3 puts the
  // text in the text layer without painting it (what OCR'd scans and some forgeries do). The
  // render mode is graphics state that outlives ET, so q/Q keeps it from hiding later text.
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFontAndSize(fontKey, t.size),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(t.x, y),
    showText(font.encodeText(t.text)),
    endText(),
    popGraphicsState(),
  );
}

/** One page with the given texts drawn in Helvetica. */
export async function makeTextPdf(texts: PlacedText[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(A4);
  for (const t of texts) drawTop(page, font, t);
  return doc.save();
}

/** A page whose text layer and drawn glyphs disagree: the glyphs are painted only as a raster
 * image (no text layer), and each `hidden` text is in the text layer only (render mode 3). */
export async function makeDisagreeingPdf(
  hidden: PlacedText[],
  drawnImagePng: Uint8Array,
  imageBox: [number, number, number, number],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(A4);
  const image = await doc.embedPng(drawnImagePng);
  const [x0, y0, x1, y1] = imageBox;
  page.drawImage(image, { x: x0, y: page.getHeight() - y1, width: x1 - x0, height: y1 - y0 });
  for (const t of hidden) drawTop(page, font, t, { invisible: true });
  return doc.save();
}

/** A dense born-digital page set: a ruled table of numbers per page (8 columns x 45 rows at
 * 8 pt) under a heading and a paragraph. Deterministic. */
export async function makeDenseTablePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(A4);
    drawTop(page, bold, { text: `Quarterly results, part ${p + 1}`, x: 50, baseline: 60, size: 14 });
    drawTop(page, font, {
      text: "Figures in thousands of euros; negative values are losses. Audited where marked.",
      x: 50,
      baseline: 82,
      size: 9,
    });
    const left = 50;
    const colWidth = 62;
    const rowHeight = 15;
    const top = 100;
    const headers = ["Region", "Q1", "Q2", "Q3", "Q4", "Total", "Change", "Share"];
    const rows = 45;
    for (let c = 0; c < headers.length; c++) {
      drawTop(page, bold, { text: headers[c]!, x: left + c * colWidth + 4, baseline: top + 11, size: 8 });
    }
    for (let r = 0; r < rows; r++) {
      const baseline = top + (r + 1) * rowHeight + 11;
      drawTop(page, font, { text: `Area ${p * rows + r + 1}`, x: left + 4, baseline, size: 8 });
      for (let c = 1; c < headers.length; c++) {
        const value =
          c === 6
            ? `${random() < 0.3 ? "-" : ""}${(random() * 30).toFixed(1)}%`
            : c === 7
              ? (random() * 10).toFixed(2)
              : Math.round(random() * 99999).toLocaleString("en-US");
        drawTop(page, font, { text: value, x: left + c * colWidth + 4, baseline, size: 8 });
      }
    }
    const bottom = top + (rows + 1) * rowHeight;
    for (let r = 0; r <= rows + 1; r++) {
      const y = page.getHeight() - (top + r * rowHeight);
      page.drawLine({ start: { x: left, y }, end: { x: left + headers.length * colWidth, y }, thickness: 0.5, color: rgb(0, 0, 0) });
    }
    for (let c = 0; c <= headers.length; c++) {
      const x = left + c * colWidth;
      page.drawLine({
        start: { x, y: page.getHeight() - top },
        end: { x, y: page.getHeight() - bottom },
        thickness: 0.5,
        color: rgb(0, 0, 0),
      });
    }
  }
  return doc.save();
}

/** A page with a paragraph of text above a drawn figure (bars and a circle) at `FIGURE_BOX`. */
export const FIGURE_BOX: [number, number, number, number] = [100, 300, 400, 500];

export async function makeFigurePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(A4);
  drawTop(page, font, { text: "Figure 1 shows the quarterly volumes by region.", x: 100, baseline: 250, size: 11 });
  const [x0, y0, x1, y1] = FIGURE_BOX;
  const h = page.getHeight();
  page.drawRectangle({ x: x0, y: h - y1, width: x1 - x0, height: y1 - y0, borderColor: rgb(0.2, 0.2, 0.2), borderWidth: 1 });
  for (let i = 0; i < 6; i++) {
    const barHeight = 40 + ((i * 53) % 120);
    page.drawRectangle({ x: x0 + 20 + i * 45, y: h - y1 + 10, width: 30, height: barHeight, color: rgb(0.1 + i * 0.1, 0.3, 0.6) });
  }
  page.drawCircle({ x: x1 - 60, y: h - y0 - 50, size: 30, color: rgb(0.8, 0.2, 0.2) });
  return doc.save();
}

/** A small ruled table of numbers (header row + 4 rows x 4 columns, 12 pt) in which one cell's
 * text layer and drawn glyphs disagree: the page shows `shown` there as pixels only, while the
 * text layer holds `hidden` (render mode 3, exactly over it). Every other cell is ordinary text,
 * so OCR and the text layer agree on it. `DISPUTED_CELL` names the cell (row and column of the
 * body, 0-based). For the pipeline-level and API tests of disputed cells. */
export const DISPUTED_CELL = { row: 1, column: 2 };

/** The body of makeDisputedTablePdf's table, with `cell` at DISPUTED_CELL. */
export function disputedTableBody(cell: string): string[][] {
  return [
    ["North", "1,204", "1,310", "1,452"],
    ["South", "873", cell, "958"],
    ["East", "2,115", "2,087", "2,240"],
    ["West", "642", "701", "689"],
  ];
}

export async function makeDisputedTablePdf(hidden = "17", shown = "42"): Promise<Uint8Array> {
  const left = 72;
  const top = 120;
  const colWidth = 100;
  const rowHeight = 28;
  const size = 12;
  const header = ["Region", "2023", "2024", "2025"];
  const body = disputedTableBody(hidden);
  const place = (row: number, column: number, text: string): PlacedText => ({
    text,
    x: left + column * colWidth + 8,
    baseline: top + row * rowHeight + 19,
    size,
  });
  const target = place(DISPUTED_CELL.row + 1, DISPUTED_CELL.column, shown);
  // The cell's drawn glyphs: `shown` rendered to pixels at 200 dpi and cut to the cell's inside.
  const glyphs = await renderTextToPng(target, [
    left + DISPUTED_CELL.column * colWidth + 2,
    top + (DISPUTED_CELL.row + 1) * rowHeight + 2,
    left + (DISPUTED_CELL.column + 1) * colWidth - 2,
    top + (DISPUTED_CELL.row + 2) * rowHeight - 2,
  ]);

  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const h = page.getHeight();
  drawTop(page, bold, { text: "Sales by region (units)", x: left, baseline: top - 20, size: 14 });
  header.forEach((text, column) => drawTop(page, bold, place(0, column, text)));
  body.forEach((row, r) =>
    row.forEach((text, column) => {
      const isTarget = r === DISPUTED_CELL.row && column === DISPUTED_CELL.column;
      drawTop(page, font, place(r + 1, column, text), { invisible: isTarget });
    }),
  );
  const image = await doc.embedPng(glyphs.png);
  const [x0, y0, x1, y1] = glyphs.box;
  page.drawImage(image, { x: x0, y: h - y1, width: x1 - x0, height: y1 - y0 });
  const rows = body.length + 1;
  for (let r = 0; r <= rows; r++) {
    const y = h - (top + r * rowHeight);
    page.drawLine({ start: { x: left, y }, end: { x: left + header.length * colWidth, y }, thickness: 0.75, color: rgb(0, 0, 0) });
  }
  for (let c = 0; c <= header.length; c++) {
    const x = left + c * colWidth;
    page.drawLine({ start: { x, y: h - top }, end: { x, y: h - (top + rows * rowHeight) }, thickness: 0.75, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

/** `text` drawn on an otherwise blank page, rendered at 200 dpi, cut to `box` (points, top-left). */
export async function renderTextToPng(
  text: PlacedText,
  box: [number, number, number, number],
): Promise<{ png: Uint8Array; box: [number, number, number, number] }> {
  const [{ openPdf }, { renderPage }, { default: sharp }] = await Promise.all([
    import("../../lib/pdf/open-pdf"),
    import("../../worker/pipeline/render/render-page"),
    import("sharp"),
  ]);
  const file = path.join(await fs.promises.mkdtemp(path.join(os.tmpdir(), "glyphs-")), "glyphs.pdf");
  await fs.promises.writeFile(file, await makeTextPdf([text]));
  const opened = await openPdf(file);
  try {
    const render = await renderPage(await opened.doc.getPage(1), 1, 200);
    const s = render.scale;
    const png = await sharp(Buffer.from(render.rgba), { raw: { width: render.width, height: render.height, channels: 4 } })
      .extract({
        left: Math.round(box[0] * s),
        top: Math.round(box[1] * s),
        width: Math.round((box[2] - box[0]) * s),
        height: Math.round((box[3] - box[1]) * s),
      })
      .png()
      .toBuffer();
    return { png, box };
  } finally {
    await opened.close();
    await fs.promises.rm(path.dirname(file), { recursive: true, force: true });
  }
}
