import { test } from "node:test";
import assert from "node:assert/strict";
import { boxOverlapRatio, boxUnion, median, multiplyMatrices, transformPoint } from "./box";

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

test("median is the upper middle of the sorted values, on drawn lists with repeats, signed zeros and NaN", () => {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const pool = [0, -0, 1, 9.5, 9.5, 10, 12, NaN];
  let state = 3;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let k = 0; k < 2000; k++) {
    const distinct = 1 + Math.floor(next() * 3);
    const picks = Array.from({ length: distinct }, () => pool[Math.floor(next() * pool.length)]!);
    const values = Array.from({ length: 1 + Math.floor(next() * 7) }, () => picks[Math.floor(next() * distinct)]!);
    assert.ok(Object.is(median(values), sorted(values)), JSON.stringify(values.map((v) => (Object.is(v, -0) ? "-0" : v))));
  }
  assert.equal(median([], 10), 10);
  assert.equal(median([9.5, 9.5, 9.5]), 9.5);
});
