import { test } from "node:test";
import assert from "node:assert/strict";
import { sameNumber, summariseCalibration, type CalibratedCell } from "./calibration";

test("sameNumber: one number written two ways, never two different numbers", () => {
  for (const [a, b] of [["+3", "3"], ["2.0", "2"], ["2.60", "2.6"], ["1,234", "1234"], ["-5", "-5.00"], ["12.5%", "12.5 %"]]) assert.equal(sameNumber(a!, b!), true, `${a} ${b}`);
  for (const [a, b] of [["3", "-3"], ["1.234", "1234"], ["12", "12%"], ["Italy", "Italy"], ["2007 % Pos", "%Pos"], ["1,23", "123"]]) assert.equal(sameNumber(a!, b!), false, `${a} ${b}`);
});

test("summariseCalibration: shares per level and the two targets", () => {
  const cell = (confidence: CalibratedCell["confidence"], isRight: boolean): CalibratedCell => ({ confidence, isRight, isOneToOne: true, value: "", truth: "", page: 1 });
  const summary = summariseCalibration([cell("verified", true), cell("verified", true), cell("verified", false), cell("disputed", false), cell("unverified", true)]);
  assert.equal(summary.cells, 5);
  assert.deepEqual(summary.perLevel.verified, { cells: 3, right: 2, share: 2 / 3, textLayerRight: 0 });
  assert.equal(summary.verifiedRight, 2 / 3);
  assert.equal(summary.wrongNotVerified, 1 / 2);
  assert.equal(summary.verifiedShare, 3 / 5);
});
