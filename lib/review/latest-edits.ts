// A job's review edits as stored, for lib/review/structure/apply-review.ts: the newest value edit
// of each cell at each structure version (ReviewEdit) and every structure edit (StructureEdit).
// Every read of a result needs both, so they come in one query (one round trip to Postgres, next
// to the result file's read from the store) rather than one per table.
import { getDb } from "../db";
import { cellSchema } from "../result/schema";
import { structureOpSchema } from "./structure/ops";
import type { StructureEditRecord, VersionedEdit } from "./structure/apply-review";

export interface StoredReview {
  values: VersionedEdit[];
  structure: StructureEditRecord[];
}

interface Row {
  kind: "value" | "structure";
  cellRef: string | null;
  version: number;
  structureVersion: number | null;
  after: unknown;
  action: string | null;
  op: unknown;
}

export async function findReviewEdits(jobId: string): Promise<StoredReview> {
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT 'value' AS kind, v."cellRef", v."version", v."structureVersion", v."after", NULL::text AS action, NULL::jsonb AS op
      FROM (SELECT DISTINCT ON ("structureVersion", "cellRef") "cellRef", "version", "structureVersion", "after"
              FROM "ReviewEdit" WHERE "jobId" = ${jobId}
             ORDER BY "structureVersion", "cellRef", "version" DESC) v
    UNION ALL
    SELECT 'structure' AS kind, NULL, s."version", NULL, NULL, s."action", s."op"
      FROM "StructureEdit" s WHERE s."jobId" = ${jobId}`;
  const values: VersionedEdit[] = [];
  const structure: StructureEditRecord[] = [];
  for (const row of rows) {
    if (row.kind === "value") {
      values.push({
        cellRef: row.cellRef!,
        version: Number(row.version),
        structureVersion: Number(row.structureVersion),
        after: cellSchema.parse(row.after),
      });
    } else {
      structure.push({
        version: Number(row.version),
        action: row.action === "revert" ? "revert" : "apply",
        op: row.op === null ? null : structureOpSchema.parse(row.op),
      });
    }
  }
  structure.sort((a, b) => a.version - b.version);
  return { values, structure };
}
