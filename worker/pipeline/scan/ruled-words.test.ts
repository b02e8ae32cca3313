import { test } from "node:test";
import assert from "node:assert/strict";
import type { Ruling } from "../types";
import type { Word } from "../ocr/types";
import { crossedFromPieces, withRuledWordsRead, wordsCrossedByRulings } from "./ruled-words";
import { RULED_WORD_SETTINGS } from "./settings";

const vertical = (pos: number, start = 100, end = 300): Ruling => ({ orientation: "v", pos, start, end });

/** A row of three values in columns ruled at x 151 and 169, read as one word. */
const glued: Word = { text: "95.7142.4|56.7", bbox: [135, 189, 183, 195], confidence: 0.13 };
const alone: Word = { text: "32.0", bbox: [224, 189, 236, 194], confidence: 0.9 };

test("a word a ruling runs through is cut into its pieces between the rulings", () => {
  const crossed = wordsCrossedByRulings([glued, alone], [vertical(151), vertical(169), vertical(220)]);
  const pad = 6 * RULED_WORD_SETTINGS.padHeights;
  assert.deepEqual(crossed, [
    {
      index: 0,
      pieces: [
        [135, 189 - pad, 150, 195 + pad],
        [152, 189 - pad, 168, 195 + pad],
        [170, 189 - pad, 183, 195 + pad],
      ],
    },
  ]);
  // The same pieces, found again from a cached reading's crops.
  assert.deepEqual(crossedFromPieces([glued, alone], crossed[0]!.pieces), crossed);
});

test("a ruling at a word's end, beside it, above it, or through a word standing on end cuts nothing", () => {
  // 14 characters over 48 pt: a glyph is ~3.4 pt; a ruling within 0.75 glyphs of an end is glued.
  assert.deepEqual(wordsCrossedByRulings([glued], [vertical(136.5), vertical(182), vertical(140, 200, 300), vertical(240)]), []);
  assert.deepEqual(wordsCrossedByRulings([{ ...glued, dir: 270 }], [vertical(151)]), []);
  assert.deepEqual(wordsCrossedByRulings([{ text: "7", bbox: [150, 189, 153, 195], confidence: 0.5 }], [vertical(151.5)]), []);
});

test("the pieces' readings replace the word; a word whose pieces read nothing stays", () => {
  const crossed = wordsCrossedByRulings([glued, alone], [vertical(151), vertical(169)]);
  const read: Word[] = [
    { text: "95.7", bbox: [136, 189, 147, 194], confidence: 0.96 },
    { text: "42.4", bbox: [153, 189, 165, 194], confidence: 0.85 },
    { text: "56.7", bbox: [171, 189, 182, 194], confidence: 0.97 },
    { text: "far", bbox: [300, 189, 310, 194], confidence: 0.9 },
  ];
  assert.deepEqual(
    withRuledWordsRead([glued, alone], crossed, read).map((w) => w.text),
    ["95.7", "42.4", "56.7", "32.0"],
  );
  assert.deepEqual(withRuledWordsRead([glued, alone], crossed, []), [glued, alone]);
});
