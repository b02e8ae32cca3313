// Helpers the statistical-table families share: value columns set right-aligned after a stub.
// None of them draws from the random generator, so a family's draws stay in the order they were.
import type { PDFFont } from "pdf-lib";
import type { Canvas } from "./canvas";
import type { TruthCell } from "./truth";

/** The right edge of each value column, the first `gap` after the stub's right edge `start`. */
export function columnRights(start: number, widths: readonly number[], gap: number): number[] {
  const rights: number[] = [];
  let at = start;
  for (const w of widths) {
    at += gap + w;
    rights.push(at);
  }
  return rights;
}

/** Draws the header line: the stub's name at `x`, each column's name right-aligned on its edge. */
export function placeHeader(
  canvas: Canvas,
  cells: TruthCell[],
  header: readonly string[],
  x: number,
  rights: readonly number[],
  y: number,
  size: number,
  font: PDFFont,
): void {
  header.forEach((h, c) => {
    const w = font.widthOfTextAtSize(h, size);
    const left = c === 0 ? x : rights[c - 1]! - w;
    cells.push({ row: 0, col: c, rowSpan: 1, colSpan: 1, text: h, box: canvas.displayedBox(canvas.text(h, left, y, size, font)) });
  });
}

/** Draws one body row's values right-aligned on `rights` (value k in column k + 1; "" is an
 * empty cell, drawn as nothing) and records their truth cells. */
export function placeValues(
  canvas: Canvas,
  cells: TruthCell[],
  row: number,
  values: readonly string[],
  rights: readonly number[],
  y: number,
  size: number,
  font: PDFFont,
): void {
  values.forEach((t, c) => {
    if (t === "") return;
    const w = font.widthOfTextAtSize(t, size);
    cells.push({
      row,
      col: c + 1,
      rowSpan: 1,
      colSpan: 1,
      text: t,
      box: canvas.displayedBox(canvas.text(t, rights[c]! - w, y, size, font)),
    });
  });
}

/** How many value columns of `width` each, `gap` apart after a stub ending at `stubRight`, fit
 * on the page (at least two): wide names on many columns drop the last ones. */
export function columnsThatFit(cols: number, stubRight: number, width: number, gap: number, pageWidth: number): number {
  const right = (n: number) => stubRight + gap + (n - 1) * (width + gap) + width;
  while (cols > 2 && right(cols) > pageWidth - 10) cols--;
  return cols;
}

/** The value columns that fit the page, laid out: drops columns (from the right) until the table
 * fits (columnsThatFit, sized by the widest column), cuts `header` (stub name + one name per
 * column) and `widths` to them in place, and returns where each column's right edge falls. */
export function fitValueColumns(
  cols: number,
  header: string[],
  widths: number[],
  stubRight: number,
  gap: number,
  pageWidth: number,
): { cols: number; rights: number[]; right: number } {
  const fitted = columnsThatFit(cols, stubRight, Math.max(...widths), gap, pageWidth);
  header.length = fitted + 1;
  widths.length = fitted;
  const rights = columnRights(stubRight, widths, gap);
  return { cols: fitted, rights, right: rights[fitted - 1]! };
}
