// Review edits applied to a stored result (DESIGN.md §3 step 5). The result file stays as the
// worker wrote it; the latest edit of each cell replaces that cell whenever the result is read, so
// GET /v1/parse/{id}, every export and the review page all show the same, current cells.
import type { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { cellSchema, type Cell, type Result } from "../result/schema";
import { findTable, parseCellRef } from "./cell-ref";

export interface LatestEdit {
  cellRef: string;
  version: number;
  after: Cell;
}

type Reader = Pick<Prisma.TransactionClient, "reviewEdit">;

/** The newest edit of every edited cell of a job. */
export async function findLatestEdits(jobId: string, db: Reader = getDb()): Promise<LatestEdit[]> {
  const edits = await db.reviewEdit.findMany({
    where: { jobId },
    orderBy: [{ cellRef: "asc" }, { version: "desc" }],
    distinct: ["cellRef"],
    select: { cellRef: true, version: true, after: true },
  });
  return edits.map((edit) => ({ cellRef: edit.cellRef, version: edit.version, after: cellSchema.parse(edit.after) }));
}

/** A copy of `result` with each edited cell replaced by its latest version. A header cell's edit
 * also updates `header`, which SPEC.md §2.4 says is derived from header_cells. */
export function applyEdits(result: Result, edits: LatestEdit[]): Result {
  if (edits.length === 0) return result;
  const tables = result.tables.map((table) => ({ ...table, header: [...table.header], header_cells: [...table.header_cells], rows: table.rows.map((row) => [...row]) }));
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

/** Each edited cell's current version (cells never edited are at version 0). */
export function editVersions(edits: LatestEdit[]): Record<string, number> {
  return Object.fromEntries(edits.map((edit) => [edit.cellRef, edit.version]));
}
