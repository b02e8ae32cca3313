// A person reshapes a table on the review page: each change is a StructureEdit row (who, when,
// the edit) with the job's next structure version; a change made against a version that is no
// longer the latest is refused with 409, like a value edit (two reviewers: the later one is told).
// The edit is checked against the tables as every read shows them before it is stored, so a
// stored edit always applies.
import type { Job } from "@prisma/client";
import { Prisma } from "@prisma/client";
import { getDb } from "../../db";
import { AppError, badRequest } from "../../errors";
import { readResultWithEdits } from "../../jobs/job-view";
import type { Table } from "../../result/schema";
import { editVersions } from "../cell-edits";
import { applyStructureOp } from "./apply-op";
import { StructureError, type StructureOp } from "./ops";

export interface StructureChange {
  job: Job;
  userId: string;
  seenVersion: number;
  action: "apply" | "revert";
  op?: StructureOp;
}

export interface SavedStructure {
  structure: number;
  tables: Table[];
  /** Cell versions after the change (a save names them). */
  versions: Record<string, number>;
}

const stale = () =>
  new AppError(
    "conflict",
    "someone else changed this document's tables while you were looking at them; reload the page to see the latest before changing them",
  );

export async function saveStructureEdit(change: StructureChange): Promise<SavedStructure> {
  if (change.job.state !== "done") throw new AppError("conflict", "the extraction is not finished yet, so there is nothing to review");
  const before = await readResultWithEdits(change.job.id);
  if (change.seenVersion !== before.structureVersion) throw stale();
  if (change.action === "apply") {
    if (!change.op) throw badRequest("say which change to make (op)");
    try {
      applyStructureOp(before.result.tables, change.op);
    } catch (error) {
      if (error instanceof StructureError) throw badRequest(error.message);
      throw error;
    }
  } else {
    const edits = await getDb().structureEdit.findMany({ where: { jobId: change.job.id }, select: { action: true } });
    // Reverts pair off with the edits before them: something must still be in force to undo.
    const inForce = edits.reduce((count, edit) => Math.max(0, count + (edit.action === "revert" ? -1 : 1)), 0);
    if (inForce === 0) throw new AppError("conflict", "there is no change to the tables' structure to undo");
  }
  const version = before.structureVersion + 1;
  try {
    await getDb().structureEdit.create({
      data: {
        jobId: change.job.id,
        userId: change.userId,
        version,
        action: change.action,
        op: change.action === "apply" ? change.op : Prisma.DbNull,
      },
    });
  } catch (error) {
    // The unique (job, version) key: of two changes against the same version, one row is written.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw stale();
    throw error;
  }
  const after = await readResultWithEdits(change.job.id);
  return { structure: after.structureVersion, tables: after.result.tables, versions: editVersions(after.edits) };
}
