import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { SETTINGS } from "../settings";
import { wordsToLines } from "../geometry/words-to-lines";
import { continuesInnerCell, valuesOnInnerWrap } from "./inner-wraps";

const word = (text: string, x0: number, y0: number): Word => ({
  text,
  box: [x0, y0, x0 + text.length * 5, y0 + 10],
  size: 10,
  font: "f",
  bold: false,
  dir: 0,
});
const line = (...words: Word[]) => wordsToLines(words, SETTINGS.lineCenterToleranceEm)[0]!;

// A row: code at 0, description at 40, values at 200 and 260.
const row = line(word("621", 0, 0), word("Ambulatory", 40, 0), word("health", 95, 0), word("12.5", 200, 0), word("7.1", 260, 0));

test("a lower-case line flush under an inner cell at wrap distance carries on that cell", () => {
  assert.equal(continuesInnerCell(line(word("offices", 40, 12), word("of", 80, 12), word("physicians", 95, 12)), row, SETTINGS), true);
  assert.equal(continuesInnerCell(line(word("(except", 40, 12), word("oil)", 80, 12)), row, SETTINGS), true);
});

test("not a continuation: a capital start, a line under the first column, a gap, a second chunk, a line running into the next cell", () => {
  assert.equal(continuesInnerCell(line(word("Offices", 40, 12)), row, SETTINGS), false);
  assert.equal(continuesInnerCell(line(word("offices", 0, 12)), row, SETTINGS), false);
  assert.equal(continuesInnerCell(line(word("offices", 40, 25)), row, SETTINGS), false);
  assert.equal(continuesInnerCell(line(word("offices", 40, 12), word("3.2", 200, 12)), row, SETTINGS), false);
  assert.equal(continuesInnerCell(line(word("offices", 40, 12), word("andmoreandmoreandmoreand", 85, 12)), row, SETTINGS), false);
  assert.equal(continuesInnerCell(line(word("offices", 40, 12)), row, { ...SETTINGS, innerCellWraps: false }), false);
});

test("a row whose values stand on its description's last line: that line carries on the row", () => {
  const cell = (text: string, x0: number) => ({ last: 1, words: [{ ...word(text, x0, 0) }] });
  const row = new Map([
    [0, { last: 0, words: [word("481", 0, 0)] }],
    [1, cell("Air", 40)],
  ]);
  const numeric = (t: string) => /^[\d.,+-]+$/.test(t);
  const values = (first: string, x0 = 40) =>
    new Map([
      [1, cell(first, x0)],
      [2, { last: 2, words: [word("660.7", 200, 12)] }],
    ]);
  assert.equal(valuesOnInnerWrap(values("and"), row, 10, SETTINGS, numeric), true);
  // Not: a capital start, an indented start, a row that has its values already, the stub filled.
  assert.equal(valuesOnInnerWrap(values("And"), row, 10, SETTINGS, numeric), false);
  assert.equal(valuesOnInnerWrap(values("and", 52), row, 10, SETTINGS, numeric), false);
  const done = new Map([...row, [2, { last: 2, words: [word("12.5", 200, 0)] }]]);
  assert.equal(valuesOnInnerWrap(values("and"), done, 10, SETTINGS, numeric), false);
  assert.equal(
    valuesOnInnerWrap(new Map([[0, { last: 0, words: [word("522", 0, 12)] }], ...values("and")]), row, 10, SETTINGS, numeric),
    false,
  );
  assert.equal(valuesOnInnerWrap(values("and"), row, 10, { ...SETTINGS, innerCellWraps: false }, numeric), false);
});
