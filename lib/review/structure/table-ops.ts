// Splitting one delivered table in two (two tables read as one) and merging a table with its next
// part (one table cut by a page break or a gap). These change the table list: tables after the
// edited one on its page are renumbered, so a table's index stays its position on the page.
import type { Table } from "../../result/schema";
import { StructureError } from "./ops";
import { copyTable, finish, tableAt } from "./table-shape";

function renumber(tables: Table[], page: number, from: number, delta: number): void {
  for (const table of tables) {
    if (table.page === page && table.index >= from) table.index += delta;
    const link = table.continued_from;
    if (link && link.page === page && link.index >= from) table.continued_from = { ...link, index: link.index + delta };
  }
}

export function splitTable(source: Table[], page: number, index: number, row: number): Table[] {
  const tables = source.map(copyTable);
  const at = tableAt(tables, page, index);
  const table = tables[at]!;
  if (row < 1 || row >= table.rows.length)
    throw new StructureError("a table can be split before its second row at the earliest and before its last row at the latest");
  const rest: Table = {
    page,
    index: index + 1,
    order: table.order,
    kind: table.kind,
    column_major: table.column_major,
    header: [],
    header_cells: [],
    row_groups: table.row_groups.length ? table.row_groups.slice(row) : [],
    rows: table.rows.slice(row),
    span_grid: (table.span_grid ?? []).filter((s) => s.row >= row).map((s) => ({ ...s, row: s.row - row })),
  };
  if (table.caption !== undefined) rest.caption = table.caption;
  table.rows = table.rows.slice(0, row);
  if (table.row_groups.length) table.row_groups = table.row_groups.slice(0, row);
  // A region that ran over the cut keeps its part above it (span-layout clips it to the table).
  table.span_grid = (table.span_grid ?? []).filter((s) => s.row < row).map((s) => ({ ...s, row_span: Math.min(s.row_span, row - s.row) }));
  renumber(tables, page, index + 1, 1);
  tables.splice(at + 1, 0, finish(rest));
  finish(table);
  return tables;
}

const sameNames = (a: Table, b: Table) =>
  a.header.length > 0 && a.header.length === b.header.length && a.header.every((name, i) => name.trim() === b.header[i]!.trim());

export function mergeNext(source: Table[], page: number, index: number): Table[] {
  const tables = source.map(copyTable);
  const at = tableAt(tables, page, index);
  const table = tables[at]!;
  const later = tables
    .filter((t) => t.page > page || (t.page === page && t.index > index))
    .sort((a, b) => a.page - b.page || a.index - b.index);
  const next = later[0];
  if (!next) throw new StructureError("there is no later table to merge this one with");
  // A repeated header on the continuation is the same column names again, not data.
  const carried = next.header_cells.length && !sameNames(table, next) ? [next.header_cells, ...next.rows] : next.rows;
  const offset = table.rows.length + (carried.length - next.rows.length);
  // Boxes are in the points of the table's own page: cells from another page keep their text but
  // not a box that would point at the wrong place.
  const moved = next.page === page ? carried : carried.map((line) => line.map(({ bbox: _bbox, ...cell }) => cell));
  const ownRows = table.rows.length;
  if (table.row_groups.length || next.row_groups.length) {
    const own = table.row_groups.length ? table.row_groups : Array<null>(ownRows).fill(null);
    const theirs = next.row_groups.length ? next.row_groups : Array<null>(next.rows.length).fill(null);
    table.row_groups = [...own, ...(carried.length > next.rows.length ? [null] : []), ...theirs];
  }
  table.rows = [...table.rows, ...moved];
  table.span_grid = [...(table.span_grid ?? []), ...(next.span_grid ?? []).map((s) => ({ ...s, row: s.row + offset }))];
  tables.splice(tables.indexOf(next), 1);
  renumber(tables, next.page, next.index + 1, -1);
  finish(table);
  return tables;
}
