// Reading order by recursive XY-cut: split a set of boxes at a whitespace gutter that runs through
// the whole set, columns first (left to right), otherwise bands (top to bottom). Multi-column
// pages are read column by column; a full-width heading or table splits the page into bands.
import type { Box } from "../types";

/** Returns the indices of `boxes` in reading order. `minGap` is the narrowest gutter (points). */
export function boxesToReadingOrder(boxes: Box[], minGap: number): number[] {
  const order: number[] = [];
  cut(
    boxes.map((b, i) => ({ b, i })),
    minGap,
    order,
  );
  return order;
}

function cut(items: Array<{ b: Box; i: number }>, minGap: number, out: number[]): void {
  if (items.length <= 1) {
    for (const it of items) out.push(it.i);
    return;
  }
  for (const axis of [0, 1] as const) {
    const parts = splitAtGaps(items, axis, axis === 0 ? minGap : 0.5);
    if (parts.length > 1) {
      for (const part of parts) cut(part, minGap, out);
      return;
    }
  }
  // No gutter: top to bottom, then left to right.
  for (const it of [...items].sort((a, c) => a.b[1] - c.b[1] || a.b[0] - c.b[0])) out.push(it.i);
}

function splitAtGaps(items: Array<{ b: Box; i: number }>, axis: 0 | 1, minGap: number): Array<Array<{ b: Box; i: number }>> {
  const lo = axis === 0 ? 0 : 1;
  const hi = axis === 0 ? 2 : 3;
  const sorted = [...items].sort((a, c) => a.b[lo] - c.b[lo]);
  const parts: Array<Array<{ b: Box; i: number }>> = [];
  let reach = -Infinity;
  for (const it of sorted) {
    if (parts.length === 0 || it.b[lo] - reach >= minGap) parts.push([it]);
    else parts[parts.length - 1]!.push(it);
    reach = Math.max(reach, it.b[hi]);
  }
  return parts;
}
