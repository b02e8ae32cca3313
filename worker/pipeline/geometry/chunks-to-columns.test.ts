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
