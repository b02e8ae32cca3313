// Merging and splitting cells. In the body a merge is a span_grid region (the value
// sits in the top-left cell, the covered cells are empty); a split undoes a region, or spreads a
// cell that holds several columns' text over the empty cells to its right. In the header line
// (where spanning labels are, and where a row of column names is often read as one cell) a merge
// makes one label over several columns the way the extraction delivers a name spanning columns
// with no names under it (assemble-table.ts): the joined label in the first column, the columns it
// spans empty (span_grid covers body rows only); merging a header cell down makes the row below
// part of the header (header-down.ts); a split spreads a header cell over the empty header cells
// to its right. Every cell a person shaped this way is `confirmed` with `human-review`.
import type { Cell, Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { headerTakesNextRow } from "./header-down";
import { StructureError } from "./ops";
import { blankCell, bodyCell, copyTable, finish, spanAt, unionBox } from "./table-shape";

/** A blank a person's header merge left (blankCell): the label to its left spans its column. */
function mergedAway(cell: Cell | undefined): boolean {
  return !!cell && cell.value === "" && cell.confidence === "confirmed" && cell.sources.length === 1 && cell.sources[0] === "human-review";
}

function mergeHeaderCells(source: Table, col: number, direction: "right" | "down"): Table {
  if (direction === "down") return headerTakesNextRow(source);
  const table = copyTable(source);
  const line = table.header_cells;
  if (!line[col]) throw new StructureError(`the header row has no column ${col + 1}`);
  if (mergedAway(line[col]) && col > 0) throw new StructureError("this header cell is part of the label to its left; select that label");
  // The label already spans the blanks an earlier merge left; it takes the next cell after them.
  let end = col + 1;
  while (mergedAway(line[end])) end++;
  if (!line[end]) throw new StructureError("there is no header cell to the right to merge with");
  const parts = line.slice(col, end + 1);
  const merged: Cell = {
    value: parts
      .map((cell) => cell.value.trim())
      .filter(Boolean)
      .join(" "),
    confidence: "confirmed",
    sources: ["human-review"],
  };
  const box = unionBox(parts.map((cell) => cell.bbox));
  if (box) merged.bbox = box;
  for (let c = col; c <= end; c++) line[c] = c === col ? merged : blankCell();
  return finish(table);
}

export function mergeCells(source: Table, row: number | "h", col: number, direction: "right" | "down"): Table {
  if (row === "h") return mergeHeaderCells(source, col, direction);
  const table = copyTable(source);
  bodyCell(table, row, col);
  const own = spanAt(table, row, col);
  if (own && (own.row !== row || own.col !== col))
    throw new StructureError("this cell is inside a merged cell; select the merged cell itself");
  const region = own ?? { row, col, row_span: 1, col_span: 1 };
  const next = direction === "right" ? { row, col: region.col + region.col_span } : { row: region.row + region.row_span, col };
  if (!table.rows[next.row]?.[next.col])
    throw new StructureError(
      direction === "right" ? "there is no cell to the right to merge with" : "there is no cell below to merge with",
    );
  const other = spanAt(table, next.row, next.col) ?? { ...next, row_span: 1, col_span: 1 };
  const top = Math.min(region.row, other.row);
  const left = Math.min(region.col, other.col);
  const bottom = Math.max(region.row + region.row_span, other.row + other.row_span);
  const right = Math.max(region.col + region.col_span, other.col + other.col_span);
  const spans = table.span_grid ?? [];
  const inside = (s: { row: number; col: number; row_span: number; col_span: number }) =>
    s.row >= top && s.col >= left && s.row + s.row_span <= bottom && s.col + s.col_span <= right;
  const overlaps = (s: { row: number; col: number; row_span: number; col_span: number }) =>
    s.row < bottom && s.row + s.row_span > top && s.col < right && s.col + s.col_span > left;
  if (spans.some((s) => overlaps(s) && !inside(s)))
    throw new StructureError("the merge would cut through another merged cell; split that one first");
  const cells: Cell[] = [];
  for (let r = top; r < bottom; r++) {
    for (let c = left; c < right; c++) {
      const cell = table.rows[r]?.[c];
      if (!cell) throw new StructureError("the cells to merge must form a rectangle inside the table");
      cells.push(cell);
    }
  }
  const value = cells
    .map((cell) => cell.value.trim())
    .filter(Boolean)
    .join(" ");
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

/** A cell holding several columns' text spread over the empty cells to its right in its line
 * (a body row or the header line); `free` says whether a cell right of it may take a part. */
function spreadOver(line: Cell[], col: number, parts: string[] | undefined, free: (col: number) => boolean): void {
  const cell = line[col]!;
  let room = 1;
  while (col + room < line.length && line[col + room]!.value.trim() === "" && free(col + room)) room++;
  if (room === 1) throw new StructureError("there is no empty cell to the right to split into; delete or merge what is there first");
  const wanted = parts ?? guessParts(cell.value);
  if (wanted.length < 2) throw new StructureError("give at least two parts to split the cell into");
  const count = Math.min(room, wanted.length);
  const texts = [...wanted.slice(0, count - 1), wanted.slice(count - 1).join(" ")];
  const slice = cell.bbox ? (cell.bbox[2] - cell.bbox[0]) / count : 0;
  texts.forEach((text, i) => {
    const target = line[col + i]!;
    const bbox =
      target.bbox && i > 0
        ? target.bbox
        : cell.bbox
          ? ([cell.bbox[0] + i * slice, cell.bbox[1], cell.bbox[0] + (i + 1) * slice, cell.bbox[3]] as [number, number, number, number])
          : undefined;
    const { readings: _readings, ...plain } = i === 0 ? cell : target;
    const piece = confirmedCell({ ...plain, ...(bbox ? { bbox } : {}) }, text);
    line[col + i] = i === 0 ? { ...piece, sources: ["human-review"] } : piece;
  });
}

export function splitCell(source: Table, row: number | "h", col: number, parts?: string[]): Table {
  const table = copyTable(source);
  if (row === "h") {
    if (!table.header_cells[col]) throw new StructureError(`the header row has no column ${col + 1}`);
    spreadOver(table.header_cells, col, parts, () => true);
    return finish(table);
  }
  const cell = bodyCell(table, row, col);
  const span = spanAt(table, row, col);
  if (span && (span.row !== row || span.col !== col))
    throw new StructureError("this cell is inside a merged cell; select the merged cell itself");
  if (span) {
    // A merged cell comes apart into its grid; the parts fill it row by row.
    const texts = parts ?? [cell.value];
    const width = (cell.bbox ? cell.bbox[2] - cell.bbox[0] : 0) / span.col_span;
    const height = (cell.bbox ? cell.bbox[3] - cell.bbox[1] : 0) / span.row_span;
    let i = 0;
    for (let r = span.row; r < span.row + span.row_span; r++) {
      for (let c = span.col; c < span.col + span.col_span; c++, i++) {
        const bbox = cell.bbox
          ? ([
              cell.bbox[0] + (c - span.col) * width,
              cell.bbox[1] + (r - span.row) * height,
              cell.bbox[0] + (c - span.col + 1) * width,
              cell.bbox[1] + (r - span.row + 1) * height,
            ] as const)
          : undefined;
        const piece =
          i === 0
            ? confirmedCell({ ...cell, bbox: bbox ? [...bbox] : undefined }, texts[0] ?? "")
            : { ...blankCell(bbox ? [...bbox] : undefined), value: texts[i] ?? "" };
        if (!piece.bbox) delete piece.bbox;
        table.rows[r]![c] = piece;
      }
    }
    table.span_grid = (table.span_grid ?? []).filter((s) => s !== span);
    return finish(table);
  }
  spreadOver(table.rows[row]!, col, parts, (c) => !spanAt(table, row, c));
  return finish(table);
}
