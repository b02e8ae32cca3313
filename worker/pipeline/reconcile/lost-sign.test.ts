import { test } from "node:test";
import assert from "node:assert/strict";
import { keptSignIndex } from "./lost-sign";
import { voteOnReadings } from "./vote";
import { seededRng } from "../../../tests/pdf/corpus/content";

test("a scan's disputed number shows the OCR reading that kept its sign, and stays disputed", () => {
  for (const [ocr1, ocr2, shown] of [
    ["20.2", "-20.2", "-20.2"],
    ["-4.2", "4.2", "-4.2"],
    ["3.4", "+3.4", "+3.4"],
    ["+6.0", "±6.0", "±6.0"],
    ["±0.1", "+0.1", "±0.1"],
    ["6.0", "±6.0", "±6.0"],
    ["(1,043)", "-(1,043)", "-(1,043)"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, shown, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
    assert.equal(verdict.provisional, true);
    assert.deepEqual(verdict.readings, { "ocr-1": ocr1, "ocr-2": ocr2 });
  }
});

test("readings that differ in more than a lost sign keep the vote's priority order", () => {
  for (const [ocr1, ocr2] of [
    ["-20.2", "+20.2"], // a different number, not a lost stroke
    ["-20.2", "±20.2"],
    ["20.2", "-20.3"], // another digit too
    ["Total", "-Total"], // not a number
    ["- 5", "-5 b"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, ocr1, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
  }
});

test("generated numbers with a sign one reading lost: the signed reading, whichever engine saw it", () => {
  const random = seededRng(31);
  for (let k = 0; k < 300; k++) {
    const digits = (random() * 10 ** (1 + Math.floor(random() * 4))).toFixed(Math.floor(random() * 3));
    const sign = ["-", "+", "±", "−"][Math.floor(random() * 4)]!;
    const lost = sign === "±" && random() < 0.5 ? "+" : "";
    const truth = `${sign}${digits}`;
    const other = `${lost}${digits}`;
    const [a, b] = random() < 0.5 ? [truth, other] : [other, truth];
    const verdict = voteOnReadings({ "ocr-1": a, "ocr-2": b });
    assert.equal(verdict.value, truth, `${a} / ${b}`);
    assert.equal(keptSignIndex([a, b]), a === truth ? 0 : 1);
  }
});
