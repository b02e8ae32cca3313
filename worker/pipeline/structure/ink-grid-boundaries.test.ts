// seenBoundaries (ink-grid.ts): which of a segmentation's column boundaries the ink's gutters stand
// on, and when the ink's columns are no coarser grid of the segmentation's.
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
const seen = (...args: Parameters<typeof seenBoundaries>) => {
  const out = seenBoundaries(...args);
  return out === null ? null : [...out];
};

test("as many ink columns: gutter k is boundary k, each in its own blank", () => {
  assert.deepEqual(seen(cells, 4, g(70, 100, 170, 200, 270, 300), 0), [
    [0, 85],
    [1, 185],
    [2, 285],
  ]);
  // As many gutters, one of them inside column 1's words (and none in the blank after it).
  assert.equal(seen(cells, 4, g(70, 100, 130, 140, 270, 300), 0), null);
});

test("fewer ink columns: each gutter names the blank it stands in", () => {
  // The ink misses the gutter between columns 1 and 2.
  assert.deepEqual(seen(cells, 4, g(70, 100, 270, 300), 1), [
    [0, 85],
    [2, 285],
  ]);
  // No gutter at all, three unseen allowed: nothing seen, nothing fails.
  assert.deepEqual(seen(cells, 4, [], 3), []);
});

test("more boundaries unseen than allowed: the table fails", () => {
  assert.equal(seen(cells, 4, g(70, 100, 270, 300), 0), null);
  assert.equal(seen(cells, 4, g(70, 100), 1), null);
});

test("a gutter inside a column of the reading, or more ink columns: the table fails", () => {
  // x 30-40 lies inside column 0's words.
  assert.equal(seen(cells, 4, g(30, 40, 270, 300), 3), null);
  assert.equal(seen(cells, 4, g(70, 100, 120, 130, 170, 200, 270, 300), 3), null);
});

test("a blank claimed twice, or a gutter beside a column with no body words: the table fails", () => {
  assert.equal(seen(cells, 4, g(65, 80, 85, 100), 3), null);
  // Column 1 holds no body words: the blanks beside it are not measured, and the gutter across
  // them stands on none.
  const gap = cells.filter((c) => c.col !== 1);
  assert.equal(seen(gap, 4, g(70, 200), 3), null);
});

test("a boundary whose columns overlap has no blank: no gutter stands on it", () => {
  // One of column 1's cells starts at x 105: boundary 0's blank narrows to 60-105, and a gutter
  // at 107-109 stands in no blank.
  const ragged = [...cells, { col: 1, colSpan: 1, box: [105, 40, 160, 50] as Box }];
  assert.deepEqual(seen(ragged, 4, g(70, 100), 3), [[0, 85]]);
  assert.equal(seen(ragged, 4, g(107, 109), 3), null);
});
