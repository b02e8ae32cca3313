import { test } from "node:test";
import assert from "node:assert/strict";
import { makeLine } from "../geometry/words-to-lines";
import type { Grid } from "../geometry/rulings-to-grid";
import { SETTINGS } from "../settings";
import type { Box, TextLine, Word } from "../types";
import { stackedBoxGrids } from "./stacked-boxes";

const word = (text: string, x0: number, x1: number, top: number, size = 8): Word => ({
  text,
  box: [x0, top, x1, top + size],
  size,
  font: "F",
  bold: false,
  dir: 0,
});
/** A row at `top`: a label and values 40 pt apart from x = 200. */
const row = (top: number, label: string, values: string[]): TextLine =>
  makeLine([word(label, 20, 20 + label.length * 4, top), ...values.map((v, k) => word(v, 200 + 40 * k, 225 + 40 * k, top))]);

test("ruled boxes around row groups of one text region are read as one table; boxes each opening with names are not", () => {
  const box = (top: number, bottom: number): Grid => ({
    xs: [16, 270],
    ys: [top, bottom],
    cells: [{ row: 0, col: 0, rowSpan: 1, colSpan: 1, box: [16, top, 270, bottom] }],
    box: [16, top, 270, bottom],
  });
  const region: Box = [20, 100, 265, 236];
  const values = [
    row(100, "Mining", ["1", "2"]),
    row(116, "Water", ["3", "4"]),
    row(164, "Wheat", ["5", "6"]),
    row(180, "Health", ["7", "8"]),
  ];
  const grids = [box(96, 134), box(160, 194)];
  const isNames = (l: TextLine) => /^Item/.test(l.text);
  assert.equal(stackedBoxGrids(grids, [region], values, isNames, SETTINGS).size, 2);
  // The second box opens with a line of column names: a table of its own.
  const named = [...values.slice(0, 2), row(164, "Item", ["Men", "Women"]), values[3]!];
  assert.equal(stackedBoxGrids(grids, [region], named, isNames, SETTINGS).size, 0);
  // One box alone is no group of boxes.
  assert.equal(stackedBoxGrids([grids[0]!], [region], values, isNames, SETTINGS).size, 0);
});
