// A person settles a cell on the review page (`confirmed`, backed by `human-review`). Every
// save is a ReviewEdit row (who, when, the whole cell before and after) named by the cell version
// it was made against: a save against a version that is no longer the latest is refused with 409
// (two reviewers on one cell: the later one is told, nothing is silently overwritten).
import type { Job } from "@prisma/client";
import { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { AppError, badRequest, notFound } from "../errors";
import { readResultWithEdits } from "../jobs/job-view";
import { cellSchema, type Cell } from "../result/schema";
import { findCell, formatCellRef, mergedInto, type CellRef } from "./cell-ref";
import { confirmedCell } from "./confirmed-cell";

export { confirmedCell };

export const MAX_VALUE_LENGTH = 10_000;

export interface CellEdit {
  job: Job;
  userId: string;
  ref: CellRef;
  /** The cell version the reviewer saw (0 for a cell nobody has edited yet). */
  seenVersion: number;
  /** The structure version the reviewer's page shows (cell references are positions in it). */
  seenStructureVersion: number;
  /** confirm: settle the cell (with a new value, or the one it has); revert: undo the latest edit. */
  action: "confirm" | "revert";
  value?: string;
}

export interface SavedCell {
  ref: string;
  version: number;
  cell: Cell;
}

const changed = (current: Cell) =>
  new AppError(
    "conflict",
    `someone else changed this cell while you were looking at it (it now reads "${current.value}"); reload the page to see the latest before changing it`,
  );

/** The same cell, whatever order its keys (and its readings' keys) were stored in. */
function sameCell(a: Cell, b: Cell): boolean {
  const canonical = (cell: Cell) =>
    JSON.stringify(cell, (_key, value: unknown) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1)))
        : value,
    );
  return canonical(a) === canonical(b);
}

const structureChanged = () =>
  new AppError(
    "conflict",
    "the table's structure was changed since this page was loaded (cells may have moved); reload the page to see the latest before changing it",
  );

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function saveCellEdit(edit: CellEdit): Promise<SavedCell> {
  if (edit.job.state !== "done") throw new AppError("conflict", "the extraction is not finished yet, so there is nothing to review");
  if (edit.value !== undefined && edit.value.length > MAX_VALUE_LENGTH)
    throw badRequest(`a value can be at most ${MAX_VALUE_LENGTH} characters`);
  const { result, structureVersion } = await readResultWithEdits(edit.job.id);
  if (edit.seenStructureVersion !== structureVersion) throw structureChanged();
  const shown = findCell(result, edit.ref);
  if (!shown) throw notFound("no such cell in this extraction");
  const anchor = mergedInto(result, edit.ref);
  if (anchor) {
    throw badRequest(
      `this cell is part of a merged cell; confirm the merged cell (row ${Number(anchor.row) + 1}, column ${anchor.col + 1}) instead`,
    );
  }
  const cellRef = formatCellRef(edit.ref);

  try {
    return await getDb().$transaction(async (tx) => {
      const newestStructure = await tx.structureEdit.findFirst({
        where: { jobId: edit.job.id },
        orderBy: { version: "desc" },
        select: { version: true },
      });
      if ((newestStructure?.version ?? 0) !== structureVersion) throw structureChanged();
      const latest = await tx.reviewEdit.findFirst({ where: { jobId: edit.job.id, cellRef }, orderBy: { version: "desc" } });
      const currentVersion = latest?.version ?? 0;
      // The cell as every read shows it now (value and structure edits applied).
      const current = shown;
      if (edit.seenVersion !== currentVersion) throw changed(current);

      let after: Cell;
      if (edit.action === "confirm") {
        after = confirmedCell(current, edit.value ?? current.value);
      } else {
        if (!latest) throw new AppError("conflict", "this cell has no saved change to undo");
        // After a structure edit the same reference may name another cell: undo only while the
        // cell shown is the one the latest edit made (an undone split brings it back, so it counts).
        if (latest.structureVersion !== structureVersion && !sameCell(current, cellSchema.parse(latest.after))) {
          throw new AppError(
            "conflict",
            "the table changed shape since this cell was last changed, so there is no change of this cell to undo",
          );
        }
        after = cellSchema.parse(latest.before);
      }
      const version = currentVersion + 1;
      // The unique (job, cell, version) key is what makes this safe under concurrency: of two
      // saves against the same version, exactly one row can be written.
      await tx.reviewEdit.create({
        data: { jobId: edit.job.id, userId: edit.userId, cellRef, version, action: edit.action, before: current, after, structureVersion },
      });
      return { ref: cellRef, version, cell: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await getDb().reviewEdit.findFirst({ where: { jobId: edit.job.id, cellRef }, orderBy: { version: "desc" } });
      throw changed(winner ? cellSchema.parse(winner.after) : shown);
    }
    throw error;
  }
}
