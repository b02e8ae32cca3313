import type { Table } from "../result/schema";

/** The tables sorted by page, then index; a copy, so the result itself is left as it is. */
export function tablesInOrder(tables: readonly Table[]): Table[] {
  return [...tables].sort((a, b) => a.page - b.page || a.index - b.index);
}

/** Columns a table spans: its widest row or its header, whichever is wider. */
export function tableWidth(table: Table): number {
  let width = Math.max(table.header_cells.length, table.header.length);
  for (const row of table.rows) width = Math.max(width, row.length);
  return width;
}

/** The header names: header_cells carry them with confidence; header is derived from them. */
export function headerValues(table: Table): string[] {
  return table.header_cells.length > 0 ? table.header_cells.map((cell) => cell.value) : table.header;
}
