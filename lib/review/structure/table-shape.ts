// Shared helpers of the structure edits: copying a table so an edit never touches the stored
// result, keeping the derived fields true after an edit (header from header_cells, the table's
// bbox from its cells, no empty span_grid), and finding a table by (page, index).
import type { BBox, Cell, Span, Table } from "../../result/schema";
import { StructureError } from "./ops";

export function copyTable(table: Table): Table {
  return {
    ...table,
    header: [...table.header],
    header_cells: table.header_cells.map((cell) => ({ ...cell })),
    row_groups: [...table.row_groups],
    rows: table.rows.map((row) => row.map((cell) => ({ ...cell }))),
    ...(table.span_grid ? { span_grid: table.span_grid.map((span) => ({ ...span })) } : {}),
    ...(table.colbands ? { colbands: table.colbands.map((band) => ({ ...band })) } : {}),
  };
}

/** A cell a person made by reshaping the table, with nothing in it (the placeholder under a merge,
 * or a position a split left empty). */
export function blankCell(bbox?: BBox): Cell {
  return { value: "", confidence: "confirmed", sources: ["human-review"], ...(bbox ? { bbox } : {}) };
}

export function unionBox(boxes: Array<BBox | undefined>): BBox | undefined {
  const known = boxes.filter((box): box is BBox => Array.isArray(box));
  if (!known.length) return undefined;
  return [
    Math.min(...known.map((b) => b[0])),
    Math.min(...known.map((b) => b[1])),
    Math.max(...known.map((b) => b[2])),
    Math.max(...known.map((b) => b[3])),
  ];
}

/** The derived fields made true again after an edit. */
export function finish(table: Table): Table {
  table.header = table.header_cells.map((cell) => cell.value);
  const spans = (table.span_grid ?? []).filter((span) => span.row_span > 1 || span.col_span > 1);
  if (spans.length) table.span_grid = spans;
  else delete table.span_grid;
  if (table.colbands && (table.colbands.length === 0 || table.header_cells.length === 0)) delete table.colbands;
  if (table.row_groups.length && table.row_groups.length !== table.rows.length) {
    table.row_groups = table.rows.map((_, r) => table.row_groups[r] ?? null);
  }
  const box = unionBox([...table.header_cells, ...table.rows.flat()].map((cell) => cell.bbox));
  if (box) table.bbox = box;
  else delete table.bbox;
  return table;
}

export function spanAt(table: Table, row: number, col: number): Span | undefined {
  return (table.span_grid ?? []).find((s) => row >= s.row && row < s.row + s.row_span && col >= s.col && col < s.col + s.col_span);
}

/** The position of (page, index) in `tables`, or a StructureError naming it. */
export function tableAt(tables: Table[], page: number, index: number): number {
  const at = tables.findIndex((table) => table.page === page && table.index === index);
  if (at < 0) throw new StructureError(`there is no table ${index + 1} on page ${page}`);
  return at;
}

export function bodyCell(table: Table, row: number, col: number): Cell {
  const cell = table.rows[row]?.[col];
  if (!cell) throw new StructureError(`the table has no cell at row ${row + 1}, column ${col + 1}`);
  return cell;
}
