// Small pure helpers on boxes [x0, y0, x1, y1] (top-left origin).
import type { Box } from "../types";

export function boxUnion(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let [x0, y0, x1, y1] = boxes[0]!;
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}

export function boxArea(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function boxIntersection(a: Box, b: Box): Box | null {
  const x0 = Math.max(a[0], b[0]);
  const y0 = Math.max(a[1], b[1]);
  const x1 = Math.min(a[2], b[2]);
  const y1 = Math.min(a[3], b[3]);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
}

/** Share of `inner`'s area that lies inside `outer` (0 for an empty inner box). */
export function boxOverlapRatio(inner: Box, outer: Box): number {
  const area = boxArea(inner);
  if (area === 0) {
    const [cx, cy] = boxCenter(inner);
    return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3] ? 1 : 0;
  }
  const cut = boxIntersection(inner, outer);
  return cut ? boxArea(cut) / area : 0;
}

export function boxCenter(b: Box): [number, number] {
  return [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
}

export function isPointInBox(x: number, y: number, b: Box, tolerance = 0): boolean {
  return x >= b[0] - tolerance && x <= b[2] + tolerance && y >= b[1] - tolerance && y <= b[3] + tolerance;
}

/** Whether the centre of `box` lies inside `cell` (edges included): how a word is placed in a cell. */
export function isCentreIn(box: Box, cell: Box): boolean {
  const [x, y] = boxCenter(box);
  return isPointInBox(x, y, cell);
}

export function roundBox(b: Box): Box {
  return [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Applies a PDF matrix [a b c d e f] to a point. */
export function transformPoint(m: readonly number[], x: number, y: number): [number, number] {
  return [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
}

/** m1 then m2 (PDF convention: the result maps a point by m1 first). */
export function multiplyMatrices(m1: readonly number[], m2: readonly number[]): number[] {
  return [
    m1[0]! * m2[0]! + m1[1]! * m2[2]!,
    m1[0]! * m2[1]! + m1[1]! * m2[3]!,
    m1[2]! * m2[0]! + m1[3]! * m2[2]!,
    m1[2]! * m2[1]! + m1[3]! * m2[3]!,
    m1[4]! * m2[0]! + m1[5]! * m2[2]! + m2[4]!,
    m1[4]! * m2[1]! + m1[5]! * m2[3]! + m2[5]!,
  ];
}

export function median(values: number[], fallback = 0): number {
  if (values.length === 0) return fallback;
  // Most calls are a line's font sizes, all one value: no copy to sort (Object.is, so that a 0
  // among -0s, or the reverse, still takes the sort, which would pick by position).
  const first = values[0]!;
  let same = true;
  for (let i = 1; i < values.length && same; i++) same = Object.is(values[i], first);
  if (same) return first;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
