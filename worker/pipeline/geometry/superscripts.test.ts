import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import { wordsToLines } from "./words-to-lines";

const RULE = { sizeRatio: 0.8, gapEm: 0.2, maxChars: 3 };
const word = (text: string, box: Box, size = 9): Word => ({ text, box, size, font: "F", bold: false, dir: 0 });
const lines = (words: Word[]) => wordsToLines(words, 0.45, RULE).map((l) => l.text);

test("a raised, smaller footnote mark touching the end of a label joins the label's line", () => {
  const label = word("Tomatoes", [72, 142.5, 112, 151.5]);
  const value = word("99.1", [200, 142.5, 216, 151.5]);
  assert.deepEqual(lines([label, word("2", [112.5, 141.6, 115.5, 147], 5.4), value]), ["Tomatoes 2 99.1"]);
  // The text layer's widths may overlap the mark with its word slightly.
  assert.deepEqual(lines([label, word("3", [111.4, 141.6, 114.4, 147], 5.4), value]), ["Tomatoes 3 99.1"]);
});

test("small raised text that is no footnote mark stays a line of its own", () => {
  const label = word("Tomatoes", [72, 142.5, 112, 151.5]);
  // A space away from the word: not attached to it.
  assert.deepEqual(lines([label, word("2", [116, 141.6, 119, 147], 5.4)]).length, 2);
  // Attached to a bracket, as a raised reference "( 4 )" in running text.
  assert.deepEqual(
    lines([word("(", [100, 142.5, 103, 151.5]), word("4", [103.5, 141.6, 106.5, 147], 5.4), word(")", [107, 142.5, 110, 151.5])]).length,
    2,
  );
  // Longer than a mark, or nearly the line's size.
  assert.deepEqual(lines([label, word("note", [112.5, 141.6, 125, 147], 5.4)]).length, 2);
  assert.deepEqual(lines([label, word("2", [112.5, 138, 117.5, 146], 8)]).length, 2);
});
