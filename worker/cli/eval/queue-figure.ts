// The review queue's figure: how many items a person is asked to look at, and how many of the
// queued cells were right as delivered (against the ground truth). A queue of cells that are
// nearly all right teaches a reviewer to press "accept" without looking; the target is a queue
// where most items are real problems. Counted exactly as the review page counts (lib/review/
// queue.ts, default filter): disputed and unverified cells, blank ones only where their readings
// disagree about a value. Blank queued cells are counted apart: they have no value to be right or
// wrong, and the ground truth's matching (calibration.ts) skips them.
// The same queue as items (lib/review/structure-items.ts): each table's structure-only doubts
// (value agreed by two readings, place doubted) are one structure question, the rest cell items;
// "right as delivered" is then taken over the cell items, the ones a person settles one by one.
import type { Cell, Result } from "../../../lib/result/schema";
import { DEFAULT_LEVELS, buildQueue, cellsOf, isBlank, queueLevel } from "../../../lib/review/queue";
import { itemCounts } from "../../../lib/review/structure-items";
import type { CalibratedCell } from "./calibration";

export function isQueued(cell: Cell): boolean {
  const level = queueLevel(cell);
  return level !== null && DEFAULT_LEVELS.includes(level);
}

export interface QueueFigure {
  /** Cells the review page queues by default. */
  queued: number;
  /** ...of which blank (queued because readings disagree about an empty cell's value). */
  blank: number;
  /** Queued non-blank cells matched to a ground-truth cell, and how many of those were right. */
  matched: number;
  right: number;
  /** The queue as items: cell items (value doubts), structure questions (one per table), and the
   * cells those questions settle. */
  cellItems: number;
  structureItems: number;
  cellsInStructureItems: number;
  /** Cell items matched to a ground-truth cell, and how many were right as delivered. */
  cellItemsMatched: number;
  cellItemsRight: number;
}

export const emptyQueueFigure = (): QueueFigure => ({
  queued: 0,
  blank: 0,
  matched: 0,
  right: 0,
  cellItems: 0,
  structureItems: 0,
  cellsInStructureItems: 0,
  cellItemsMatched: 0,
  cellItemsRight: 0,
});

export function queueFigure(result: Result, calibration: readonly CalibratedCell[]): QueueFigure {
  const queue = buildQueue(result.tables);
  const queuedCells = calibration.filter((c) => c.queued);
  const cellItems = queuedCells.filter((c) => !c.structureOnly);
  const items = itemCounts(result.tables);
  return {
    queued: queue.length,
    blank: result.tables.reduce((n, t) => n + cellsOf(t).filter(({ cell }) => isBlank(cell) && isQueued(cell)).length, 0),
    matched: queuedCells.length,
    right: queuedCells.filter((c) => c.isRight).length,
    cellItems: items.cells,
    structureItems: items.structure,
    cellsInStructureItems: items.cellsInStructure,
    cellItemsMatched: cellItems.length,
    cellItemsRight: cellItems.filter((c) => c.isRight).length,
  };
}

export function addQueueFigure(a: QueueFigure, b: QueueFigure): QueueFigure {
  const sum = emptyQueueFigure();
  for (const key of Object.keys(sum) as Array<keyof QueueFigure>) sum[key] = a[key] + b[key];
  return sum;
}

export function formatQueueFigure(figure: QueueFigure, pct: (x: number) => string): string {
  const share = (right: number, of: number) => (of ? pct(right / of) : "n/a");
  return (
    `review queue, as cells: ${figure.queued} cells queued (${figure.blank} of them blank); right as delivered: ${share(figure.right, figure.matched)} ` +
    `(${figure.right} of ${figure.matched} queued cells matched to the ground truth)\n` +
    `review queue, as items: ${figure.cellItems + figure.structureItems} items: ${figure.cellItems} cells and ${figure.structureItems} structure questions ` +
    `(settling ${figure.cellsInStructureItems} cells); cell items right as delivered: ${share(figure.cellItemsRight, figure.cellItemsMatched)} ` +
    `(${figure.cellItemsRight} of ${figure.cellItemsMatched} matched) [target <= 30%]`
  );
}
