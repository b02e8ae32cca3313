// The band index only narrows which boxes are tested: wordsInBox and the recut of spanning words
// must give what a test of every box gives, item for item and in the same order. Generated pages of
// words (dense rows, tall and inverted boxes, boxes off the page, NaN corners, duplicates) against
// generated cell boxes at several seeds, compared with the full scans written out here.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell } from "../../../lib/result/schema";
import type { Word } from "../types";
import { BoxBands } from "./box-bands";
import { isRulingNoise, isWordInBox, wordsInBox, type BoxedWord } from "./words-in-box";
import { recutSpanningWords } from "./recut-spanning-words";
import { raisedMarksOf } from "./reconcile-page";
import { valueWithRaisedMarks } from "./raised-marks";
import { int, seededRng as random } from "../../../tests/pdf/corpus/content";
import { tableFixture } from "../../../tests/result/table-fixture";

function oddBox(rnd: () => number): BBox {
  switch (int(rnd, 0, 5)) {
    case 0:
      return [NaN, 10, 20, 30];
    case 1: {
      const x = rnd() * 600;
      const y = rnd() * 800;
      return [x, y + 12, x + 30, y]; // upside down
    }
    case 2:
      return [rnd() * 600, -40 - rnd() * 100, 600, 900 + rnd() * 100]; // taller than the page
    case 3:
      return [-50, -30 - rnd() * 10, -20, -22]; // off the page, above it
    case 4:
      return [100, 100, 100, 100]; // no area
    default:
      return [rnd() * 600, Infinity, 610, Infinity];
  }
}

function page(seed: number): { words: BoxedWord[]; cells: BBox[] } {
  const rnd = random(seed);
  const words: BoxedWord[] = [];
  const rows = int(rnd, 5, 60);
  const lineHeight = 6 + rnd() * 12;
  for (let r = 0; r < rows; r++) {
    const y = 20 + r * lineHeight * (1 + rnd() * 0.4);
    for (let x = 20 + rnd() * 10; x < 580; x += 20 + rnd() * 60) {
      const w = 8 + rnd() * 50;
      const text = ["12.5", " ", "|", "Total", "(3.1)", "", "_[", "abc def"][int(rnd, 0, 7)]!;
      const box: BBox = [x, y - rnd() * 1.5, x + w, y + lineHeight * (0.6 + rnd() * 0.5)];
      words.push(int(rnd, 0, 1) === 0 ? { text, bbox: box, confidence: rnd() } : { text, box });
    }
  }
  for (let k = int(rnd, 0, 8); k > 0; k--) words.push({ text: "9", bbox: oddBox(rnd) });
  if (words.length > 0) words.push(words[int(rnd, 0, words.length - 1)]!); // the same word twice
  const cells: BBox[] = [];
  for (let k = 0; k < 120; k++) {
    if (int(rnd, 0, 9) === 0) cells.push(oddBox(rnd));
    else {
      const x = rnd() * 600;
      const y = rnd() * 820 - 10;
      cells.push([x, y, x + 5 + rnd() * 120, y + 2 + rnd() * (int(rnd, 0, 5) === 0 ? 200 : 25)]);
    }
  }
  return { words, cells };
}

const fullScan = (words: readonly BoxedWord[], box: BBox) =>
  words.filter((w) => isWordInBox(w, box) && w.text.trim() !== "" && !isRulingNoise(w.text));

for (const seed of [1, 2, 3, 17, 91, 404, 2024, 77777]) {
  test(`wordsInBox with bands finds what a full scan finds (seed ${seed})`, () => {
    const { words, cells } = page(seed);
    // Every question after the first two goes through the bands (words-in-box.ts).
    for (const cell of cells) assert.deepEqual(wordsInBox(words, cell), fullScan(words, cell));
  });
}

test("the bands' candidates hold every box meeting the query, ascending, each once", () => {
  for (const seed of [5, 6, 7]) {
    const { words, cells } = page(seed);
    const boxes = words.map((w) => ("bbox" in w ? w.bbox : w.box));
    const bands = new BoxBands(boxes);
    for (const cell of cells) {
      const candidates = bands.candidates(cell, 1.5);
      if (candidates === null) continue; // the caller tests every box
      assert.deepEqual(
        candidates,
        [...candidates].sort((a, b) => a - b),
      );
      assert.equal(new Set(candidates).size, candidates.length);
      const found = new Set(candidates);
      boxes.forEach((box, i) => {
        if (isWordInBox({ text: "x", bbox: box }, cell))
          assert.ok(found.has(i), `box ${i} ${JSON.stringify(box)} in ${JSON.stringify(cell)}`);
      });
    }
  }
});

