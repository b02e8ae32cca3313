// Every review edit of a job applied to its stored result, in the order they were made (the
// result file is never rewritten; this runs on every read, so the API, every export
// and the review page show the same tables).
//
// Value edits name cells by position ("page:table:row:col"), and structure edits move positions,
// so each value edit records the structure version it was made against. The result is folded:
// value edits made at structure version 0, then structure edit 1, then value edits made at
// version 1, and so on. Undoing a structure edit (action "revert") brings back the tables as they
// were before the latest structure edit still in force, with the value edits made before it.
// Every cell's readings come out in source order (lib/review/readings.ts).
import type { Image, Prose, Result } from "../../result/schema";
import { applyEdits, type LatestEdit } from "../cell-edits";
import { withOrderedReadings } from "../readings";
import { applyStructureOp } from "./apply-op";
import { notATable } from "./not-a-table";
import type { StructureOp } from "./ops";

export interface StructureEditRecord {
  version: number;
  action: "apply" | "revert";
  op: StructureOp | null;
}

export interface VersionedEdit extends LatestEdit {
  /** The structure version the cell reference is written against. */
  structureVersion: number;
}

export function applyReview<R extends Pick<Result, "tables">>(stored: R, structure: StructureEditRecord[], values: VersionedEdit[]): R {
  const byVersion = new Map<number, VersionedEdit[]>();
  for (const edit of values) byVersion.set(edit.structureVersion, [...(byVersion.get(edit.structureVersion) ?? []), edit]);
  let state = applyEdits(stored, byVersion.get(0) ?? []);
  const history: R[] = [];
  for (const edit of [...structure].sort((a, b) => a.version - b.version)) {
    if (edit.action === "revert") {
      state = history.pop() ?? state;
    } else if (edit.op) {
      history.push(state);
      try {
        // "Not a table" also adds the table's text to the prose (or its region to the figures),
        // where the result carries them. Edits stored before figures were offered have no `as`.
        state =
          edit.op.kind === "not-a-table"
            ? notATable(
                state as R & { prose?: Prose[]; images?: Image[] },
                edit.op.page,
                edit.op.table,
                edit.op.as ?? "prose",
                edit.op.crop,
              )
            : { ...state, tables: applyStructureOp(state.tables, edit.op) };
      } catch {
        // Checked when saved, so only a defect gets here; the edit is then a no-op, not a lost result.
      }
    }
    state = applyEdits(state, byVersion.get(edit.version) ?? []);
  }
  return withOrderedReadings(state);
}

/** The structure version now in force (0: the tables as the worker delivered them). */
export function currentStructureVersion(structure: StructureEditRecord[]): number {
  return structure.reduce((max, edit) => Math.max(max, edit.version), 0);
}
