// A cell's address inside a result: "page:tableIndex:row:col", row "h" for a header cell. It is
// positional, which is safe because the stored result file is never rewritten (edits are applied
// on read, lib/review/cell-edits.ts), so a reference made today names the same cell tomorrow.
import type { Cell, Result, Table } from "../result/schema";
import { bodySpans } from "../result/span-layout";

export interface CellRef {
  page: number;
  table: number;
  /** Body row from 0, or "h" for the header line. */
  row: number | "h";
  col: number;
}

const REF_PATTERN = /^(\d{1,6}):(\d{1,6}):(h|\d{1,7}):(\d{1,6})$/;

export function formatCellRef(ref: CellRef): string {
  return `${ref.page}:${ref.table}:${ref.row}:${ref.col}`;
}

/** The reference, or null when the text is not one. */
export function parseCellRef(text: unknown): CellRef | null {
  if (typeof text !== "string") return null;
  const match = REF_PATTERN.exec(text);
  if (!match) return null;
  return { page: Number(match[1]), table: Number(match[2]), row: match[3] === "h" ? "h" : Number(match[3]), col: Number(match[4]) };
}

export function findTable(result: Pick<Result, "tables">, page: number, index: number): Table | undefined {
  return result.tables.find((table) => table.page === page && table.index === index);
}

/** The cell a reference names, or undefined when the result has no such cell. */
export function findCell(result: Pick<Result, "tables">, ref: CellRef): Cell | undefined {
  const table = findTable(result, ref.page, ref.table);
  if (!table) return undefined;
  return ref.row === "h" ? table.header_cells[ref.col] : table.rows[ref.row]?.[ref.col];
}

/** For a body cell hidden under a merged cell (as the pages draw it: lib/result/span-layout.ts),
 * the merged cell's own reference; null for any other cell. A covered cell has no box on the page
 * and no place in the grid, so it is not something a person can confirm. */
export function mergedInto(result: Result, ref: CellRef): CellRef | null {
  if (ref.row === "h") return null;
  const table = findTable(result, ref.page, ref.table);
  if (!table) return null;
  const { spans, covered } = bodySpans(table);
  if (!covered.has(`${ref.row},${ref.col}`)) return null;
  const row = ref.row;
  const span = spans.find((s) => row >= s.row && row < s.row + s.row_span && ref.col >= s.col && ref.col < s.col + s.col_span);
  return span ? { ...ref, row: span.row, col: span.col } : null;
}
