// A scanned cell only one engine read, where the legacy classifier's reading of its crop is no
// value at all (lone-readings.ts, readsNoValue). Drawn as a family: lone numbers of many formats
// (counts, grouped thousands, decimals with a point or a comma, shares, signed changes, intervals)
// against second readings drawn from each kind the classifier gives: glyph junk (ligatures, marks
// mixed with letters), which leaves the cell as it was; and every kind a table prints in place of
// a number (nil marks, placeholders, flags, plain words), another number, or the same number,
// which are readings and dispute or resolve it as before. A lone label is never passed over.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell } from "../../../lib/result/schema";
import type { Word } from "../ocr/types";
import { tableFixture } from "../../../tests/result/table-fixture";
import { readsNoValue, withLoneReadingsChecked } from "./lone-readings";
import { SETTINGS } from "../settings";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";

const BOX: BBox = [100, 200, 170, 214];
const lone = (value: string): Cell => ({ value, confidence: "unverified", sources: ["ocr-2"], bbox: BOX });
const readIn = (text: string): Word[] => [{ text, bbox: [BOX[0] + 2, BOX[1] + 2, BOX[2] - 2, BOX[3] - 2], confidence: 0.5 }];

type Rnd = () => number;

/** A number in one of a statistical table's formats. */
function drawNumber(rnd: Rnd): string {
  const n = int(rnd, 0, 999_999);
  const small = int(rnd, 0, 999);
  const d = int(rnd, 0, 9);
  switch (int(rnd, 0, 7)) {
    case 0:
      return String(small);
    case 1:
      return n.toLocaleString("en-US");
    case 2:
      return `${small}.${d}`;
    case 3:
      return `${small},${d}${int(rnd, 0, 9)}`;
    case 4:
      return `${small}.${d}%`;
    case 5:
      return `${pick(rnd, ["+", "-"])}${small}.${d}`;
    case 6:
      return `(${small}.${d}-${small + 1}.${d})`;
    default:
      return String(n).replace(/\B(?=(\d{3})+(?!\d))/gu, " ");
  }
}

/** Glyph junk: letters with at least one ligature, mark or symbol among them, no digit. */
function drawJunk(rnd: Rnd): string {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const odd = ["ﬂ", "ﬁ", "'", "+", "%", ":", "|", "!", "¥", "§", "©", "~", "\\", "/", "»", "“", "—"];
  let text = "";
  const length = int(rnd, 1, 6);
  for (let i = 0; i < length; i++) text += rnd() < 0.5 ? pick(rnd, [...letters]) : pick(rnd, odd);
  if (!/[^A-Za-z]/u.test(text)) text += pick(rnd, odd);
  // A letter among them (ligatures are letters): marks alone are a nil mark, which disputes.
  return /\p{L}/u.test(text) ? text : `${text}${pick(rnd, ["ﬂ", "ﬁ", ...letters])}`;
}

const NIL_MARKS = ["-", "—", "–", "..", "...", "…", "*", "—-"];
const PLACEHOLDERS = ["NA", "N/A", "(NA)", "(X)", "(D)", "(Z)", "(S)", "Z"];
const FLAGS_AND_WORDS = ["x", "X", "E", "F", "e", "p", "r", "Q", "El", "na", "nil", "n.a.", "(e)", "none", "Total"];

test("family: a lone number beside the legacy classifier's glyph junk stays one engine's unverified reading", () => {
  let kept = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 7919);
    const value = drawNumber(rnd);
    const junk = drawJunk(rnd);
    assert.equal(readsNoValue(junk, value), true, `${value} / ${JSON.stringify(junk)}`);
    const cell = lone(value);
    const out = withLoneReadingsChecked(tableFixture([[cell]]), readIn(junk), SETTINGS).rows[0]![0]!;
    assert.deepEqual(out, cell, `${value} / ${JSON.stringify(junk)}`);
    kept += 1;
    // With the switch off, the junk disputes it as any other reading does.
    const off = withLoneReadingsChecked(tableFixture([[cell]]), readIn(junk), { ...SETTINGS, scanLoneNoValueReadings: false });
    assert.equal(off.rows[0]![0]!.confidence, "disputed");
  }
  assert.equal(kept, 60);
});

test("family: what a table prints in place of a number, another number, or a label's junk still disputes", () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = seededRng(seed * 104729);
    const value = drawNumber(rnd);
    const cell = lone(value);
    const printed = [
      pick(rnd, NIL_MARKS),
      pick(rnd, PLACEHOLDERS),
      pick(rnd, FLAGS_AND_WORDS),
      // Another number, or the number with junk beside it: the classifier read digits.
      `${int(rnd, 1, 9)}${value}`,
      `${pick(rnd, ["m ", "ﬂ", "|"])}${value}`,
    ];
    for (const second of printed) {
      assert.equal(readsNoValue(second, value), false, `${value} / ${second}`);
      const out = withLoneReadingsChecked(tableFixture([[cell]]), readIn(second), SETTINGS).rows[0]![0]!;
      assert.notDeepEqual(out, cell, `${value} / ${second}: read, so the cell is no longer one engine's alone`);
      assert.deepEqual(out.readings, { "ocr-2": value, "ocr-3": second }, `${value} / ${second}`);
    }
    // The same number resolves it.
    assert.equal(withLoneReadingsChecked(tableFixture([[cell]]), readIn(value), SETTINGS).rows[0]![0]!.confidence, "resolved");
    // A lone label is no number: junk beside it disputes it (a word may be read as junk in part).
    const label = lone(pick(rnd, ["Chlordane", "Italy", "Never", "Often", "Total"]));
    const junk = drawJunk(rnd);
    assert.equal(readsNoValue(junk, label.value), false);
    assert.equal(withLoneReadingsChecked(tableFixture([[label]]), readIn(junk), SETTINGS).rows[0]![0]!.confidence, "disputed");
  }
});
