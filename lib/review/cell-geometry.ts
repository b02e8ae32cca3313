// Where a selected cell sits on the page, for the review page's viewer: the band of its row and
// of its column (highlighted over the page image), and the piece of the page the cell crop shows
// (the cell with its neighbours: the cell left and right of it, the rows above and below), all in
// PDF points of the displayed page. Pure, from the cells' own boxes: no layout is guessed.
import type { BBox, Cell, Table } from "../result/schema";
import type { CellRef } from "./cell-ref";

export interface CellGeometry {
  cell: BBox;
  row: BBox | null;
  column: BBox | null;
  crop: BBox;
}

/** How far the crop reaches into a neighbour at most, so a wide neighbour does not shrink the
 * cell in a crop drawn at 3-4x (points; about one short word at body size). */
export const CROP_NEIGHBOUR_PT = 72;
/** Around a cell without neighbours with boxes: a little paper, so the ink is not cut. */
export const CROP_MIN_MARGIN_PT = 6;

function union(boxes: Array<BBox | undefined>): BBox | null {
  const known = boxes.filter((box): box is BBox => Array.isArray(box));
  if (!known.length) return null;
  return [
    Math.min(...known.map((b) => b[0])),
    Math.min(...known.map((b) => b[1])),
    Math.max(...known.map((b) => b[2])),
    Math.max(...known.map((b) => b[3])),
  ];
}

function lineOf(table: Table, row: number | "h"): Cell[] {
  return row === "h" ? table.header_cells : (table.rows[row] ?? []);
}

export function cellGeometry(table: Table, ref: CellRef): CellGeometry | null {
  const line = lineOf(table, ref.row);
  const box = line[ref.col]?.bbox;
  if (!box) return null;
  const lines = [table.header_cells, ...table.rows];
  const column = union(lines.map((cells) => cells[ref.col]?.bbox));
  const row = union(line.map((cell) => cell.bbox));
  const index = ref.row === "h" ? 0 : ref.row + (table.header_cells.length ? 1 : 0);
  const above = union((lines[index - 1] ?? []).map((cell) => cell.bbox));
  const below = union((lines[index + 1] ?? []).map((cell) => cell.bbox));
  const left = line
    .slice(0, ref.col)
    .reverse()
    .find((cell) => cell.bbox)?.bbox;
  const right = line.slice(ref.col + 1).find((cell) => cell.bbox)?.bbox;
  const crop: BBox = [
    Math.min(box[0] - CROP_MIN_MARGIN_PT, left ? Math.max(left[0], box[0] - CROP_NEIGHBOUR_PT) : box[0]),
    Math.min(box[1] - CROP_MIN_MARGIN_PT, above ? Math.max(above[1], box[1] - CROP_NEIGHBOUR_PT / 2) : box[1]),
    Math.max(box[2] + CROP_MIN_MARGIN_PT, right ? Math.min(right[2], box[2] + CROP_NEIGHBOUR_PT) : box[2]),
    Math.max(box[3] + CROP_MIN_MARGIN_PT, below ? Math.min(below[3], box[3] + CROP_NEIGHBOUR_PT / 2) : box[3]),
  ];
  return { cell: box, row, column, crop: [Math.max(0, crop[0]), Math.max(0, crop[1]), crop[2], crop[3]] };
}
