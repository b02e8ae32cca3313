import { test } from "node:test";
import assert from "node:assert/strict";
import type { Ruling } from "../types";
import { groupToGrid, rulingsToGroups, rulingsToJoined, positionsToBoundaries, isSegmentRuled } from "./rulings-to-grid";

const h = (pos: number, start: number, end: number): Ruling => ({ orientation: "h", pos, start, end });
const v = (pos: number, start: number, end: number): Ruling => ({ orientation: "v", pos, start, end });

test("rulingsToJoined snaps close positions and joins touching pieces", () => {
  const joined = rulingsToJoined([h(100, 0, 50), h(100.8, 51, 100), h(200, 0, 10)], 1, 2);
  assert.deepEqual(joined, [h(100.4, 0, 100), h(200, 0, 10)]);
});

test("rulingsToGroups separates grids that do not touch", () => {
  const groups = rulingsToGroups([h(0, 0, 10), v(0, 0, 10), h(100, 50, 60), v(55, 95, 110)], 1);
  assert.equal(groups.length, 2);
  assert.deepEqual(
    groups.map((g) => g.length),
    [2, 2],
  );
});

test("groupToGrid finds a column span where the vertical ruling stops", () => {
  // 2x2 grid; the middle vertical only crosses the bottom row, so the top row is one merged cell.
  const grid = groupToGrid([h(0, 0, 100), h(10, 0, 100), h(20, 0, 100), v(0, 0, 20), v(100, 0, 20), v(50, 10, 20)], 1)!;
  assert.deepEqual(grid.xs, [0, 50, 100]);
  assert.deepEqual(grid.ys, [0, 10, 20]);
  assert.deepEqual(
    grid.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan]),
    [
      [0, 0, 1, 2],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ],
  );
});

test("groupToGrid closes an open frame from the rulings' extent", () => {
  // Only horizontal rules and one inner vertical: the outer sides come from the rules' ends.
  const grid = groupToGrid([h(0, 0, 100), h(10, 0, 100), h(20, 0, 100), v(40, 0, 20)], 1)!;
  assert.deepEqual(grid.xs, [0, 40, 100]);
  assert.equal(grid.cells.length, 4);
});

test("positionsToBoundaries merges near values", () => {
  assert.deepEqual(positionsToBoundaries([10, 0, 10.5, 30], 1), [0, 10, 30]);
});

test("isSegmentRuled accepts pieces that cover most of the length", () => {
  assert.equal(isSegmentRuled([h(5, 0, 40), h(5, 45, 100)], 5, 0, 100, 1), true);
  assert.equal(isSegmentRuled([h(5, 0, 20)], 5, 0, 100, 1), false);
});
