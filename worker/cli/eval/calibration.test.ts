import { test } from "node:test";
import assert from "node:assert/strict";
import { summariseCalibration, type CalibratedCell } from "./calibration";

test("summariseCalibration: shares per level and the two targets", () => {
  const cell = (confidence: CalibratedCell["confidence"], isRight: boolean): CalibratedCell => ({ confidence, isRight, isOneToOne: true, value: "", truth: "", page: 1 });
  const summary = summariseCalibration([cell("verified", true), cell("verified", true), cell("verified", false), cell("disputed", false), cell("unverified", true)]);
  assert.equal(summary.cells, 5);
  assert.deepEqual(summary.perLevel.verified, { cells: 3, right: 2, share: 2 / 3, withTextLayer: 0, textLayerRight: 0 });
  assert.equal(summary.verifiedRight, 2 / 3);
  assert.equal(summary.wrongNotVerified, 1 / 2);
  assert.deepEqual(summary.counts, { verified: 3, verifiedRight: 2, wrong: 2, wrongNotVerified: 1 });
  assert.equal(summary.verifiedShare, 3 / 5);
});
