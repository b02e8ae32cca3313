// The review queue's figure: how many items a person is asked to look at, and how many of the
// queued cells were right as delivered (against the ground truth). A queue of cells that are
// nearly all right teaches a reviewer to press "accept" without looking; the target is a queue
// where most items are real problems. Counted exactly as the review page counts (lib/review/
// queue.ts, default filter): disputed and unverified cells, blank ones only where readings
// disagree about them. Blank queued cells are counted apart: they have no value to be right or
// wrong, and the ground truth's matching (calibration.ts) skips them. Structure items (a question
// about a table's shape asked once) are counted from the result when it carries them.
import type { Cell, Result } from "../../../lib/result/schema";
import { DEFAULT_LEVELS, buildQueue, cellsOf, isBlank, queueLevel } from "../../../lib/review/queue";
import type { CalibratedCell } from "./calibration";

export function isQueued(cell: Cell): boolean {
  const level = queueLevel(cell);
  return level !== null && DEFAULT_LEVELS.includes(level);
}

export interface QueueFigure {
  /** Cells the review page queues by default. */
  queued: number;
  /** ...of which blank (queued because readings disagree about an empty cell). */
  blank: number;
  /** Queued non-blank cells matched to a ground-truth cell, and how many of those were right. */
  matched: number;
  right: number;
  /** Structure questions the result asks (0 until the result carries them). */
  structureItems: number;
}

export const emptyQueueFigure = (): QueueFigure => ({ queued: 0, blank: 0, matched: 0, right: 0, structureItems: 0 });

export function queueFigure(result: Result, calibration: readonly CalibratedCell[]): QueueFigure {
  const queue = buildQueue(result.tables);
  const queuedCells = calibration.filter((c) => c.queued);
  const items = (result as { review_items?: unknown[] }).review_items;
  return {
    queued: queue.length,
    blank: result.tables.reduce((n, t) => n + cellsOf(t).filter(({ cell }) => isBlank(cell) && isQueued(cell)).length, 0),
    matched: queuedCells.length,
    right: queuedCells.filter((c) => c.isRight).length,
    structureItems: Array.isArray(items) ? items.length : 0,
  };
}

export function addQueueFigure(a: QueueFigure, b: QueueFigure): QueueFigure {
  return { queued: a.queued + b.queued, blank: a.blank + b.blank, matched: a.matched + b.matched, right: a.right + b.right, structureItems: a.structureItems + b.structureItems };
}

export function formatQueueFigure(figure: QueueFigure, pct: (x: number) => string): string {
  const share = figure.matched ? pct(figure.right / figure.matched) : "n/a";
  return (
    `review queue: ${figure.queued} cells queued (${figure.blank} of them blank) and ${figure.structureItems} structure items; ` +
    `right as delivered: ${share} (${figure.right} of ${figure.matched} queued cells matched to the ground truth) [target <= 30%]`
  );
}
