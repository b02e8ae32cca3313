// Review edits applied to a result. The result file stays as the worker
// wrote it; the latest edit of each cell replaces that cell whenever the result is read, so
// GET /v1/parse/{id}, every export and the review page all show the same, current cells. Pure:
// the review page applies a save to its own copy with the same function.
import type { Cell, Result } from "../result/schema";
import { findTable, parseCellRef } from "./cell-ref";

export interface LatestEdit {
  cellRef: string;
  version: number;
  after: Cell;
}

/** A copy of `result` with each edited cell replaced by its latest version. A header cell's edit
 * also updates `header`, which the result format derives from header_cells. */
export function applyEdits<R extends Pick<Result, "tables">>(result: R, edits: LatestEdit[]): R {
  if (edits.length === 0) return result;
  const tables = result.tables.map((table) => ({
    ...table,
    header: [...table.header],
    header_cells: [...table.header_cells],
    rows: table.rows.map((row) => [...row]),
  }));
  const edited = { ...result, tables };
  for (const edit of edits) {
    const ref = parseCellRef(edit.cellRef);
    if (!ref) continue;
    const table = findTable(edited, ref.page, ref.table);
    if (!table) continue;
    if (ref.row === "h") {
      if (ref.col >= table.header_cells.length) continue;
      table.header_cells[ref.col] = edit.after;
      if (ref.col < table.header.length) table.header[ref.col] = edit.after.value;
    } else {
      const row = table.rows[ref.row];
      if (!row || ref.col >= row.length) continue;
      row[ref.col] = edit.after;
    }
  }
  return edited;
}

/** Each edited cell reference's newest version (never edited: version 0). A save names it. */
export function editVersions(edits: LatestEdit[]): Record<string, number> {
  const versions: Record<string, number> = {};
  for (const edit of edits) versions[edit.cellRef] = Math.max(versions[edit.cellRef] ?? 0, edit.version);
  return versions;
}
