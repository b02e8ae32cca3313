import { test } from "node:test";
import assert from "node:assert/strict";
import type { TextLine, Word } from "../types";
import { isNamesOverValues } from "./names-over-values";
import { SETTINGS } from "../settings";

/** A line of words at `y`, each `[text, x0, x1]`, 9 pt type. */
function line(y: number, ...words: Array<[string, number, number]>): TextLine {
  const ws: Word[] = words.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 9], size: 9, font: "F", bold: false, dir: 0 }));
  return { words: ws, box: [ws[0]!.box[0], y, ws.at(-1)!.box[2], y + 9], text: words.map((w) => w[0]).join(" "), size: 9, bold: false };
}

/** The first row of values: a label and values right-aligned at 170, 202, 232, each 20 pt wide. */
const row = line(80, ["Georgia", 67, 96], ["756.7", 150, 170], ["854.6", 182, 202], ["625.4", 212, 232]);
const first = {
  line: row,
  cells: [line(80, ["Georgia", 67, 96]), ...row.words.slice(1).map((w) => line(80, [w.text, w.box[0], w.box[2]]))],
};

test("one name over each value column, set wider than a word space, names the columns", () => {
  // 0.53 and 0.67 em apart, each name right-aligned with its numbers and wider than them.
  assert.equal(
    isNamesOverValues(line(66, ["Area", 67, 86], ["Turnover", 135, 172], ["Stocks", 176.8, 202], ["Prices", 208, 232]), first, SETTINGS),
    true,
  );
  // The stub's name may be blank or several words.
  assert.equal(isNamesOverValues(line(66, ["Turnover", 135, 172], ["Stocks", 176.8, 202], ["Prices", 208, 232]), first, SETTINGS), true);
  assert.equal(
    isNamesOverValues(
      line(66, ["Geographic", 67, 110], ["area", 112, 128], ["Turnover", 135, 172], ["Stocks", 176.8, 202], ["Prices", 208, 232]),
      first,
      SETTINGS,
    ),
    true,
  );
});

test("a phrase, a band, numbers or a line far above do not", () => {
  // Words a word space apart (2.5 pt at 9 pt): one phrase over the columns.
  assert.equal(isNamesOverValues(line(66, ["Turnover", 140, 172], ["in", 174.5, 181], ["euro", 183.5, 200]), first, SETTINGS), false);
  // Two words over two of three columns: a band, or names missing.
  assert.equal(isNamesOverValues(line(66, ["Second", 150, 180], ["half", 186, 202]), first, SETTINGS), false);
  // Two names over one column.
  assert.equal(
    isNamesOverValues(line(66, ["Turnover", 135, 160], ["Stocks", 166, 172], ["Prices", 208, 232], ["Total", 240, 260]), first, SETTINGS),
    false,
  );
  // Years are values here: a row of numbers is no line of names.
  assert.equal(isNamesOverValues(line(66, ["1990", 150, 170], ["1991", 182, 202], ["1992", 212, 232]), first, SETTINGS), false);
  // Three line heights above the row.
  assert.equal(isNamesOverValues(line(40, ["Turnover", 135, 172], ["Stocks", 176.8, 202], ["Prices", 208, 232]), first, SETTINGS), false);
});
