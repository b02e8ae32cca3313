// A job's review edits as stored: the newest value edit of each cell at each structure version
// (ReviewEdit), and every structure edit (StructureEdit), for lib/review/structure/apply-review.ts.
import type { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { cellSchema } from "../result/schema";
import { structureOpSchema } from "./structure/ops";
import type { StructureEditRecord, VersionedEdit } from "./structure/apply-review";

type Reader = Pick<Prisma.TransactionClient, "reviewEdit" | "structureEdit">;

/** The newest edit of every edited cell of a job, per structure version its reference is written against. */
export async function findLatestEdits(jobId: string, db: Reader = getDb()): Promise<VersionedEdit[]> {
  const edits = await db.reviewEdit.findMany({
    where: { jobId },
    orderBy: [{ structureVersion: "asc" }, { cellRef: "asc" }, { version: "desc" }],
    distinct: ["structureVersion", "cellRef"],
    select: { cellRef: true, version: true, after: true, structureVersion: true },
  });
  return edits.map((edit) => ({ cellRef: edit.cellRef, version: edit.version, structureVersion: edit.structureVersion, after: cellSchema.parse(edit.after) }));
}

export async function findStructureEdits(jobId: string, db: Reader = getDb()): Promise<StructureEditRecord[]> {
  const edits = await db.structureEdit.findMany({ where: { jobId }, orderBy: { version: "asc" }, select: { version: true, action: true, op: true } });
  return edits.map((edit) => ({
    version: edit.version,
    action: edit.action === "revert" ? "revert" : "apply",
    op: edit.op === null ? null : structureOpSchema.parse(edit.op),
  }));
}
