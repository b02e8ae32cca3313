// When a scan's reading is read again turned half a turn: word lists shaped like Tesseract's
// readings of generated pages read upside down (gibberish, a few confident digits) and the right
// way up (mostly confident words, a few unsure), and what the half turn does to a transform.
import { test } from "node:test";
import assert from "node:assert/strict";
import { confidentShare, halfTurned, isWorthTurningOver, letterWords } from "./half-turn-check";
import { HALF_TURN_SETTINGS } from "./settings";
import type { ScanTransform } from "./prepare-scan";

const words = (list: Array<[string, number]>) => list.map(([text, confidence]) => ({ text, confidence }));
// "Asian 23.4 73.6 / Other 88.0 83.8" upside down, as Tesseract read column-ruled-0.
const UPSIDE_DOWN = words([
  ["9'EL", 0.41],
  ["vee", 0.3],
  ["ueisy", 0.22],
  ["8'c8", 0.55],
  ["0'88", 0.83],
  ["Bylo", 0.12],
  ["8002", 0.6],
  ["2002", 0.91],
  ["dnoib", 0.2],
  ["uonejndod", 0.35],
]);
const UPRIGHT = words([
  ["Population", 0.93],
  ["group", 0.95],
  ["2007", 0.96],
  ["2008", 0.96],
  ["Other", 0.91],
  ["88.0", 0.9],
  ["83.8", 0.89],
  ["Asian", 0.94],
  ["23.4", 0.62],
  ["73.6", 0.92],
]);

test("a reading of gibberish is read again; a reading mostly confident is not; nothing read is not", () => {
  assert.ok(confidentShare(UPSIDE_DOWN) < HALF_TURN_SETTINGS.halfTurnBelowShare);
  assert.equal(isWorthTurningOver(UPSIDE_DOWN), true);
  assert.ok(confidentShare(UPRIGHT) > 0.8);
  assert.equal(isWorthTurningOver(UPRIGHT), false);
  assert.equal(isWorthTurningOver([]), false);
});

test("the share counts characters, so a long confident word outweighs short unsure ones", () => {
  assert.equal(
    confidentShare(
      words([
        ["Manufacturing", 0.9],
        ["a", 0.1],
        ["b", 0.1],
      ]),
    ),
    13 / 15,
  );
  assert.equal(confidentShare(words([["12", 0.79]])), 0);
});

test("half a turn more keeps the skew and the sizes and wraps the quarter turns", () => {
  const t: ScanTransform = { quarterTurns: 3, skewDeg: 0.7, originalWidthPt: 595, originalHeightPt: 842, widthPt: 842, heightPt: 595 };
  assert.deepEqual(halfTurned(t), { ...t, quarterTurns: 1 });
  assert.deepEqual(halfTurned(halfTurned(t)), t);
  assert.equal(halfTurned({ ...t, quarterTurns: 2 }).quarterTurns, 0);
});

/** A table of short numbers with its labels on a tint, read upside down: the digits read as
 * digits, confidently ("10" as "01", "0,1" as "1'0"), the labels as gibberish. Drawn with varied
 * sizes; the right way up the same table's labels are read confidently. */
function tintedTable(rnd: () => number, upsideDown: boolean) {
  const out: Array<[string, number]> = [];
  const rows = 6 + Math.floor(rnd() * 10);
  for (let r = 0; r < rows; r++) {
    const label = ["Households", "Water", "Transport", "Health", "Mining", "Construction"][r % 6]!;
    out.push(upsideDown ? [[...label].reverse().join("").replace(/a/g, "e"), 0.2 + rnd() * 0.55] : [label, 0.82 + rnd() * 0.15]);
    for (let c = 0; c < 3 + Math.floor(rnd() * 3); c++)
      out.push([upsideDown ? ["01", "1'0", "001", "-"][c % 4]! : ["10", "0,1", "100", "-"][c % 4]!, 0.8 + rnd() * 0.19]);
  }
  return words(out);
}

test("a table of numbers read upside down is read again by its words of letters, though its digits read confidently", () => {
  let s = 7;
  const rnd = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let draw = 0; draw < 30; draw++) {
    const upside = tintedTable(rnd, true);
    // The digits alone keep the page over the share the first test looks at...
    assert.ok(confidentShare(upside) >= HALF_TURN_SETTINGS.halfTurnBelowShare, `draw ${draw}: ${confidentShare(upside)}`);
    // ...its labels do not.
    assert.ok(letterWords(upside).confidentShare < HALF_TURN_SETTINGS.letterWordsBelowShare);
    assert.equal(isWorthTurningOver(upside), true, `draw ${draw}`);
    const upright = tintedTable(rnd, false);
    assert.equal(isWorthTurningOver(upright), false, `draw ${draw}`);
  }
  // A page of numbers with a short heading of unsure letters is not read again for it.
  const numbers = words([
    ["Tabl", 0.3],
    ["2004", 0.9],
    ["1,204", 0.95],
    ["13.5", 0.92],
    ["88.0", 0.9],
  ]);
  assert.ok(letterWords(numbers).chars < HALF_TURN_SETTINGS.minLetterChars);
  assert.equal(isWorthTurningOver(numbers), false);
});

test("a page the orientation guess turned over and that read as nothing is read again; one left upright is not", () => {
  assert.equal(isWorthTurningOver([], { quarterTurns: 2 }), true);
  assert.equal(isWorthTurningOver([], { quarterTurns: 3 }), true);
  assert.equal(isWorthTurningOver([], { quarterTurns: 0 }), false);
  assert.equal(isWorthTurningOver([], { quarterTurns: 1 }), false);
});
