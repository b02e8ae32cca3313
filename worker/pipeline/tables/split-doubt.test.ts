import { test } from "node:test";
import assert from "node:assert/strict";
import { makeLine } from "../geometry/words-to-lines";
import type { ModelCell, TableModel, TextLine, Word } from "../types";
import { markPossibleSplits } from "./split-doubt";

const settings = { maxGapPitches: 6, columnAlignEm: 1 };

/** A table of rows 15 pt apart from y0: a stub label at x 50 and values right-aligned at 200,
 * 260, 320 (`shift` moves the value columns). `names`: a first line of column names. */
function model(y0: number, rows: string[][], names: string[] | null, shift = 0): TableModel {
  const lines = names ? [names, ...rows] : rows;
  const cells: ModelCell[] = lines.flatMap((texts, row) =>
    texts.map((text, col) => {
      const right = col === 0 ? 50 + text.length * 5 : 200 + shift + (col - 1) * 60;
      const left = col === 0 ? 50 : right - text.length * 5;
      return {
        row,
        col,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: [left, y0 + row * 15, right, y0 + row * 15 + 10] as [number, number, number, number],
      };
    }),
  );
  const boxes = cells.map((c) => c.box!);
  return {
    box: [Math.min(...boxes.map((b) => b[0])), y0, Math.max(...boxes.map((b) => b[2])), y0 + lines.length * 15 - 5],
    nRows: lines.length,
    nCols: 4,
    cells,
    headerRows: names ? 1 : 0,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

const word = (text: string, x0: number, y0: number): Word => ({
  text,
  box: [x0, y0, x0 + text.length * 5, y0 + 10],
  size: 10,
  font: "F",
  bold: false,
  dir: 0,
});
/** A line of chunks at y, each chunk one word at its x. */
const line = (y: number, chunks: Array<[string, number]>): TextLine[] => chunks.map(([t, x]) => makeLine([word(t, x, y)]));

const upperRows = [
  ["Mining", "12.5", "3.4", "-7.0"],
  ["Energy", "8.1", "14.2", "2.2"],
];
const lowerRows = [
  ["Health", "1.5", "13.4", "-0.5"],
  ["Retail trade", "18.0", "4.2", "6.1"],
];

test("a table opening with values right under one of as many aligned columns: both disputed", () => {
  const upper = model(100, upperRows, ["Sector", "A", "B", "C"]);
  const lower = model(175, lowerRows, null);
  markPossibleSplits([upper, lower], [], settings);
  assert.equal(upper.disputed, true);
  assert.equal(lower.disputed, true);
  // The upper one names its possible continuation, for the review page's "one table" answer.
  assert.deepEqual(upper.mayContinueIn, lower.box);
  assert.equal(lower.mayContinueIn, undefined);
});

test("rows left out, or a label in the stub, between the two are no reason to part them; a note over the values is", () => {
  const upper = model(100, upperRows, ["Sector", "A", "B", "C"]);
  const lower = model(175, lowerRows, null);
  markPossibleSplits(
    [upper, lower],
    [
      line(150, [
        ["Water", 50],
        ["2.0", 185],
        ["1.0", 250],
      ]),
    ],
    settings,
  );
  assert.equal(lower.disputed, true, "a value row between");
  const upper1 = model(100, upperRows, ["Sector", "A", "B", "C"]);
  const lower1 = model(175, lowerRows, null);
  markPossibleSplits([upper1, lower1], [line(150, [["Services:", 50]])], settings);
  assert.equal(lower1.disputed, true, "a section label in the stub between");
  const upper2 = model(100, upperRows, ["Sector", "A", "B", "C"]);
  const lower2 = model(175, lowerRows, null);
  markPossibleSplits([upper2, lower2], [line(150, [["Table 2. Prices of services by sector and region", 50]])], settings);
  assert.equal(lower2.disputed, false, "a title between");
});

test("a lower table under its own names (years included), far below, or with columns elsewhere is a table of its own", () => {
  const cases: Array<[string, TableModel]> = [
    ["own names", model(175, lowerRows, ["Sector", "D", "E", "F"])],
    ["years as names", model(175, lowerRows, ["", "2018", "2019", "2020"])],
    ["far below", model(400, lowerRows, null)],
    ["columns shifted", model(175, lowerRows, null, 40)],
  ];
  for (const [name, lower] of cases) {
    const upper = model(100, upperRows, ["Sector", "A", "B", "C"]);
    markPossibleSplits([upper, lower], [], settings);
    assert.equal(lower.disputed || upper.disputed, false, name);
    assert.equal(upper.mayContinueIn, undefined, name);
  }
});
