// The merged-cell layout the result page and the review page draw: span_grid regions as one cell,
// covered cells left out, colbands as header rows above the leaf line; bad input drawn flat.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell } from "./schema";
import { bandRows, coveredCells, tableLayout, type LayoutTable } from "./span-layout";

const cell = (value: string): Cell => ({ value, confidence: "unverified", sources: value ? ["pdf-text"] : [] });
const grid = (rows: string[][]): Cell[][] => rows.map((row) => row.map(cell));

test("a body span is one cell with rowSpan/colSpan; the cells it covers are not drawn", () => {
  // The golden merged table: "not measured" spans Air and Water in body row 1.
  const table: LayoutTable = {
    header_cells: ["Site", "Air", "Water"].map(cell),
    rows: grid([
      ["Plant A", "12", "4"],
      ["Plant B", "not measured", ""],
      ["Plant C", "9", "5"],
    ]),
    span_grid: [{ row: 1, col: 1, row_span: 1, col_span: 2 }],
  };
  const layout = tableLayout(table);
  assert.deepEqual(layout.head, [[0, 1, 2].map((col) => ({ kind: "header", col, colSpan: 1, rowSpan: 1 }))]);
  assert.deepEqual(layout.body[1], [
    { kind: "body", row: 1, col: 0, rowSpan: 1, colSpan: 1 },
    { kind: "body", row: 1, col: 1, rowSpan: 1, colSpan: 2 },
  ]);
  assert.equal(layout.body[0]!.length, 3);
  assert.equal(layout.body[2]!.length, 3);
  assert.deepEqual([...layout.covered], ["1,2"]);
  assert.deepEqual([...coveredCells(table)], ["1,2"]);
});

test("a row span leaves the covered cell out of the rows below", () => {
  const table: LayoutTable = {
    header_cells: [],
    rows: grid([
      ["Size", "Length", "10"],
      ["", "Width", "4"],
      ["", "Mass", "2"],
    ]),
    span_grid: [{ row: 0, col: 0, row_span: 3, col_span: 1 }],
  };
  const layout = tableLayout(table);
  assert.deepEqual(layout.head, []);
  assert.deepEqual(layout.body[0]![0], { kind: "body", row: 0, col: 0, rowSpan: 3, colSpan: 1 });
  assert.deepEqual(
    layout.body[1]!.map((c) => c.col),
    [1, 2],
  );
  assert.deepEqual(
    layout.body[2]!.map((c) => c.col),
    [1, 2],
  );
  assert.deepEqual([...layout.covered].sort(), ["1,0", "2,0"]);
});

test("bad span_grid input is drawn flat: overlap, a hidden value, off the table, single cells", () => {
  const table: LayoutTable = {
    header_cells: [],
    rows: grid([
      ["a", "", "c"],
      ["", "", "007"],
      ["g", "h", "i"],
    ]),
    span_grid: [
      { row: 0, col: 0, row_span: 2, col_span: 1 }, // drawn
      { row: 1, col: 0, row_span: 2, col_span: 1 }, // overlaps the first
      { row: 1, col: 1, row_span: 1, col_span: 2 }, // would hide "007"
      { row: 2, col: 2, row_span: 5, col_span: 5 }, // clipped to one cell
      { row: 9, col: 0, row_span: 2, col_span: 1 }, // below the table
      { row: 0, col: 1, row_span: 1, col_span: 9 }, // would hide "c" once clipped
    ],
  };
  const layout = tableLayout(table);
  assert.deepEqual(layout.spans, [{ row: 0, col: 0, row_span: 2, col_span: 1 }]);
  assert.deepEqual([...layout.covered], ["1,0"]);
  assert.deepEqual(
    layout.body.map((row) => row.length),
    [3, 2, 3],
  );
});

test("a clipped span that still merges is drawn at its clipped size", () => {
  const table: LayoutTable = {
    header_cells: [],
    rows: grid([
      ["a", "", ""],
      ["b", "", ""],
    ]),
    span_grid: [{ row: 1, col: 1, row_span: 4, col_span: 4 }],
  };
  assert.deepEqual(tableLayout(table).spans, [{ row: 1, col: 1, row_span: 1, col_span: 2 }]);
});

test("a colband is one header cell spanning its columns; unbanded leaf names fill the header height", () => {
  // The golden multi-row header: "Sales" over 2023 and 2024, "Product" two lines tall.
  const table: LayoutTable = {
    header_cells: ["Product", "2023", "2024"].map(cell),
    rows: grid([
      ["Tea", "10", "12"],
      ["Coffee", "20", "25"],
    ]),
    colbands: [{ label: "Sales", start_col: 1, end_col: 2 }],
  };
  const layout = tableLayout(table);
  assert.deepEqual(layout.head, [
    [
      { kind: "header", col: 0, colSpan: 1, rowSpan: 2 },
      { kind: "band", col: 1, colSpan: 2, rowSpan: 1, label: "Sales" },
    ],
    [
      { kind: "header", col: 1, colSpan: 1, rowSpan: 1 },
      { kind: "header", col: 2, colSpan: 1, rowSpan: 1 },
    ],
  ]);
  assert.deepEqual(
    layout.body.map((row) => row.length),
    [3, 3],
  );
});

test("nested colbands stack widest first; gaps under a wide band are empty cells", () => {
  const bands = [
    { label: "Q1", start_col: 1, end_col: 2 },
    { label: "2024", start_col: 1, end_col: 4 },
    { label: "Q2", start_col: 3, end_col: 4 },
  ];
  assert.deepEqual(
    bandRows(bands, 5).map((row) => row.map((b) => b.label)),
    [["2024"], ["Q1", "Q2"]],
  );
  const layout = tableLayout({
    header_cells: ["Item", "a", "b", "c", "d"].map(cell),
    rows: [],
    colbands: [...bands, { label: "x", start_col: 3, end_col: 1 }],
  });
  assert.equal(layout.head.length, 3);
  assert.deepEqual(
    layout.head[0]!.map((c) => [c.kind, c.col, c.colSpan, c.rowSpan]),
    [
      ["header", 0, 1, 3],
      ["band", 1, 4, 1],
    ],
  );
  assert.deepEqual(
    layout.head[1]!.map((c) => [c.kind, c.col, c.colSpan]),
    [
      ["band", 1, 2],
      ["band", 3, 2],
    ],
  );
  assert.deepEqual(
    layout.head[2]!.map((c) => c.col),
    [1, 2, 3, 4],
  );

  // A column banded on one level only gets an empty cell on the other.
  const partial = tableLayout({
    header_cells: ["a", "b", "c"].map(cell),
    rows: [],
    colbands: [
      { label: "all", start_col: 0, end_col: 2 },
      { label: "bc", start_col: 1, end_col: 2 },
    ],
  });
  assert.deepEqual(
    partial.head[1]!.map((c) => [c.kind, c.col, c.colSpan]),
    [
      ["gap", 0, 1],
      ["band", 1, 2],
    ],
  );
});
