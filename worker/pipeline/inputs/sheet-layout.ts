// Where each cell of a sheet sits on the page the review page shows for it: a grid drawn as a
// spreadsheet draws it (INPUT_SETTINGS: 9 pt text, 14 pt rows, columns as wide as their values
// within bounds). The result's cell boxes are these rectangles, so the review page outlines a
// cell on the drawn sheet as it outlines one on a PDF page. Drawn with the PDF standard font
// (Helvetica, WinAnsi): characters it has no glyph for show as "?" in the drawing only; the
// result's values are the file's.
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import type { BBox } from "../../../lib/result/schema";
import { INPUT_SETTINGS, type InputSettings } from "./settings";
import type { SheetGrid } from "./sheet-grid";

export interface SheetLayout {
  width: number;
  height: number;
  /** Left edge of each column and, last, the grid's right edge (points). */
  xs: number[];
  /** Top edge of each row and, last, the grid's bottom edge (points, from the page's top). */
  ys: number[];
}

/** Windows-1252's characters beyond Latin-1's printable ranges (the standard fonts' encoding). */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** The text as the standard font can draw it: one line, unknown characters as "?". */
export function drawableText(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch) ? ch : "?";
  }
  return out;
}

export function layoutSheet(grid: SheetGrid, font: PDFFont, settings: InputSettings = INPUT_SETTINGS): SheetLayout {
  const columns = grid.rows[0]?.length ?? 0;
  const spanned = new Set(grid.merges.filter((m) => m.colSpan > 1).flatMap((m) => Array.from({ length: m.rowSpan }, (_, r) => `${m.row + r}:${m.col}`)));
  const widths: number[] = Array.from({ length: columns }, () => settings.sheetMinColumnWidth);
  grid.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      // A value merged across columns spreads over them; it does not widen its first column.
      if (cell.text === "" || spanned.has(`${r}:${c}`)) return;
      const natural = font.widthOfTextAtSize(drawableText(cell.text), settings.sheetFontSize) + 2 * settings.sheetCellPadding;
      widths[c] = Math.min(settings.sheetMaxColumnWidth, Math.max(widths[c]!, Math.ceil(natural)));
    }),
  );
  const xs: number[] = [settings.sheetMargin];
  for (const w of widths) xs.push(xs[xs.length - 1]! + w);
  const ys = Array.from({ length: grid.rows.length + 1 }, (_, r) => settings.sheetMargin + r * settings.sheetRowHeight);
  return { width: xs[xs.length - 1]! + settings.sheetMargin, height: ys[ys.length - 1]! + settings.sheetMargin, xs, ys };
}

/** The rectangle of the cell at (row, col), spanning `rowSpan` x `colSpan` cells. */
export function cellBox(layout: SheetLayout, row: number, col: number, rowSpan = 1, colSpan = 1): BBox {
  return [layout.xs[col]!, layout.ys[row]!, layout.xs[col + colSpan]!, layout.ys[row + rowSpan]!];
}

/** The longest start of `text` that fits `width` at `size`, with an ellipsis when cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid)}…`, size) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? "" : `${text.slice(0, low)}…`;
}

/** One page per sheet, each the sheet's grid at its layout (the review page's picture of it). */
export async function drawSheets(grids: readonly SheetGrid[], settings: InputSettings = INPUT_SETTINGS): Promise<{ pdf: Uint8Array; layouts: SheetLayout[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const layouts: SheetLayout[] = [];
  const line = rgb(0.78, 0.8, 0.83);
  for (const grid of grids) {
    const layout = layoutSheet(grid, font, settings);
    layouts.push(layout);
    const page = doc.addPage([layout.width, layout.height]);
    const covered = new Set<string>();
    const rects: Array<{ row: number; col: number; rowSpan: number; colSpan: number }> = [];
    for (const m of grid.merges) {
      rects.push(m);
      for (let r = 0; r < m.rowSpan; r++) for (let c = 0; c < m.colSpan; c++) covered.add(`${m.row + r}:${m.col + c}`);
    }
    grid.rows.forEach((row, r) => row.forEach((_, c) => (covered.has(`${r}:${c}`) ? undefined : rects.push({ row: r, col: c, rowSpan: 1, colSpan: 1 }))));
    for (const rect of rects) {
      const [x0, y0, x1, y1] = cellBox(layout, rect.row, rect.col, rect.rowSpan, rect.colSpan);
      const header = rect.row < grid.headerRows;
      page.drawRectangle({ x: x0, y: layout.height - y1, width: x1 - x0, height: y1 - y0, borderColor: line, borderWidth: 0.5, ...(header ? { color: rgb(0.93, 0.94, 0.96) } : {}) });
      const cell = grid.rows[rect.row]![rect.col]!;
      const text = cell.formulaWithoutResult ?? cell.text;
      if (text === "") continue;
      const face = header ? bold : font;
      const shownText = fitted(drawableText(text), face, settings.sheetFontSize, x1 - x0 - 2 * settings.sheetCellPadding);
      // Baseline a quarter of a row above the cell's bottom edge (of its first row when merged).
      const baseline = layout.height - (y0 + settings.sheetRowHeight * 0.75);
      page.drawText(shownText, { x: x0 + settings.sheetCellPadding, y: baseline, size: settings.sheetFontSize, font: face, color: cell.formulaWithoutResult ? rgb(0.55, 0.45, 0.1) : rgb(0, 0, 0) });
    }
  }
  return { pdf: await doc.save(), layouts };
}
