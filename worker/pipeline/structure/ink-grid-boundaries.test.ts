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

test("with unseen boundaries allowed: a boundary no gutter stands on is null, up to the limit", () => {
  // Boundary 1 (blank 160-210) has no gutter: narrow gutters are not seen.
  assert.deepEqual(seenBoundaries(cells, 4, g(70, 100, 270, 300), { maxUnseen: 1 }), [85, null, 285]);
  assert.deepEqual(seenBoundaries(cells, 4, [], { maxUnseen: 3 }), [null, null, null]);
  assert.equal(seenBoundaries(cells, 4, g(70, 100), { maxUnseen: 1 }), null, "two unseen, one allowed");
  // A gutter inside a column, or two in one blank, still fail the table.
  assert.equal(seenBoundaries(cells, 4, g(70, 100, 130, 140), { maxUnseen: 3 }), null);
  assert.equal(seenBoundaries(cells, 4, g(65, 80, 85, 100), { maxUnseen: 3 }), null);
  // A gutter standing in two blanks (a column with no ink between them) fails too.
  assert.equal(seenBoundaries(cells, 4, g(70, 200), { maxUnseen: 3 }), null);
});

test("with a crossing share: a long label reaching into the next column's blank is passed over", () => {
  // One cell of column 0 (of ten) runs to x 150, over boundary 0's blank.
  const rows = Array.from({ length: 10 }, (_, r) => row(4, 20 * r)).flat();
  const long = [...rows.filter((c) => !(c.col === 0 && c.box[1] === 0)), { col: 0, colSpan: 1, box: [10, 0, 150, 10] as Box }];
  assert.equal(seenBoundaries(long, 4, g(70, 100, 170, 200, 270, 300)), null, "measured from every cell, the blank is gone");
  assert.deepEqual(seenBoundaries(long, 4, g(70, 100, 170, 200, 270, 300), { crossingShare: 0.1 }), [85, 185, 285]);
  // Two of ten reach over: more than the share, and the blank is gone again.
  const two = [...long.filter((c) => !(c.col === 0 && c.box[1] === 20)), { col: 0, colSpan: 1, box: [10, 20, 150, 30] as Box }];
  assert.equal(seenBoundaries(two, 4, g(70, 100, 170, 200, 270, 300), { crossingShare: 0.1 }), null);
});

test("with a crossing share, two gutters in one blank are one: the ink between them is a reaching cell's", () => {
  assert.deepEqual(
    seenBoundaries(cells, 3, g(65, 80, 85, 100), { crossingShare: 0.1, maxUnseen: 1 }),
    [82.5, null],
    "blank 1 is 160-210: unseen",
  );
  assert.equal(seenBoundaries(cells, 3, g(65, 80, 85, 100), { crossingShare: 0.1, maxUnseen: 0 }), null);
  assert.deepEqual(seenBoundaries(cells, 3, g(65, 80, 85, 100, 170, 200), { crossingShare: 0.1 }), [82.5, 185]);
});
