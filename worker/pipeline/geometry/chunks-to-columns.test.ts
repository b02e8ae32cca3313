import { test } from "node:test";
import assert from "node:assert/strict";
import type { TextLine } from "../types";
import { chunksToColumns, chunkToColumns } from "./chunks-to-columns";

const chunk = (x0: number, x1: number): TextLine => ({ words: [], box: [x0, 0, x1, 10], text: "", size: 10, bold: false });

test("chunksToColumns finds gaps that run down every row", () => {
  const rows = [
    [chunk(0, 40), chunk(100, 120), chunk(150, 170)],
    [chunk(0, 60), chunk(105, 120), chunk(152, 170)],
  ];
  assert.deepEqual(chunksToColumns(rows, 5, 0), [
    { x0: 0, x1: 60 },
    { x0: 100, x1: 120 },
    { x0: 150, x1: 170 },
  ]);
});

test("chunksToColumns lets a spanning header cross a gap", () => {
  const rows = [
    [chunk(0, 40), chunk(95, 175)],
    [chunk(0, 40), chunk(100, 120), chunk(150, 170)],
    [chunk(0, 30), chunk(100, 120), chunk(150, 170)],
  ];
  const columns = chunksToColumns(rows, 5, 1);
  assert.equal(columns.length, 3);
  assert.deepEqual(chunkToColumns([95, 0, 175, 10], columns), [1, 2]);
  assert.deepEqual(chunkToColumns([100, 0, 120, 10], columns), [1, 1]);
});

test("with emptyBands, a band no chunk enters separates a stub only one line deep", () => {
  // A line of names with a blank stub head over one row: the row's label stands alone at the left.
  const rows = [
    [chunk(100, 130), chunk(150, 175)],
    [chunk(0, 60), chunk(102, 130), chunk(152, 175)],
  ];
  assert.deepEqual(chunksToColumns(rows, 5, 1), [
    { x0: 0, x1: 130 },
    { x0: 150, x1: 175 },
  ]);
  assert.deepEqual(chunksToColumns(rows, 5, 1, true), [
    { x0: 0, x1: 60 },
    { x0: 100, x1: 130 },
    { x0: 150, x1: 175 },
  ]);
  // Two wide names set close together still cross the gutter their values leave: one line deep,
  // not empty, so no more than the crossing rule finds.
  const wide = [
    [chunk(0, 40), chunk(90, 135), chunk(137, 180)],
    [chunk(0, 40), chunk(100, 125), chunk(150, 175)],
  ];
  assert.deepEqual(chunksToColumns(wide, 5, 1, true), chunksToColumns(wide, 5, 1));
  // A band narrower than minGap is no gutter.
  assert.equal(chunksToColumns([[chunk(100, 130)], [chunk(0, 97), chunk(102, 130)]], 5, 1, true).length, 1);
});
