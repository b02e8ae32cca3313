import { test } from "node:test";
import assert from "node:assert/strict";
import { keptSeparatorIndex } from "./dropped-separator";
import { voteOnReadings } from "./vote";
import { seededRng } from "../../../tests/pdf/corpus/content";

test("a scan's disputed number shows the OCR reading that kept its separator, and stays disputed", () => {
  for (const [ocr1, ocr2, shown] of [
    ["929", "92.9", "92.9"],
    ["92.9", "929", "92.9"],
    ["1043", "1,043", "1,043"],
    ["57815", "57,815", "57,815"],
    ["(1043.5)", "(1,043.5)", "(1,043.5)"],
    ["04 %", "0.4%", "0.4%"],
    // A comma is a full stop with a tail: the tail is what blur loses.
    ["5.821", "5,821", "5,821"],
    ["7,581", "7.581", "7,581"],
    ["1.043.5", "1,043.5", "1,043.5"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, shown, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
    assert.equal(verdict.provisional, true);
    assert.deepEqual(verdict.readings, { "ocr-1": ocr1, "ocr-2": ocr2 });
  }
});

test("readings that differ in more than a lost separator keep the vote's priority order", () => {
  for (const [ocr1, ocr2] of [
    ["928", "92.9"], // another digit
    ["1.043", "10,43"], // both have one, in different places
    ["1,043.5", "1.043,5"], // each has more ink at one gap: neither saw more
    ["Total", "To.tal"], // no digits: not a number
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, ocr1, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
  }
});

test("the text layer is never overridden by a separator an OCR reading saw", () => {
  const verdict = voteOnReadings({ "pdf-text": "929", "ocr-1": "92.9" });
  assert.equal(verdict.value, "929");
  assert.equal(verdict.confidence, "disputed");
  assert.deepEqual(verdict.sources, ["pdf-text"]);
});

test("generated numbers with separators lost by one reading: the kept one is always shown", () => {
  const random = seededRng(15);
  for (let k = 0; k < 500; k++) {
    const whole = Math.floor(random() * 10 ** (1 + Math.floor(random() * 6)));
    const grouped = whole.toLocaleString("en-US");
    const decimals = random() < 0.6 ? `.${Math.floor(random() * 10 ** (1 + Math.floor(random() * 3)))}` : "";
    const truth = `${random() < 0.2 ? "-" : ""}${grouped}${decimals}`;
    if (!/\d[.,]\d/.test(truth)) continue;
    // Lose one or all separators.
    const lossy = random() < 0.5 ? truth.replace(/(?<=\d)[.,](?=\d)/, "") : truth.replace(/(?<=\d)[.,](?=\d)/g, "");
    const [first, second] = random() < 0.5 ? [truth, lossy] : [lossy, truth];
    const verdict = voteOnReadings({ "ocr-1": first, "ocr-2": second });
    assert.equal(verdict.value, truth, `${first} / ${second}`);
    assert.equal(verdict.confidence, "disputed");
  }
});

test("keptSeparatorIndex: index of the reading with the separators, -1 when undecided", () => {
  assert.equal(keptSeparatorIndex(["929", "92.9"]), 1);
  assert.equal(keptSeparatorIndex(["92.9", "929"]), 0);
  assert.equal(keptSeparatorIndex(["929", "92.9", "92,9"]), 2);
  assert.equal(keptSeparatorIndex(["92.9", "929", "9.29"]), -1);
  assert.equal(keptSeparatorIndex(["929"]), -1);
});

test("a decimal point read as a gap: the reading with the point; a thousands gap is not one", () => {
  for (const [ocr1, ocr2, shown] of [
    ["77 1", "77.1", "77.1"],
    ["-20 2", "-20.2", "-20.2"],
    ["+49.9", "+49 9", "+49.9"],
    ["3 45", "3,45", "3,45"],
    ["12 5%", "12.5%", "12.5%"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, shown, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
  }
  // "1 000" is a thousands group (three digits after the gap): nothing says the point is right.
  for (const [ocr1, ocr2] of [
    ["1 000", "1.000"],
    ["12 345", "12,345"],
  ] as const) {
    assert.equal(voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 }).value, ocr1, `${ocr1} / ${ocr2}`);
  }
});
