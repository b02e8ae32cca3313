// The newest review edit of each cell of a job, from the ReviewEdit table (applied by
// cell-edits.ts).
import type { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { cellSchema } from "../result/schema";
import type { LatestEdit } from "./cell-edits";

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
