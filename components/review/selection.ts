// The review page's cells by reference: the selected cell with its table, a saved cell put in
// place the way the server applies edits, and how a reference and a server's answer are said.
import type { Cell, Table } from "@/lib/result/schema";
import { applyEdits } from "@/lib/review/cell-edits";
import { findCell, findTable, parseCellRef, type CellRef } from "@/lib/review/cell-ref";

export interface Selection {
  table: Table;
  cell: Cell;
  parsed: CellRef;
}

export function cellAt(tables: Table[], ref: string | null): Selection | null {
  const parsed = ref ? parseCellRef(ref) : null;
  if (!parsed) return null;
  const table = findTable({ tables }, parsed.page, parsed.table);
  const cell = findCell({ tables }, parsed);
  return table && cell ? { table, cell, parsed } : null;
}

/** The tables with one saved cell in place, exactly as the server applies edits. */
export function replaceCell(tables: Table[], ref: string, cell: Cell): Table[] {
  return applyEdits({ tables }, [{ cellRef: ref, version: 0, after: cell }]).tables;
}

export function describe(ref: string): string {
  const parsed = parseCellRef(ref);
  if (!parsed) return ref;
  const row = parsed.row === "h" ? "header" : `row ${parsed.row + 1}`;
  return `Page ${parsed.page}, table ${parsed.table + 1}, ${row}, column ${parsed.col + 1}`;
}

export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
