import { test } from "node:test";
import assert from "node:assert/strict";
import { boxOverlapRatio, boxUnion, multiplyMatrices, transformPoint } from "./box";

test("boxUnion covers every box and is null for none", () => {
  assert.deepEqual(
    boxUnion([
      [1, 2, 3, 4],
      [0, 5, 2, 6],
    ]),
    [0, 2, 3, 6],
  );
  assert.equal(boxUnion([]), null);
});

test("boxOverlapRatio is the share of the inner box inside the outer one", () => {
  assert.equal(boxOverlapRatio([0, 0, 10, 10], [5, 0, 20, 20]), 0.5);
  assert.equal(boxOverlapRatio([0, 0, 10, 10], [20, 20, 30, 30]), 0);
});

test("multiplyMatrices applies the first matrix first", () => {
  const scale = [2, 0, 0, 2, 0, 0];
  const shift = [1, 0, 0, 1, 10, 0];
  assert.deepEqual(transformPoint(multiplyMatrices(scale, shift), 1, 1), [12, 2]);
  assert.deepEqual(transformPoint(multiplyMatrices(shift, scale), 1, 1), [22, 2]);
});
