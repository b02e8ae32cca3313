// Rulings OCR glues to a word on a scan ("|PBUK", "76.7}"): generated ruled rows of cells, with
// the characters OCR makes of a ruling at either end of words that touch a ruling, and the same
// characters in words that touch none (text brackets and parentheses), which must stay.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word as OcrWord } from "../ocr/types";
import type { Ruling } from "../types";
import { ocrWordsToPageWords, withoutGluedRulings } from "./scanned-page";

const GLYPHS = ["|", "[", "]", "{", "}", "!"];
const VALUES = ["PBUK", "76.7", "1996", "Total", "OXIRM", "3,412", "n/a"];

/** Words `value` of width 6 pt a character in cells [x, x + 80] of a row at y, the vertical
 * rulings at every cell border from y - 10 to y + 20. */
function row(cells: number, y: number): { rulings: Ruling[]; left: number[] } {
  const left = Array.from({ length: cells }, (_, c) => 50 + c * 80);
  const rulings: Ruling[] = [...left, 50 + cells * 80].map((pos) => ({ orientation: "v", pos, start: y - 10, end: y + 20 }));
  return { rulings, left };
}

test("a ruling character glued to either end of a word is cut off where the image has a ruling, and only there", () => {
  for (const [k, value] of VALUES.entries()) {
    const glyph = GLYPHS[k % GLYPHS.length]!;
    const { rulings, left } = row(4, 100);
    const x = left[k % 4]!;
    // The word starts on the cell's left ruling, which OCR read as `glyph`.
    const leading: OcrWord = { text: `${glyph}${value}`, bbox: [x - 0.5, 100, x - 0.5 + 6 * (value.length + 1), 110], confidence: 0.8 };
    assert.deepEqual(withoutGluedRulings(leading, rulings).text, value, `leading ${glyph} on ${value}`);
    // The word ends on the cell's right ruling.
    const right = x + 80;
    const trailing: OcrWord = {
      text: `${value}${glyph}`,
      bbox: [right + 0.5 - 6 * (value.length + 1), 100, right + 0.5, 110],
      confidence: 0.8,
    };
    const cut = withoutGluedRulings(trailing, rulings);
    assert.equal(cut.text, value, `trailing ${glyph} on ${value}`);
    assert.ok(cut.bbox[2] < right, "the box no longer reaches the ruling");
    // The same word in the middle of its cell, with a bracket of its own: untouched.
    const inside: OcrWord = { text: `(${value})`, bbox: [x + 20, 100, x + 20 + 6 * (value.length + 2), 110], confidence: 0.8 };
    assert.equal(withoutGluedRulings(inside, rulings), inside);
    // A ruling that ends above the word is not through it.
    const above = rulings.map((r) => ({ ...r, start: 60, end: 90 }));
    assert.equal(withoutGluedRulings(leading, above), leading);
  }
});

test("a negative amount in parentheses set against a column's ruling keeps its parentheses", () => {
  for (const amount of ["(1,234)", "(56.7)", "(9)", "(12,345,678)"]) {
    const { rulings, left } = row(3, 300);
    const right = left[1]! + 80;
    // Right-aligned: the closing parenthesis ends on the ruling.
    const word: OcrWord = { text: amount, bbox: [right - 6 * amount.length, 300, right + 0.3, 310], confidence: 0.9 };
    assert.equal(withoutGluedRulings(word, rulings), word, amount);
    // Left-aligned against the cell's left ruling: the opening one stays too.
    const leftWord: OcrWord = { text: amount, bbox: [left[1]! - 0.3, 300, left[1]! + 6 * amount.length, 310], confidence: 0.9 };
    assert.equal(withoutGluedRulings(leftWord, rulings), leftWord, amount);
  }
});

test("ocrWordsToPageWords cuts glued rulings with the page's rulings, drops words that are only a ruling, and keeps the rest", () => {
  const { rulings, left } = row(3, 200);
  const words: OcrWord[] = [
    { text: "|PBUK", bbox: [left[0]! - 0.4, 200, left[0]! + 30, 210], confidence: 0.8 },
    { text: "|", bbox: [left[1]! - 1, 200, left[1]! + 1, 210], confidence: 0.5 },
    { text: "(as", bbox: [left[1]! + 10, 200, left[1]! + 28, 210], confidence: 0.9 },
    { text: "Zn)", bbox: [left[1]! + 32, 200, left[1]! + 50, 210], confidence: 0.9 },
    { text: "67.9]", bbox: [left[2]! + 80 - 30, 200, left[2]! + 80 + 0.4, 210], confidence: 0.8 },
  ];
  assert.deepEqual(
    ocrWordsToPageWords(words, rulings).map((w) => w.text),
    ["PBUK", "(as", "Zn)", "67.9"],
  );
  // Without the page's rulings nothing is cut (the ruling-only word is still dropped).
  assert.deepEqual(
    ocrWordsToPageWords(words).map((w) => w.text),
    ["|PBUK", "(as", "Zn)", "67.9]"],
  );
});
