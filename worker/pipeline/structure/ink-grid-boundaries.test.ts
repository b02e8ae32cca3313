// seenBoundaries (ink-grid.ts): the ink's gutters as the segmentation's column boundaries, each
// standing in the blank between the words of the two columns of its boundary, or null.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box } from "../types";
import { seenBoundaries } from "./ink-grid";

/** One body row of cells, column k from x = 100k + 10 to 100k + 60 (blanks 60-110, 160-210, ...). */
const row = (nCols: number, y = 0) =>
  Array.from({ length: nCols }, (_, col) => ({ col, colSpan: 1, box: [100 * col + 10, y, 100 * col + 60, y + 10] as Box }));
const cells = [...row(4, 0), ...row(4, 20)];
/** Gutters from a flat list of start, end pairs. */
const g = (...xs: number[]): Array<[number, number]> => xs.flatMap((x, i) => (i % 2 === 0 ? [[x, xs[i + 1]!] as [number, number]] : []));

test("as many ink columns: gutter k is boundary k, each in its own blank", () => {
  assert.deepEqual(seenBoundaries(cells, 4, g(70, 100, 170, 200, 270, 300)), [85, 185, 285]);
  // A gutter reaching past its blank still stands in it.
  assert.deepEqual(seenBoundaries(cells, 4, g(50, 100, 170, 200, 270, 300)), [75, 185, 285]);
});

test("as many gutters, one of them inside a column's words: the table fails", () => {
  // x 130-140 lies inside column 1's words, and no gutter stands in the blank after it.
  assert.equal(seenBoundaries(cells, 4, g(70, 100, 130, 140, 270, 300)), null);
  // x 30-40 inside column 0: a gutter between a currency sign and its amount, taken for boundary 0.
  assert.equal(seenBoundaries(cells, 4, g(30, 40, 170, 200, 270, 300)), null);
});

test("fewer or more ink columns than the reading's: the table fails", () => {
  assert.equal(seenBoundaries(cells, 4, g(70, 100, 270, 300)), null);
  assert.equal(seenBoundaries(cells, 4, []), null);
  assert.equal(seenBoundaries(cells, 4, g(70, 100, 120, 130, 170, 200, 270, 300)), null);
});

test("two gutters in one blank, or a gutter beside a column with no body words: the table fails", () => {
  // Both gutters in blank 0, none in blank 1.
  assert.equal(seenBoundaries(cells, 3, g(65, 80, 85, 100)), null);
  // Column 1 holds no body words: the blanks beside it are not measured, and no gutter stands on
  // them.
  const gap = cells.filter((c) => c.col !== 1);
  assert.equal(seenBoundaries(gap, 4, g(70, 100, 170, 200, 270, 300)), null);
});

test("a boundary whose columns overlap has no blank: no gutter stands on it", () => {
  // One of column 1's cells starts at x 105: boundary 0's blank narrows to 60-105, and a gutter
  // at 107-109 stands in no blank.
  const ragged = [...cells, { col: 1, colSpan: 1, box: [105, 40, 160, 50] as Box }];
  assert.deepEqual(seenBoundaries(ragged, 4, g(70, 100, 170, 200, 270, 300)), [85, 185, 285]);
  assert.equal(seenBoundaries(ragged, 4, g(107, 109, 170, 200, 270, 300)), null);
  // Column 1's words reach over column 2's: no blank between them.
  const overlapping = [...cells, { col: 1, colSpan: 1, box: [110, 60, 215, 70] as Box }];
  assert.equal(seenBoundaries(overlapping, 4, g(70, 100, 170, 200, 270, 300)), null);
});
