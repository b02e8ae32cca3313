// What unread-marks.ts and unread-ink.ts both count on a scan: ink pixels that lie off the page's
// rulings, and among them only connected blots big enough to be a mark (dust and sensor noise are
// a pixel or two).
import type { Ruling } from "../types";

/** Whether the point (points) lies within `margin` of one of `rulings`, along its length too. */
export function nearRuling(rulings: readonly Ruling[], margin: number, x: number, y: number): boolean {
  return rulings.some((r) =>
    r.orientation === "v"
      ? Math.abs(x - r.pos) <= margin && y >= r.start - margin && y <= r.end + margin
      : Math.abs(y - r.pos) <= margin && x >= r.start - margin && x <= r.end + margin,
  );
}

/** Pixels of `mask` (1 = ink, rows of `width`) in 4-connected blots of at least `minPixels`.
 * The mask is used up (its visited pixels are marked 2). */
export function pixelsInBlots(mask: Uint8Array, width: number, minPixels: number): number {
  let ink = 0;
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    mask[start] = 2;
    stack.push(start);
    let size = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      size += 1;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < mask.length && mask[j] === 1) {
          mask[j] = 2;
          stack.push(j);
        }
      }
    }
    if (size >= minPixels) ink += size;
  }
  return ink;
}
