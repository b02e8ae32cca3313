// pdf-model's wordsToLines keeps each line's tops and bottoms sorted as words join it, instead of
// sorting them again for every word: checked against its former definition on drawn pages (rows
// at varied pitches, words nudged up and down, equal edges, signed zeros, infinite and NaN sides).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../../types";
import { wordsToLines, type Line } from "./features";

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const union = (boxes: Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** wordsToLines as first defined: the core's medians sort the line's words each time one joins. */
function formerWordsToLines(words: readonly Word[]): Line[] {
  const sorted = [...words].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]) || a.box[0] - b.box[0]);
  const lines: Array<Line & { core: [number, number] }> = [];
  for (const w of sorted) {
    const h = w.box[3] - w.box[1];
    let placed: (typeof lines)[number] | undefined;
    for (let k = lines.length - 1; k >= Math.max(0, lines.length - 3); k--) {
      const line = lines[k]!;
      const overlap = Math.min(line.core[1], w.box[3]) - Math.max(line.core[0], w.box[1]);
      if (overlap >= 0.5 * Math.min(h, line.core[1] - line.core[0])) {
        placed = line;
        break;
      }
    }
    if (placed) {
      placed.words.push(w);
      placed.box = union([placed.box, w.box]);
      placed.core = [median(placed.words.map((x) => x.box[1])), median(placed.words.map((x) => x.box[3]))];
    } else lines.push({ words: [w], box: [...w.box], core: [w.box[1], w.box[3]] });
  }
  for (const line of lines) line.words.sort((a, b) => a.box[0] - b.box[0]);
  return lines.sort((a, b) => a.box[1] - b.box[1]).map(({ words: lineWords, box }) => ({ words: lineWords, box }));
}

/** Lines as comparable text: each word by its index, each box value with its sign of zero. */
function shape(lines: Line[], words: readonly Word[]): string {
  const value = (v: number) => (Object.is(v, -0) ? "-0" : String(v));
  return lines.map((l) => `${l.words.map((w) => words.indexOf(w)).join(",")}@${l.box.map(value).join(",")}`).join(" | ");
}

test("pdf-model's wordsToLines makes the lines of its former definition on drawn pages", () => {
  let state = 17;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  for (let page = 0; page < 1500; page++) {
    const pitch = 8 + Math.floor(next() * 10);
    const height = 5 + Math.floor(next() * 6);
    const words: Word[] = [];
    const rows = 1 + Math.floor(next() * 8);
    for (let r = 0; r < rows; r++) {
      const n = 1 + Math.floor(next() * 12);
      for (let k = 0; k < n; k++) {
        // Nudged by whole, half or no points, so that equal tops and bottoms are common.
        const y = r * pitch + pick([0, 0, 0, 0.5, -0.5, 1, -1, 2, -3]);
        const x = k * 20 + pick([0, 1, 3]);
        const box: Box = [x, y, x + 15, y + height + pick([0, 0, 1, -1, 4])];
        // Now and then a side that is a signed zero, infinite or not a number.
        const odd = next();
        if (odd < 0.02) box[pick([1, 3])] = NaN;
        else if (odd < 0.04) box[pick([1, 3])] = pick([0, -0]);
        else if (odd < 0.05) box[3] = Infinity;
        words.push({ text: "w", box, size: height, font: "F", bold: false, dir: 0 });
      }
    }
    assert.equal(shape(wordsToLines(words), words), shape(formerWordsToLines(words), words), `page ${page}`);
  }
});
