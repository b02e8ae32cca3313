// Where each cell of a sheet sits on the page the review page shows for it: a grid drawn as a
// spreadsheet draws it (INPUT_SETTINGS: 9 pt text, 14 pt rows, columns as wide as their values
// within bounds). The result's cell boxes are these rectangles, so the review page outlines a
// cell on the drawn sheet as it outlines one on a PDF page. Drawn with the PDF standard font
// (Helvetica, WinAnsi): characters it has no glyph for show as "?" in the drawing only; the
// result's values are the file's.
import zlib from "node:zlib";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
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

/** Glyph advance widths at 1 pt, per font and character: pdf-lib measures a whole string through
 * its encoder each time (~25 µs), which a 100,000-cell sheet pays several times per cell. */
const glyphWidths = new WeakMap<PDFFont, Map<string, number>>();

/** Width of a drawable text at `size` (the sum of its glyphs; the standard fonts' kerning is not
 * applied by the drawing either). */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let widths = glyphWidths.get(font);
  if (!widths) glyphWidths.set(font, (widths = new Map<string, number>()));
  let total = 0;
  for (const ch of text) {
    let width = widths.get(ch);
    if (width === undefined) widths.set(ch, (width = font.widthOfTextAtSize(ch, 1)));
    total += width;
  }
  return total * size;
}

export function layoutSheet(grid: SheetGrid, font: PDFFont, settings: InputSettings = INPUT_SETTINGS): SheetLayout {
  const columns = grid.rows[0]?.length ?? 0;
  const spanned = new Set(
    grid.merges.filter((m) => m.colSpan > 1).flatMap((m) => Array.from({ length: m.rowSpan }, (_, r) => `${m.row + r}:${m.col}`)),
  );
  const widths: number[] = Array.from({ length: columns }, () => settings.sheetMinColumnWidth);
  grid.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      // A value merged across columns spreads over them; it does not widen its first column.
      if (cell.text === "" || spanned.has(`${r}:${c}`)) return;
      const natural = textWidth(font, drawableText(cell.text), settings.sheetFontSize) + 2 * settings.sheetCellPadding;
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
  if (textWidth(font, text, size) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(font, `${text.slice(0, mid)}…`, size) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? "" : `${text.slice(0, low)}…`;
}

/** One page per sheet, each the sheet's grid at its layout (the review page's picture of it).
 * The page's content is written as PDF operators in one stream: pdf-lib's drawing calls cost
 * ~0.4 ms each and grew with the page (20,000 cells took 9 s), this ~1 s for 500,000 cells. */
export async function drawSheets(
  grids: readonly SheetGrid[],
  settings: InputSettings = INPUT_SETTINGS,
): Promise<{ pdf: Uint8Array; layouts: SheetLayout[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const layouts: SheetLayout[] = [];
  const n = (v: number) => (Math.round(v * 100) / 100).toString();
  for (const grid of grids) {
    const layout = layoutSheet(grid, font, settings);
    layouts.push(layout);
    const page = doc.addPage([layout.width, layout.height]);
    const regular = page.node.newFontDictionary("F", font.ref).asString();
    const heavy = page.node.newFontDictionary("F", bold.ref).asString();
    const covered = new Set<string>();
    const rects: Array<{ row: number; col: number; rowSpan: number; colSpan: number }> = [];
    for (const m of grid.merges) {
      rects.push(m);
      for (let r = 0; r < m.rowSpan; r++) for (let c = 0; c < m.colSpan; c++) covered.add(`${m.row + r}:${m.col + c}`);
    }
    grid.rows.forEach((row, r) =>
      row.forEach((_, c) => (covered.has(`${r}:${c}`) ? undefined : rects.push({ row: r, col: c, rowSpan: 1, colSpan: 1 }))),
    );
    // PDF's y runs up from the page's bottom; the layout's runs down from its top.
    const ops: string[] = ["q", "0.5 w", "0.78 0.8 0.83 RG"];
    for (const rect of rects) {
      const [x0, y0, x1, y1] = cellBox(layout, rect.row, rect.col, rect.rowSpan, rect.colSpan);
      const box = `${n(x0)} ${n(layout.height - y1)} ${n(x1 - x0)} ${n(y1 - y0)} re`;
      ops.push(rect.row < grid.headerRows ? `0.93 0.94 0.96 rg ${box} B` : `${box} S`);
    }
    for (const rect of rects) {
      const cell = grid.rows[rect.row]![rect.col]!;
      const text = cell.formulaWithoutResult ?? cell.text;
      if (text === "") continue;
      const [x0, y0, x1] = cellBox(layout, rect.row, rect.col, rect.rowSpan, rect.colSpan);
      const face = rect.row < grid.headerRows ? bold : font;
      const shown = fitted(drawableText(text), face, settings.sheetFontSize, x1 - x0 - 2 * settings.sheetCellPadding);
      if (shown === "") continue;
      // Baseline a quarter of a row above the cell's bottom edge (of its first row when merged);
      // a formula without a result in a dark yellow, as the review page marks unverified cells.
      const colour = cell.formulaWithoutResult ? "0.55 0.45 0.1 rg" : "0 0 0 rg";
      const baseline = layout.height - (y0 + settings.sheetRowHeight * 0.75);
      ops.push(
        `BT ${colour} ${face === bold ? heavy : regular} ${settings.sheetFontSize} Tf ${n(x0 + settings.sheetCellPadding)} ${n(baseline)} Td ${face.encodeText(shown).toString()} Tj ET`,
      );
    }
    ops.push("Q");
    const content = doc.context.stream(zlib.deflateSync(Buffer.from(ops.join("\n"), "latin1")), { Filter: "FlateDecode" });
    page.node.addContentStream(doc.context.register(content));
  }
  return { pdf: await doc.save({ useObjectStreams: false }), layouts };
}
