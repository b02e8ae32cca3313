import { test } from "node:test";
import assert from "node:assert/strict";
import { isShorterPlusExtras, withoutExtrasIndex } from "./extra-tokens";
import { voteOnReadings } from "./vote";
import { seededRng } from "../../../tests/pdf/corpus/content";

test("a scan's disputed cell shows the reading without the words or glyphs only the other saw, and stays disputed", () => {
  for (const [ocr1, ocr2, shown] of [
    ["Atrazine Si SHEA", "Atrazine", "Atrazine"], // speckle read as words
    ["_Endosulphan rE i", "Endosulphan", "Endosulphan"],
    ["~PBUK 1996", "PBUK 1996", "PBUK 1996"], // a speck read as a glyph
    ["19.1%©", "19.1%", "19.1%"],
    ["Methane (CH4) :", "Methane（CH4)", "Methane（CH4)"],
    // The other way round the first reading is already the one without extras.
    ["1 000", "1000 11", "1 000"], // a line crop that took in a neighbour's number
    ["Percentage", "CountCount Percentage", "Percentage"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.value, shown, `${ocr1} / ${ocr2}`);
    assert.equal(verdict.confidence, "disputed");
    assert.equal(verdict.provisional, true);
    // A ruling glyph glued to the cell's edge comes off the reading (edge-rulings.ts).
    assert.deepEqual(verdict.readings, { "ocr-1": ocr1.replace(/^[_|[]/, ""), "ocr-2": ocr2 });
  }
  // A ruling read as a glyph glued to a value is no reading's: the two agree.
  for (const [ocr1, ocr2] of [
    ["|PBUK 1996", "PBUK 1996"],
    ["19.1%|", "19.1%"],
    ["[Aldi 90; Metro 33", "Aldi90;Metro 33"],
  ] as const) {
    const verdict = voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 });
    assert.equal(verdict.confidence, "verified", `${ocr1} / ${ocr2}`);
    assert.equal(verdict.value, ocr1.replace(/^[|[]|[|]$/g, ""));
  }
});

test("a digit, letter, decimal point, sign or bracket glued to the shared text is not an extra", () => {
  // Each of these was the longer reading and the right one on the EU realistic scans, or is the
  // same kind: what is lost there is ink, not what is invented.
  for (const [ocr1, ocr2] of [
    ["Nestle", "Nestl"],
    ["391", "39"],
    ["(5.9%)", "(5.9%"],
    [".9%", "9%"],
    ["(12)", "12"],
    ["12a", "12"],
    ["0.", "0"],
    ["Total:", "Total"],
    ["12°", "12"],
  ] as const) {
    assert.equal(isShorterPlusExtras(ocr1, ocr2), false, `${ocr1} / ${ocr2}`);
    assert.equal(voteOnReadings({ "ocr-1": ocr1, "ocr-2": ocr2 }).value, ocr1);
    assert.equal(voteOnReadings({ "ocr-1": ocr2, "ocr-2": ocr1 }).value, ocr2);
  }
  // A sign is no extra either; the vote shows the signed reading (lost-sign.ts) in either order.
  assert.equal(isShorterPlusExtras("-5", "5"), false);
  assert.equal(voteOnReadings({ "ocr-1": "5", "ocr-2": "-5" }).value, "-5");
  assert.equal(voteOnReadings({ "ocr-1": "-5", "ocr-2": "5" }).value, "-5");
});

test("the text layer is never overridden by a reading without extras", () => {
  const verdict = voteOnReadings({ "pdf-text": "Total a", "ocr-1": "Total" });
  assert.equal(verdict.value, "Total a");
  assert.deepEqual(verdict.sources, ["pdf-text"]);
});

test("generated labels and numbers with speckle words or ruling glyphs added to one reading: the clean one is always shown", () => {
  const random = seededRng(25);
  const words = ["Total", "Imports", "of which", "Region", "Net sales", "2019", "12.5", "1,204", "(3.1)", "-0.4", "n.a."];
  const glyphs = ["|", "[", "]", "_", "~~", "©", "“"];
  const noiseWords = ["SE", "a", "i", ":", "rE"];
  for (let k = 0; k < 400; k++) {
    const truth = Array.from({ length: 1 + Math.floor(random() * 3) }, () => words[Math.floor(random() * words.length)]!).join(" ");
    const isGlyph = random() < 0.5;
    const piece = isGlyph ? glyphs[Math.floor(random() * glyphs.length)]! : noiseWords[Math.floor(random() * noiseWords.length)]!;
    // Glyph pieces may be glued to the text; word pieces stand apart, as OCR puts them.
    const glued = isGlyph && random() < 0.5;
    const gap = glued ? "" : " ";
    const noisy = random() < 0.5 ? `${piece}${gap}${truth}` : `${truth}${gap}${piece}`;
    const [first, second] = random() < 0.5 ? [noisy, truth] : [truth, noisy];
    const verdict = voteOnReadings({ "ocr-1": first, "ocr-2": second });
    assert.equal(verdict.value, truth, `${first} / ${second}`);
    // A ruling glyph glued to the cell's edge is part of no reading (edge-rulings.ts): the two
    // then read the same and the cell is verified, glued or a space apart. Any other extra
    // leaves it disputed.
    const rulingOnly = /^[|[\]_]$/.test(piece);
    assert.equal(verdict.confidence, rulingOnly ? "verified" : "disputed", `${first} / ${second}`);
  }
});

test("withoutExtrasIndex: the one without the extras; -1 when neither is the other plus extras or there are more than two", () => {
  assert.equal(withoutExtrasIndex(["Total SE", "Total"]), 1);
  assert.equal(withoutExtrasIndex(["Total", "Total SE"]), 0);
  assert.equal(withoutExtrasIndex(["Total SE", "Total", "Tota1"]), -1);
  assert.equal(withoutExtrasIndex(["Total", "Totals"]), -1);
  assert.equal(withoutExtrasIndex(["", "Total"]), -1);
});
