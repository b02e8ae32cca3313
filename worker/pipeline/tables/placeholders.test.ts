import { test } from "node:test";
import assert from "node:assert/strict";
import { isNumeric } from "./build-table";
import { isPlaceholder, markedValues as marked } from "./placeholders";

const markedValues = (cells: Array<{ col: number; text: string }>) => marked(cells, isNumeric);

const row = (...texts: string[]) => texts.map((text, col) => ({ col, text }));

test("placeholder marks where numbers stand make a row of values", () => {
  for (const mark of ["(NA)", "(X)", "(D)", "(Z)", "Z", "–", "—", "..."]) assert.ok(isPlaceholder(mark), mark);
  assert.equal(markedValues(row("Germany", "", "", "(X)", "")).length, 1);
  assert.equal(markedValues(row("Construction 4", "(X)", "", "Z")).length, 2);
  assert.equal(markedValues(row("Finance", "200.7", "Z", "(X)")).length, 3);
});

test("column designators, words and label-less rows are not read as values through marks", () => {
  assert.ok(!isPlaceholder("(A)"));
  assert.equal(markedValues(row("Item", "(A)", "(B)", "(D)")).length, 0);
  assert.equal(markedValues(row("", "(X)", "Z")).length, 0);
  assert.equal(markedValues(row("Area", "Total", "(X)")).length, 0);
  // A row of numbers only has no marks to be read through (isNumeric decides it).
  assert.equal(markedValues(row("Malta", "12.5", "3.1")).length, 0);
});

test("numbers carrying a bracketed status flag are values; a flagged year is a column name", () => {
  assert.equal(markedValues(row("Sweden", "717.0 (e)", "427.2 (e)", "383.0(p)")).length, 3);
  assert.equal(markedValues(row("Sweden", "717.0 (e)", "12.5")).length, 2);
  assert.equal(markedValues(row("Item", "2019 (p)", "2020 (p)")).length, 0);
  assert.equal(markedValues(row("Item", "Total (e)", "12.5")).length, 0);
});
