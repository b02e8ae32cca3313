import { test } from "node:test";
import assert from "node:assert/strict";
import { columnRuns } from "./column-runs";

test("column runs: every run of value columns, by start then end, with its middle's offset", () => {
  const centers = [5, 20, 40, 70];
  assert.deepEqual(columnRuns(centers, 40), [
    { start: 1, end: 1, off: 20 },
    { start: 1, end: 2, off: 10 },
    { start: 1, end: 3, off: 5 },
    { start: 2, end: 2, off: 0 },
    { start: 2, end: 3, off: 15 },
    { start: 3, end: 3, off: 30 },
  ]);
  // Two columns or more, from column 2: the stub and column 1 are left out.
  assert.deepEqual(columnRuns(centers, 55, 2, 2), [{ start: 2, end: 3, off: 0 }]);
  assert.deepEqual(columnRuns(centers, 55, 4), []);
});
