// Draws one table of the generated corpus on a Canvas and returns its ground truth. The table is a
// plan (header lines with spanning labels, body rows); the drawer sizes the columns from the texts,
// aligns labels left and numbers right, and records each non-empty cell's box. Header lines are
// rows of the table, as in the ICDAR ground truth (the first body row follows the last header line).
import type { PDFFont } from "pdf-lib";
import type { Box, Canvas } from "./canvas";
import type { TruthCell } from "./truth";

export interface HeaderLabel {
  text: string;
  col: number;
  colSpan: number;
}

export interface TablePlan {
  /** Header lines, top first; a label spanning columns is a band. */
  headerLines: HeaderLabel[][];
  /** Body rows; "" is an empty cell. */
  body: string[][];
}

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  font: PDFFont;
  headerFont: PDFFont;
  /** Extra space between columns, points. */
  colGap: number;
  /** Line pitch as a multiple of the font size. */
  pitch: number;
  /** Fixed column widths (else sized from the texts). */
  widths?: number[];
  /** Grey of the header lines' text (default black; 1 is white, for a header on a dark fill). */
  headerGray?: number;
}

export interface DrawnTable {
  cells: TruthCell[];
  /** Logical boxes: the whole table, each column's [x0, x1], each row's top and bottom. */
  box: Box;
  colX: Array<[number, number]>;
  rowY: Array<[number, number]>;
  headerRows: number;
}

const NUMERIC = /^[+-]?[\d.,]+%?$/;

export function nCols(plan: TablePlan): number {
  return Math.max(...plan.body.map((r) => r.length), ...plan.headerLines.map((l) => Math.max(...l.map((h) => h.col + h.colSpan))));
}

/** Column widths from the leaf texts; a band wider than its columns widens its last column. */
export function columnWidths(plan: TablePlan, o: Pick<DrawOptions, "size" | "font" | "headerFont" | "colGap">): number[] {
  const n = nCols(plan);
  const widths = Array.from({ length: n }, () => 0);
  for (const row of plan.body) row.forEach((t, c) => (widths[c] = Math.max(widths[c]!, o.font.widthOfTextAtSize(t, o.size))));
  for (const line of plan.headerLines)
    for (const h of line) if (h.colSpan === 1) widths[h.col] = Math.max(widths[h.col]!, o.headerFont.widthOfTextAtSize(h.text, o.size));
  for (const line of plan.headerLines) {
    for (const h of line) {
      if (h.colSpan === 1) continue;
      const span = widths.slice(h.col, h.col + h.colSpan).reduce((a, b) => a + b, 0) + o.colGap * (h.colSpan - 1);
      const need = o.headerFont.widthOfTextAtSize(h.text, o.size);
      if (need > span) widths[h.col + h.colSpan - 1]! += need - span;
    }
  }
  return widths;
}

export function drawTable(canvas: Canvas, plan: TablePlan, o: DrawOptions): DrawnTable {
  const widths = o.widths ?? columnWidths(plan, o);
  const colX: Array<[number, number]> = [];
  let x = o.x;
  for (const w of widths) {
    colX.push([x, x + w]);
    x += w + o.colGap;
  }
  const pitch = o.size * o.pitch;
  const cells: TruthCell[] = [];
  const rowY: Array<[number, number]> = [];
  let row = 0;
  const place = (text: string, col: number, colSpan: number, font: PDFFont, numeric: boolean, centred: boolean, gray = 0) => {
    const y = o.y + row * pitch;
    const x0 = colX[col]![0];
    const x1 = colX[col + colSpan - 1]![1];
    const width = font.widthOfTextAtSize(text, o.size);
    const left = centred ? (x0 + x1 - width) / 2 : numeric ? x1 - width : x0;
    const box = canvas.text(text, left, y, o.size, font, gray);
    cells.push({ row, col, rowSpan: 1, colSpan, text, box: canvas.displayedBox(box) });
  };
  for (const line of plan.headerLines) {
    rowY.push([o.y + row * pitch, o.y + row * pitch + o.size]);
    for (const h of line)
      if (h.text !== "") place(h.text, h.col, h.colSpan, o.headerFont, false, h.colSpan > 1 || h.col > 0, o.headerGray ?? 0);
    row++;
  }
  for (const body of plan.body) {
    rowY.push([o.y + row * pitch, o.y + row * pitch + o.size]);
    body.forEach((t, c) => {
      if (t !== "") place(t, c, 1, o.font, NUMERIC.test(t), false);
    });
    row++;
  }
  const box: Box = [colX[0]![0], o.y, colX[colX.length - 1]![1], o.y + (row - 1) * pitch + o.size];
  // A table running off the page would give ground truth for text no reader can see.
  if (box[2] > canvas.width - 10 || box[3] > canvas.height - 10)
    throw new Error(`generated table does not fit its page: ${box.map(Math.round).join(",")} on ${canvas.width}x${canvas.height}`);
  return { cells, box, colX, rowY, headerRows: plan.headerLines.length };
}

/** The plan's truth rows shifted (a second table on the same page keeps its own numbering). */
export function simplePlan(header: string[], body: string[][]): TablePlan {
  return { headerLines: [header.map((text, col) => ({ text, col, colSpan: 1 }))], body };
}
