// How one cell looks in a grid, on the result page and the review page alike: its tint (none for
// a blank cell nobody doubts: an empty cell is not a finding), whether it needs a person (the
// review queue's own rule, lib/review/queue.ts), and the data attributes tests and styles read.
import type { Cell } from "@/lib/result/schema";
import { DEFAULT_LEVELS, isBlank, queueLevel } from "@/lib/review/queue";
import { CONFIDENCE_STYLES } from "./confidence";

export function cellLook(cell: Cell): { className: string; blank: boolean; problem: boolean; data: Record<string, string | undefined> } {
  const level = queueLevel(cell);
  // A problem is what the queue holds by default (resolved cells wait behind its filter).
  const problem = level !== null && DEFAULT_LEVELS.includes(level);
  const blank = isBlank(cell) && level === null;
  const className = [blank ? "" : CONFIDENCE_STYLES[cell.confidence].tint, problem ? "cell-problem" : ""].filter(Boolean).join(" ");
  return { className, blank, problem, data: { "data-confidence": cell.confidence, "data-blank": blank ? "" : undefined } };
}
