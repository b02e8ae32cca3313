// What a person's say does to a cell: `confirmed`, backed by `human-review` besides
// the readings that were already there; no longer provisional; every reading kept for the record.
// Pure: value edits (confirm-cell.ts) and structure edits (structure/) both use it.
import type { Cell } from "../result/schema";

export function confirmedCell(cell: Cell, value: string = cell.value): Cell {
  const { provisional: _provisional, ...rest } = cell;
  const sources = cell.sources.includes("human-review") ? cell.sources : [...cell.sources, "human-review" as const];
  return { ...rest, value, confidence: "confirmed", sources };
}
