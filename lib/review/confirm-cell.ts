// A person settles a cell on the review page (SPEC.md §2.3 `confirmed`, `human-review`). Every
// save is a ReviewEdit row (who, when, the whole cell before and after) named by the cell version
// it was made against: a save against a version that is no longer the latest is refused with 409
// (two reviewers on one cell: the later one is told, nothing is silently overwritten).
import type { Job } from "@prisma/client";
import { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { AppError, badRequest, notFound } from "../errors";
import { readStoredResult } from "../jobs/job-view";
import { cellSchema, type Cell } from "../result/schema";
import { findCell, formatCellRef, mergedInto, type CellRef } from "./cell-ref";

export const MAX_VALUE_LENGTH = 10_000;

export interface CellEdit {
  job: Job;
  userId: string;
  ref: CellRef;
  /** The cell version the reviewer saw (0 for a cell nobody has edited yet). */
  seenVersion: number;
  /** confirm: settle the cell (with a new value, or the one it has); revert: undo the latest edit. */
  action: "confirm" | "revert";
  value?: string;
}

export interface SavedCell {
  ref: string;
  version: number;
  cell: Cell;
}

/** The cell as a person confirmed it: `confirmed`, backed by `human-review` besides the readings
 * that were already there; no longer provisional; every reading kept for the record. */
export function confirmedCell(cell: Cell, value: string = cell.value): Cell {
  const { provisional: _provisional, ...rest } = cell;
  const sources = cell.sources.includes("human-review") ? cell.sources : [...cell.sources, "human-review" as const];
  return { ...rest, value, confidence: "confirmed", sources };
}

const changed = (current: Cell) =>
  new AppError("conflict", `someone else changed this cell while you were looking at it (it now reads "${current.value}"); reload the page to see the latest before changing it`);

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function saveCellEdit(edit: CellEdit): Promise<SavedCell> {
  if (edit.job.state !== "done") throw new AppError("conflict", "the extraction is not finished yet, so there is nothing to review");
  if (edit.value !== undefined && edit.value.length > MAX_VALUE_LENGTH) throw badRequest(`a value can be at most ${MAX_VALUE_LENGTH} characters`);
  const stored = await readStoredResult(edit.job.id);
  const original = findCell(stored, edit.ref);
  if (!original) throw notFound("no such cell in this extraction");
  const anchor = mergedInto(stored, edit.ref);
  if (anchor) {
    throw badRequest(`this cell is part of a merged cell; confirm the merged cell (row ${Number(anchor.row) + 1}, column ${anchor.col + 1}) instead`);
  }
  const cellRef = formatCellRef(edit.ref);

  try {
    return await getDb().$transaction(async (tx) => {
      const latest = await tx.reviewEdit.findFirst({ where: { jobId: edit.job.id, cellRef }, orderBy: { version: "desc" } });
      const currentVersion = latest?.version ?? 0;
      const current = latest ? cellSchema.parse(latest.after) : original;
      if (edit.seenVersion !== currentVersion) throw changed(current);

      let after: Cell;
      if (edit.action === "confirm") {
        after = confirmedCell(current, edit.value ?? current.value);
      } else {
        if (!latest) throw new AppError("conflict", "this cell has no saved change to undo");
        after = cellSchema.parse(latest.before);
      }
      const version = currentVersion + 1;
      // The unique (job, cell, version) key is what makes this safe under concurrency: of two
      // saves against the same version, exactly one row can be written.
      await tx.reviewEdit.create({
        data: { jobId: edit.job.id, userId: edit.userId, cellRef, version, action: edit.action, before: current, after },
      });
      return { ref: cellRef, version, cell: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await getDb().reviewEdit.findFirst({ where: { jobId: edit.job.id, cellRef }, orderBy: { version: "desc" } });
      throw changed(winner ? cellSchema.parse(winner.after) : original);
    }
    throw error;
  }
}
