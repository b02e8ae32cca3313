import { test } from "node:test";
import assert from "node:assert/strict";
import type { Direction, Word } from "../types";
import { SETTINGS } from "../settings";
import { layoutToModel } from "./build-table";
import { findRotatedNames } from "./rotated-names";

const up = (text: string, x0: number, bottom: number, dir: Direction = 270): Word => ({
  text,
  box: [x0, bottom - text.length * 5, x0 + 10, bottom],
  size: 10,
  font: "f",
  bold: false,
  dir,
});
const word = (text: string, x0: number, y0: number): Word => ({
  text,
  box: [x0, y0, x0 + text.length * 5, y0 + 10],
  size: 10,
  font: "f",
  bold: false,
  dir: 0,
});

// Three rows of a stub and two value columns; rotated names standing on y = 98 over the columns.
const body = [
  word("Austria", 0, 100),
  word("12.5", 80, 100),
  word("7.1", 130, 100),
  word("Belgium", 0, 114),
  word("3.2", 85, 114),
  word("44.0", 125, 114),
  word("Cyprus", 0, 128),
  word("1.0", 85, 128),
  word("9.9", 130, 128),
];

test("rotated runs standing side by side on the first row's top are the header, an upright stub name beside them too", () => {
  const words = [...body, up("Employment", 83, 98), up("Hours", 130, 98), word("Country", 0, 88)];
  const model = layoutToModel([0, 100, 150, 138], words, SETTINGS)!;
  assert.equal(model.headerRows, 1);
  assert.deepEqual(
    model.cells.filter((c) => c.row === 0).map((c) => [c.col, c.text]),
    [
      [0, "Country"],
      [1, "Employment"],
      [2, "Hours"],
    ],
  );
  assert.equal(model.nRows, 4);
  assert.deepEqual(
    model.cells.filter((c) => c.row === 1).map((c) => c.text),
    ["Austria", "12.5", "7.1"],
  );
});

test("not column names: a lone rotated run, runs beside the body (side labels), runs far above the table", () => {
  assert.deepEqual(findRotatedNames([...body, up("Employment", 83, 98)], [0, 100, 150, 138], SETTINGS), []);
  assert.deepEqual(findRotatedNames([...body, up("North", -15, 138), up("South", 160, 138)], [-15, 100, 170, 138], SETTINGS), []);
  assert.deepEqual(findRotatedNames([...body, up("Employment", 83, 40), up("Hours", 130, 40)], [0, 100, 150, 138], SETTINGS), []);
  assert.deepEqual(
    findRotatedNames([...body, up("Employment", 83, 98), up("Hours", 130, 98)], [0, 100, 150, 138], {
      ...SETTINGS,
      rotatedColumnNames: false,
    }),
    [],
  );
});

test("upright band labels over the rotated names: a band line above the names' row, the names still found under a band line of cells", () => {
  // Two bands above the tallest name (its top at 48), each over one column.
  const words = [...body, up("Employment", 83, 98), up("Hours", 130, 98), word("Men", 80, 36), word("Women", 125, 36)];
  const model = layoutToModel([0, 100, 150, 138], words, SETTINGS)!;
  assert.equal(model.headerRows, 2);
  assert.deepEqual(
    model.cells.filter((c) => c.row <= 1 && c.text !== "").map((c) => [c.row, c.col, c.text]),
    [
      [0, 1, "Men"],
      [0, 2, "Women"],
      [1, 1, "Employment"],
      [1, 2, "Hours"],
    ],
  );
  // Inside a region that holds the band line (a grid, a ground-truth region), the names stand on
  // the first body line, not on the band line.
  assert.equal(findRotatedNames(words, [0, 30, 150, 138], SETTINGS).length, 2);
});

test("a rotated name of three words is one name whatever the order of its words' x", () => {
  // Bottom to top: "Labour" (y 98-68), "cost" (66-46), "index" (44-19). pdf.js places the first
  // word a rounding error left of the others: sorted by x, "index" came before "cost", touched
  // only "Labour" beyond reach, and was left a name of its own.
  const at = (text: string, x0: number, bottom: number) => ({
    ...up(text, x0, bottom),
    box: [x0, bottom - text.length * 5, 93, bottom] as Word["box"],
  });
  for (const xs of [
    [83, 83 + 1e-12, 83 + 1e-12],
    [83 + 1e-12, 83, 83],
    [83, 83, 83],
  ]) {
    const words = [...body, at("Labour", xs[0]!, 98), at("cost", xs[1]!, 66), at("index", xs[2]!, 44), up("Hours", 130, 98)];
    assert.deepEqual(
      findRotatedNames(words, [0, 100, 150, 138], SETTINGS).map((n) => n.text),
      ["Labour cost index", "Hours"],
      JSON.stringify(xs),
    );
  }
});
