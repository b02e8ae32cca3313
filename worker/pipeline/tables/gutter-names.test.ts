import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { SETTINGS } from "../settings";
import { splitAtGutters } from "./layout-model";
import { makeLine } from "../geometry/words-to-lines";

const word = (text: string, x0: number, x1: number, size = 11): Word => ({
  text,
  box: [x0, 0, x1, size],
  size,
  font: "f",
  bold: false,
  dir: 0,
});
// The rule is off by default (settings.ts gutterBothRunIn says why); these tests switch it on.
const ON = { ...SETTINGS, gutterBothRunIn: true };
const texts = (words: Word[], columns: Array<{ x0: number; x1: number }>, settings = ON) =>
  splitAtGutters(makeLine(words), columns, settings).map((l) => l.text);

// Columns read from the body of a table set with 10 pt gaps at 11 pt: the stub, then numbers.
const columns = [
  { x0: 66, x1: 205 },
  { x0: 249, x1: 285 },
  { x0: 296, x1: 332 },
  { x0: 351, x1: 386 },
  { x0: 400, x1: 435 },
];

test("two one-word names wider than their numbers, each centred over its column, meet in the gutter: two cells", () => {
  // "Turnover" overhangs its numbers on both sides; "Imports" starts 3 pt before its column.
  assert.deepEqual(texts([word("Turnover", 343, 388), word("Imports", 397, 435)], columns), ["Turnover", "Imports"]);
  assert.deepEqual(texts([word("Turnover", 343, 388), word("Imports", 397, 435)], columns, SETTINGS), ["Turnover Imports"]);
});

test("a label centred over two columns, broken at a wide word space over their gutter, stays one cell", () => {
  // Its words sit off their columns' centres and short of the far column.
  assert.deepEqual(
    texts(
      [word("Second", 191, 215, 8), word("half", 220, 236, 8)],
      [
        { x0: 80, x1: 112 },
        { x0: 184, x1: 204 },
        { x0: 247, x1: 267 },
      ],
    ),
    ["Second half"],
  );
  // A phrase on either side is no single name, however it sits.
  assert.deepEqual(texts([word("number", 318, 345), word("of", 347, 356), word("Imports", 397, 435)], columns), ["number of Imports"]);
});

test("the stub's widest label, running past the edge the other labels set, is cut from the number on the next column's edge", () => {
  const label = [word("Exports", 66, 98), word("of", 102, 111), word("goods,", 116, 145), word("small", 188, 211), word("firms", 216, 238)];
  assert.deepEqual(texts([...label, word("638,356", 249, 285)], columns), ["Exports of goods, small firms", "638,356"]);
  assert.deepEqual(texts([...label, word("638,356", 249, 285)], columns, { ...ON, gutterWidestRunOn: false }), [
    "Exports of goods, small firms 638,356",
  ]);
  // A word, not a number, after the gap carries the label on.
  assert.deepEqual(texts([...label, word("Exports", 249, 285)], columns), ["Exports of goods, small firms Exports"]);
});
