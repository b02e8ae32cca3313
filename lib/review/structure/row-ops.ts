// Header lines and stray rows and columns: mark the first body row as the header (a row of column
// names read as data), unmark a header (a title line read as column names), delete a row or a
// column that is not part of the table. Merged regions and column bands follow the rows and
// columns they sit on.
import type { Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { StructureError } from "./ops";
import { copyTable, finish } from "./table-shape";

export function markHeader(source: Table): Table {
  const table = copyTable(source);
  if (table.header_cells.length) throw new StructureError("this table already has a header row; unmark it first");
  const first = table.rows[0];
  if (!first) throw new StructureError("the table has no row to make its header");
  // A person named these cells the column names: they are settled as they read.
  table.header_cells = first.map((cell) => confirmedCell(cell));
  table.rows = table.rows.slice(1);
  if (table.row_groups.length) table.row_groups = table.row_groups.slice(1);
  table.span_grid = (table.span_grid ?? []).filter((s) => s.row > 0).map((s) => ({ ...s, row: s.row - 1 }));
  return finish(table);
}

export function unmarkHeader(source: Table): Table {
  const table = copyTable(source);
  if (!table.header_cells.length) throw new StructureError("this table has no header row to unmark");
  table.rows = [table.header_cells, ...table.rows];
  table.header_cells = [];
  if (table.row_groups.length) table.row_groups = [null, ...table.row_groups];
  table.span_grid = (table.span_grid ?? []).map((s) => ({ ...s, row: s.row + 1 }));
  delete table.colbands;
  return finish(table);
}

export function deleteRow(source: Table, row: number | "h"): Table {
  const table = copyTable(source);
  if (row === "h") {
    if (!table.header_cells.length) throw new StructureError("this table has no header row to delete");
    table.header_cells = [];
    return finish(table);
  }
  if (!table.rows[row]) throw new StructureError(`the table has no row ${row + 1}`);
  const spans = [];
  for (const s of table.span_grid ?? []) {
    if (s.row + s.row_span <= row) spans.push(s);
    else if (s.row > row) spans.push({ ...s, row: s.row - 1 });
    else {
      // The region loses one row; when its top row goes, its value moves to the row below.
      const top = table.rows[row][s.col];
      if (s.row === row && s.row_span > 1 && top) table.rows[row + 1]![s.col] = top;
      spans.push({ ...s, row_span: s.row_span - 1 });
    }
  }
  table.rows.splice(row, 1);
  if (table.row_groups.length) table.row_groups.splice(row, 1);
  table.span_grid = spans.filter((s) => s.row_span > 0);
  return finish(table);
}

export function deleteColumn(source: Table, col: number): Table {
  const table = copyTable(source);
  const width = Math.max(table.header_cells.length, ...table.rows.map((r) => r.length));
  if (col >= width) throw new StructureError(`the table has no column ${col + 1}`);
  const spans = [];
  for (const s of table.span_grid ?? []) {
    if (s.col + s.col_span <= col) spans.push(s);
    else if (s.col > col) spans.push({ ...s, col: s.col - 1 });
    else {
      if (s.col === col && s.col_span > 1) table.rows[s.row]![col + 1] = table.rows[s.row]![col]!;
      spans.push({ ...s, col_span: s.col_span - 1 });
    }
  }
  if (col < table.header_cells.length) table.header_cells.splice(col, 1);
  for (const line of table.rows) if (col < line.length) line.splice(col, 1);
  table.span_grid = spans.filter((s) => s.col_span > 0);
  if (table.colbands) {
    table.colbands = table.colbands
      .map((band) => ({
        ...band,
        start_col: band.start_col > col ? band.start_col - 1 : band.start_col,
        end_col: band.end_col >= col ? band.end_col - 1 : band.end_col,
      }))
      .filter((band) => band.end_col >= band.start_col && band.end_col >= 0);
  }
  return finish(table);
}