test("a non-finite query box gives no candidates (every box is tested)", () => {
  const bands = new BoxBands([[0, 0, 10, 10]]);
  assert.equal(bands.candidates([0, NaN, 10, 10], 1), null);
  assert.deepEqual(bands.candidates([0, 0, 10, 10], 1), [0]);
});

test("the recut of spanning words is the same with the cells in bands as cell by cell", () => {
  // Rows of cells whose text the words repeat glued together, so that many words are cut; the
  // expected pieces come from recutting each word against only the cells of its own row, which
  // the band index must reproduce when given every row's cells.
  for (const seed of [11, 12, 13, 14]) {
    const rnd = random(seed);
    const cells: { value: string; bbox: BBox }[] = [];
    const words: BoxedWord[] = [];
    const rowCells: { value: string; bbox: BBox }[][] = [];
    for (let r = 0; r < 40; r++) {
      const y = 30 + r * 11;
      const row: { value: string; bbox: BBox }[] = [];
      for (let c = 0; c < 8; c++) row.push({ value: String(int(rnd, 0, 999)), bbox: [40 + c * 60, y, 90 + c * 60, y + 9] });
      cells.push(...row);
      rowCells.push(row);
      for (let c = 0; c < 8;) {
        const span = Math.min(8 - c, int(rnd, 1, 3));
        const text = row
          .slice(c, c + span)
          .map((cell) => cell.value)
          .join("");
        words.push({ text, bbox: [42 + c * 60, y + 1, 88 + (c + span - 1) * 60, y + 8] });
        c += span;
      }
    }
    const perRow = words.flatMap((word) => recutSpanningWords([word], rowCells[rowOf(word)]!));
    assert.deepEqual(recutSpanningWords(words, cells), perRow);
    assert.ok(recutSpanningWords(words, cells).length > words.length, "some words were cut");
  }
});

function rowOf(word: BoxedWord): number {
  const box = "bbox" in word ? word.bbox : word.box;
  return Math.round((box[1] - 1 - 30) / 11);
}

test("raised marks found through bands are the full scan's, cell by cell", () => {
  // Rows of cells, some with a small raised mark after their text, some words tall enough to
  // span rows, and cells whose boxes overlap their neighbours': each cell's marked value must be
  // what valueWithRaisedMarks finds among all of the page's words.
  for (const seed of [21, 22, 23, 24, 25]) {
    const rnd = random(seed);
    const words: Word[] = [];
    const rows: Cell[][] = [];
    for (let r = 0; r < 30; r++) {
      const y = 40 + r * (9 + rnd() * 8);
      const row: Cell[] = [];
      for (let c = 0; c < 6; c++) {
        const x = 30 + c * 90;
        const size = 7 + rnd() * 4;
        const text = String(int(rnd, 1, 9999));
        const w = text.length * size * 0.5;
        words.push({ text, box: [x, y, x + w, y + size], size, font: "F", bold: false, dir: 0 });
        let right = x + w;
        let value = text;
        if (int(rnd, 0, 2) === 0) {
          const small = size * 0.6;
          const mark = ["1", "a", "*"][int(rnd, 0, 2)]!;
          words.push({
            text: mark,
            box: [right + 0.5, y - 2, right + 0.5 + small * 0.5, y - 2 + small],
            size: small,
            font: "F",
            bold: false,
            dir: 0,
          });
          right += 0.5 + small * 0.5;
          value += mark;
        }
        if (int(rnd, 0, 20) === 0) words.push({ text: "7", box: [x + 2, y - 30, x + 8, y + 30], size: 60, font: "F", bold: false, dir: 0 });
        row.push({
          value,
          confidence: "unverified",
          sources: ["pdf-text"],
          bbox: [x - 1, y - 3 - rnd() * 6, right + 1, y + size + rnd() * 6],
        });
      }
      rows.push(row);
    }
    const table = tableFixture(rows, { bbox: [0, 0, 600, 800] });
    const marks = raisedMarksOf(table, words);
    const expected = rows.map((row) => row.map((cell) => valueWithRaisedMarks(cell.value, cell.bbox!, words)));
    assert.ok(
      expected.flat().some((m) => m !== null),
      "some cells have marks",
    );
    assert.deepEqual(marks?.rows, expected);
  }
});
