// The words whose centre lies in a box, asked for every cell of a grid. Filtering all of a page's
// words once per cell made building a dense ruled table (45 rows x 8 columns, ~400 words) cost
// O(cells x words) three times over: ~15% of a page's pipeline time in `npm run bench` from the
// cache and in `npm run extract --no-ocr` (measured with --cpu-prof). Sorted once by
// centre x, each box looks only at the words in its column.
import type { Box, Word } from "../types";
import { isPointInBox } from "../geometry/box";

/** `(box) => words.filter((w) => centre of w in box)`: the same words in the same order (the
 * final test is that filter's own; the sorted pass only narrows which words it is asked about). */
export function wordsByCentre(words: readonly Word[]): (box: Box) => Word[] {
  const cx = words.map((w) => (w.box[0] + w.box[2]) / 2);
  const cy = words.map((w) => (w.box[1] + w.box[3]) / 2);
  // A centre that is not a number is in no box (every comparison with NaN is false).
  const order = [...words.keys()].filter((i) => !Number.isNaN(cx[i]!) && !Number.isNaN(cy[i]!)).sort((a, b) => cx[a]! - cx[b]! || a - b);
  const sortedX = order.map((i) => cx[i]!);
  return (box) => {
    // First candidate: the first centre at or right of the box's left edge (binary search).
    let lo = 0;
    let hi = sortedX.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedX[mid]! < box[0]) lo = mid + 1;
      else hi = mid;
    }
    const hits: number[] = [];
    for (let k = lo; k < sortedX.length && sortedX[k]! <= box[2]; k++) {
      const i = order[k]!;
      if (isPointInBox(cx[i]!, cy[i]!, box)) hits.push(i);
    }
    return hits.sort((a, b) => a - b).map((i) => words[i]!);
  };
}
