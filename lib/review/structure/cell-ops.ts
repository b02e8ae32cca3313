// Merging and splitting cells. A merge is a span_grid region (SPEC.md §2.4: the value sits in the
// top-left cell, the covered cells are empty); a split undoes a region, or spreads a cell that
// holds several columns' text over the empty cells to its right. Every cell a person shaped this
// way is `confirmed` with `human-review`.
import type { Cell, Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { StructureError } from "./ops";
import { blankCell, bodyCell, copyTable, finish, spanAt, unionBox } from "./table-shape";

export function mergeCells(source: Table, row: number, col: number, direction: "right" | "down"): Table {
  const table = copyTable(source);
  bodyCell(table, row, col);
  const own = spanAt(table, row, col);
  if (own && (own.row !== row || own.col !== col)) throw new StructureError("this cell is inside a merged cell; select the merged cell itself");
  const region = own ?? { row, col, row_span: 1, col_span: 1 };
  const next = direction === "right" ? { row, col: region.col + region.col_span } : { row: region.row + region.row_span, col };
  if (!table.rows[next.row]?.[next.col]) throw new StructureError(direction === "right" ? "there is no cell to the right to merge with" : "there is no cell below to merge with");
  const other = spanAt(table, next.row, next.col) ?? { ...next, row_span: 1, col_span: 1 };
  const top = Math.min(region.row, other.row);
  const left = Math.min(region.col, other.col);
  const bottom = Math.max(region.row + region.row_span, other.row + other.row_span);
  const right = Math.max(region.col + region.col_span, other.col + other.col_span);
  const spans = table.span_grid ?? [];
  const inside = (s: { row: number; col: number; row_span: number; col_span: number }) => s.row >= top && s.col >= left && s.row + s.row_span <= bottom && s.col + s.col_span <= right;
  const overlaps = (s: { row: number; col: number; row_span: number; col_span: number }) => s.row < bottom && s.row + s.row_span > top && s.col < right && s.col + s.col_span > left;
  if (spans.some((s) => overlaps(s) && !inside(s))) throw new StructureError("the merge would cut through another merged cell; split that one first");
  const cells: Cell[] = [];
  for (let r = top; r < bottom; r++) {
    for (let c = left; c < right; c++) {
      const cell = table.rows[r]?.[c];
      if (!cell) throw new StructureError("the cells to merge must form a rectangle inside the table");
      cells.push(cell);
    }
  }
  const value = cells.map((cell) => cell.value.trim()).filter(Boolean).join(" ");
  // The readings of the parts described the parts; the merged text is the person's.
  const merged: Cell = { value, confidence: "confirmed", sources: ["human-review"] };
  const box = unionBox(cells.map((cell) => cell.bbox));
  if (box) merged.bbox = box;
  for (let r = top; r < bottom; r++) for (let c = left; c < right; c++) table.rows[r]![c] = r === top && c === left ? merged : blankCell();
  table.span_grid = [...spans.filter((s) => !inside(s)), { row: top, col: left, row_span: bottom - top, col_span: right - left }];
  return finish(table);
}

/** A cell's text cut into the parts a person most likely means: at runs of two or more spaces
 * (how column names run together in a text layer), else at every space. */
export function guessParts(value: string): string[] {
  const trimmed = value.trim();
  const wide = trimmed.split(/\s{2,}|\t+/);
  return wide.length > 1 ? wide : trimmed.split(/\s+/);
}

export function splitCell(source: Table, row: number, col: number, parts?: string[]): Table {
  const table = copyTable(source);
  const cell = bodyCell(table, row, col);
  const span = spanAt(table, row, col);
  if (span && (span.row !== row || span.col !== col)) throw new StructureError("this cell is inside a merged cell; select the merged cell itself");
  if (span) {
    // A merged cell comes apart into its grid; the parts fill it row by row.
    const texts = parts ?? [cell.value];
    const width = (cell.bbox ? cell.bbox[2] - cell.bbox[0] : 0) / span.col_span;
    const height = (cell.bbox ? cell.bbox[3] - cell.bbox[1] : 0) / span.row_span;
    let i = 0;
    for (let r = span.row; r < span.row + span.row_span; r++) {
      for (let c = span.col; c < span.col + span.col_span; c++, i++) {
        const bbox = cell.bbox ? ([cell.bbox[0] + (c - span.col) * width, cell.bbox[1] + (r - span.row) * height, cell.bbox[0] + (c - span.col + 1) * width, cell.bbox[1] + (r - span.row + 1) * height] as const) : undefined;
        const piece = i === 0 ? confirmedCell({ ...cell, bbox: bbox ? [...bbox] : undefined }, texts[0] ?? "") : { ...blankCell(bbox ? [...bbox] : undefined), value: texts[i] ?? "" };
        if (!piece.bbox) delete piece.bbox;
        table.rows[r]![c] = piece;
      }
    }
    table.span_grid = (table.span_grid ?? []).filter((s) => s !== span);
    return finish(table);
  }
  const line = table.rows[row]!;
  let room = 1;
  while (col + room < line.length && line[col + room]!.value.trim() === "" && !spanAt(table, row, col + room)) room++;
  if (room === 1) throw new StructureError("there is no empty cell to the right to split into; delete or merge what is there first");
  const wanted = parts ?? guessParts(cell.value);
  if (wanted.length < 2) throw new StructureError("give at least two parts to split the cell into");
  const count = Math.min(room, wanted.length);
  const texts = [...wanted.slice(0, count - 1), wanted.slice(count - 1).join(" ")];
  const slice = cell.bbox ? (cell.bbox[2] - cell.bbox[0]) / count : 0;
  texts.forEach((text, i) => {
    const target = line[col + i]!;
    const bbox = target.bbox && i > 0 ? target.bbox : cell.bbox ? ([cell.bbox[0] + i * slice, cell.bbox[1], cell.bbox[0] + (i + 1) * slice, cell.bbox[3]] as [number, number, number, number]) : undefined;
    const { readings: _readings, ...plain } = i === 0 ? cell : target;
    const piece = confirmedCell({ ...plain, ...(bbox ? { bbox } : {}) }, text);
    line[col + i] = i === 0 ? { ...piece, sources: ["human-review"] } : piece;
  });
  return finish(table);
}
