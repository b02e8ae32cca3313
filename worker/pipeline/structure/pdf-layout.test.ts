// pdf-layout reads a table's region from text geometry, and vouches for it only where numbers
// stand in its columns: a block of words in columns (a chart's legend, a key of abbreviations)
// has a table's gutters without being a table, so there it has no opinion.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Word } from "../types";
import type { StructureContext } from "./types";
import { pdfLayoutReader } from "./pdf-layout";
import { SETTINGS } from "../settings";

const word = (text: string, x: number, y: number): Word => ({
  text,
  box: [x, y, x + text.length * 5, y + 10],
  size: 10,
  font: "F",
  bold: false,
  dir: 0,
});

/** Three rows of two columns, 80 pt apart, starting at (x, y). */
function block(rows: Array<[string, string]>, x: number, y: number): { words: Word[]; region: Box } {
  const words = rows.flatMap(([a, b], r) => [word(a, x, y + r * 14), word(b, x + 80, y + r * 14)]);
  return { words, region: [x, y, x + 80 + 50, y + (rows.length - 1) * 14 + 10] };
}

function context(words: Word[], tableRegions: Box[]): StructureContext {
  return {
    pageNumber: 1,
    words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions,
    ocr: {},
    page: null,
    settings: SETTINGS,
  };
}

const LEGEND = block(
  [
    ["Greece", "Spain"],
    ["Ireland", "Italy"],
    ["Portugal", "Sweden"],
  ],
  100,
  100,
);
const DATA = block(
  [
    ["Greece", "12.5"],
    ["Ireland", "7.1"],
    ["Portugal", "3.0"],
  ],
  100,
  300,
);

test("a block of words in columns without a number: no opinion", async () => {
  assert.equal(await pdfLayoutReader.read(context(LEGEND.words, [LEGEND.region])), null);
});

test("the same geometry with numbers in a column is read as a table, cell by cell", async () => {
  const reading = await pdfLayoutReader.read(context(DATA.words, [DATA.region]));
  assert.ok(reading && reading.kind === "tables");
  assert.equal(reading.tables.length, 1);
  const cells = reading.tables[0]!.cells.filter((c) => c.text !== "").map((c) => c.text);
  assert.deepEqual(cells.sort(), ["12.5", "3.0", "7.1", "Greece", "Ireland", "Portugal"]);
});

test("on a page with both, only the numbers' block gets a reading", async () => {
  const reading = await pdfLayoutReader.read(context([...LEGEND.words, ...DATA.words], [LEGEND.region, DATA.region]));
  assert.ok(reading && reading.kind === "tables");
  assert.equal(reading.tables.length, 1);
  assert.ok(reading.tables[0]!.cells.some((c) => c.text === "12.5"));
});
