// Column structure from text geometry alone (pdf-layout): whitespace gaps that run down a block of
// lines are column separators. A few lines may cross a gap (a title, a header spanning columns).
import type { Box, TextLine } from "../types";

export interface ColumnSpan {
  /** Leftmost and rightmost x of the chunks that lie wholly inside the column. */
  x0: number;
  x1: number;
}

/** Finds column separators for rows of chunks. Returns the columns' content extents, left to
 * right. `maxCrossing` lines may cross a separator; a gap narrower than `minGap` is no column gap.
 * `emptyBands`: a band no chunk enters, `minGap` wide, separates columns too, even where the text
 * on each side of it is only as deep as a crossing line (a table of two lines whose line of names
 * leaves the stub head blank: the stub's text is one line deep). */
export function chunksToColumns(rows: TextLine[][], minGap: number, maxCrossing: number, emptyBands = false): ColumnSpan[] {
  const chunks = rows.flat();
  if (chunks.length === 0) return [];
  const left = Math.min(...chunks.map((c) => c.box[0]));
  const right = Math.max(...chunks.map((c) => c.box[2]));
  // Coverage count along x: +1 at each chunk start, -1 at its end.
  const events: Array<[number, number]> = [];
  for (const c of chunks) {
    events.push([c.box[0], 1], [c.box[2], -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const gaps: Array<[number, number]> = [];
  let depth = 0;
  let gapStart: number | null = null;
  for (const [x, delta] of events) {
    const before = depth;
    depth += delta;
    if (before > maxCrossing && depth <= maxCrossing) gapStart = x;
    else if (before <= maxCrossing && depth > maxCrossing && gapStart !== null) {
      if (x - gapStart >= minGap && gapStart > left && x < right) gaps.push([gapStart, x]);
      gapStart = null;
    }
  }
  if (emptyBands) {
    let open = 0;
    let from: number | null = null;
    for (const [x, delta] of events) {
      if (open === 0 && delta > 0 && from !== null && x - from >= minGap && from > left && !gaps.some(([a, b]) => from! < b && x > a))
        gaps.push([from, x]);
      open += delta;
      if (open === 0) from = x;
    }
    gaps.sort((a, b) => a[0] - b[0]);
  }
  const separators = gaps.map(([a, b]) => (a + b) / 2);
  const bounds = [left - 1, ...separators, right + 1];
  const columns: ColumnSpan[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const lo = bounds[k]!;
    const hi = bounds[k + 1]!;
    const inside = chunks.filter((c) => c.box[0] >= lo && c.box[2] <= hi);
    if (inside.length === 0) {
      columns.push({ x0: lo, x1: hi });
      continue;
    }
    columns.push({ x0: Math.min(...inside.map((c) => c.box[0])), x1: Math.max(...inside.map((c) => c.box[2])) });
  }
  return columns;
}

/** The columns a chunk belongs to: those whose content extent it overlaps; a chunk between columns
 * goes to the nearest one. Returns [first, last] column index. */
export function chunkToColumns(box: Box, columns: ColumnSpan[]): [number, number] {
  let first = -1;
  let last = -1;
  columns.forEach((col, k) => {
    const overlap = Math.min(box[2], col.x1) - Math.max(box[0], col.x0);
    if (overlap > 0.5) {
      if (first < 0) first = k;
      last = k;
    }
  });
  if (first >= 0) return [first, last];
  let best = 0;
  let bestDistance = Infinity;
  const cx = (box[0] + box[2]) / 2;
  columns.forEach((col, k) => {
    const d = cx < col.x0 ? col.x0 - cx : cx > col.x1 ? cx - col.x1 : 0;
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  });
  return [best, best];
}
