// Table boundaries against the truth, per set: where a table starts and ends and whether a region
// is one table or two are decided before any cell is read, so a wrong boundary is a structure error
// every cell reading shares. Counted by box overlap on each page:
//   - missed:   a true table no delivered table overlaps;
//   - split:    a true table two or more delivered tables overlap;
//   - merged:   a delivered table overlapping two or more true tables;
//   - spurious: a delivered table overlapping no true table (a chart read as a table, say).
// Each wrong delivered table also says whether it carries `layout_disputed` (the structure
// readings disputed where it lies): a wrong boundary that is disputed is caught, one that is not
// comes out as trusted as a right one.
import type { Table } from "../../../lib/result/schema";
import type { Box } from "../../pipeline/types";

export interface BoundaryCounts {
  truthTables: number;
  deliveredTables: number;
  missed: number;
  split: number;
  merged: number;
  spurious: number;
  /** Delivered tables in a split, a merge or spurious that carry layout_disputed. */
  wrongDisputed: number;
  /** Delivered tables in a split, a merge or spurious. */
  wrongDelivered: number;
  /** Delivered tables carrying layout_disputed, right or wrong (the right ones are false alarms). */
  disputedDelivered: number;
}

export function emptyBoundaries(): BoundaryCounts {
  return {
    truthTables: 0,
    deliveredTables: 0,
    missed: 0,
    split: 0,
    merged: 0,
    spurious: 0,
    wrongDisputed: 0,
    wrongDelivered: 0,
    disputedDelivered: 0,
  };
}

export function addBoundaries(a: BoundaryCounts, b: BoundaryCounts): BoundaryCounts {
  const out = { ...a };
  for (const key of Object.keys(out) as Array<keyof BoundaryCounts>) out[key] += b[key];
  return out;
}

/** Overlap of two boxes as a share of the smaller one's area. */
function overlapShare(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (x: Box) => Math.max(1e-6, (x[2] - x[0]) * (x[3] - x[1]));
  return (w * h) / Math.min(area(a), area(b));
}

/** Two tables are the same region's when they share at least this share of the smaller one's box:
 * a title or a footnote row taken in or left out moves a box's edge, not half of it. */
export const BOUNDARY_OVERLAP = 0.3;

/** The counts on one page: the true tables' boxes, the delivered tables (top-left boxes). */
export function boundariesOnPage(truth: readonly Box[], delivered: readonly Table[]): BoundaryCounts {
  const counts = emptyBoundaries();
  const boxes = delivered.filter((t) => t.bbox);
  counts.truthTables = truth.length;
  counts.deliveredTables = boxes.length;
  const wrong = new Set<number>();
  truth.forEach((t) => {
    const over = boxes.flatMap((d, k) => (overlapShare(t, d.bbox as Box) >= BOUNDARY_OVERLAP ? [k] : []));
    if (over.length === 0) counts.missed++;
    if (over.length >= 2) {
      counts.split++;
      for (const k of over) wrong.add(k);
    }
  });
  boxes.forEach((d, k) => {
    const over = truth.filter((t) => overlapShare(t, d.bbox as Box) >= BOUNDARY_OVERLAP).length;
    if (over === 0) counts.spurious++;
    if (over >= 2) counts.merged++;
    if (over !== 1) wrong.add(k);
  });
  counts.wrongDelivered = wrong.size;
  counts.wrongDisputed = [...wrong].filter((k) => boxes[k]!.layout_disputed).length;
  counts.disputedDelivered = boxes.filter((d) => d.layout_disputed).length;
  return counts;
}

export function formatBoundaries(c: BoundaryCounts): string {
  return (
    `table boundaries: ${c.truthTables} true tables, ${c.deliveredTables} delivered; split ${c.split}, merged ${c.merged}, missed ${c.missed}, spurious ${c.spurious}; ` +
    `wrong delivered tables marked layout_disputed: ${c.wrongDisputed} of ${c.wrongDelivered}; right ones marked: ${c.disputedDelivered - c.wrongDisputed} of ${c.deliveredTables - c.wrongDelivered}`
  );
}
