import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import { dropSpacedLeaders } from "./spaced-leaders";

const RULE = { minDots: 3, maxGapEm: 1.0, startGapEm: 1.5 };
const word = (text: string, box: Box, size = 10): Word => ({ text, box, size, font: "F", bold: false, dir: 0 });
/** n one-dot words from x, a dot every `pitch` points, on the line at y. */
const dots = (n: number, x: number, pitch: number, y = 100): Word[] => Array.from({ length: n }, (_, k) => word(".", [x + k * pitch, y, x + k * pitch + 2.8, y + 10]));
const texts = (words: Word[]) => words.map((w) => w.text);

test("spaced dot leaders after a label are dropped, the label and the values stay", () => {
  const line = [word("Croatia", [72, 100, 104, 110]), ...dots(8, 106.5, 5.6), word("28.4", [200, 100, 216, 110])];
  assert.deepEqual(texts(dropSpacedLeaders(line, RULE)), ["Croatia", "28.4"]);
  // A leader drawn as a run of its own, ending at the column, starts up to ~1.5 em after the label.
  const ownRun = [word("Norway", [72, 100, 102, 110]), ...dots(6, 115, 5.6)];
  assert.deepEqual(texts(dropSpacedLeaders(ownRun, RULE)), ["Norway"]);
});

test("a few dots, dots far from the label, or dots standing alone are kept (placeholders)", () => {
  assert.deepEqual(texts(dropSpacedLeaders([word("Malta", [72, 100, 95, 110]), ...dots(2, 97, 5.6)], RULE)), ["Malta", ".", "."]);
  assert.deepEqual(texts(dropSpacedLeaders([word("Malta", [72, 100, 95, 110]), ...dots(4, 150, 5.6)], RULE)), ["Malta", ".", ".", ".", "."]);
  assert.deepEqual(texts(dropSpacedLeaders(dots(3, 150, 5.6), RULE)), [".", ".", "."]);
  // Dots on another line than the word before them.
  assert.deepEqual(texts(dropSpacedLeaders([word("Malta", [72, 100, 95, 110]), ...dots(4, 97, 5.6, 120)], RULE)), ["Malta", ".", ".", ".", "."]);
});
