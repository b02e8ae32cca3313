// Word blocks that are not tables (tables/word-blocks.ts) against the word-only tables that are:
// the rules need a chart's drawing around a legend, and code/expansion pairs with no header under
// a table for a key. Models built by hand, so each piece of evidence can be taken away alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, PdfGraphicsReading, Ruling, TableModel } from "../types";
import { dropWordBlocks, isAbbreviationKey, isChartLegend } from "./word-blocks";
import { SETTINGS } from "../settings";

/** A model whose rows of texts start at y, 12 pt apart, columns 80 pt apart from x (10 pt tall cells). */
function model(rows: string[][], x = 100, y = 100, source: TableModel["source"] = "pdf-layout"): TableModel {
  const cells = rows.flatMap((texts, row) =>
    texts.map((text, col) => ({
      row,
      col,
      rowSpan: 1,
      colSpan: 1,
      text,
      box: text === "" ? null : ([x + col * 80, y + row * 12, x + col * 80 + 6 * text.length, y + row * 12 + 10] as Box),
    })),
  );
  const boxes = cells.flatMap((c) => (c.box ? [c.box] : []));
  const box: Box = [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
  return {
    box,
    nRows: rows.length,
    nCols: Math.max(...rows.map((r) => r.length)),
    cells,
    headerRows: 1,
    rowGroups: [],
    source,
    disputed: false,
  };
}

const NO_GRAPHICS: PdfGraphicsReading = { rulings: [], filledRects: [], drawings: [], images: [] };
const legendRows = [
  ["Austria", "Greece"],
  ["Italy", "Spain"],
  ["Portugal", "Ireland"],
];

/** A 20 pt line sample 6 pt left of every label of the model. */
function samples(m: TableModel): Ruling[] {
  return m.cells
    .filter((c) => c.box)
    .map((c) => ({ orientation: "h" as const, pos: (c.box![1] + c.box![3]) / 2, start: c.box![0] - 26, end: c.box![0] - 6 }));
}

/** A frame 6 pt around the box. */
function frame(b: Box): Ruling[] {
  return [
    { orientation: "h", pos: b[1] - 6, start: b[0] - 6, end: b[2] + 6 },
    { orientation: "h", pos: b[3] + 6, start: b[0] - 6, end: b[2] + 6 },
    { orientation: "v", pos: b[0] - 6, start: b[1] - 6, end: b[3] + 6 },
    { orientation: "v", pos: b[2] + 6, start: b[1] - 6, end: b[3] + 6 },
  ];
}

test("a legend: word-only labels with a line sample each, or framed on a plot; without the drawing, or with numbers, a table", () => {
  const m = model(legendRows);
  assert.equal(isChartLegend(m, { ...NO_GRAPHICS, rulings: samples(m) }, [], [], SETTINGS), true);
  // Colour swatches instead of line samples.
  const swatches = m.cells.map((c) => ({ box: [c.box![0] - 14, c.box![1] + 1, c.box![0] - 6, c.box![3] - 1] as Box }));
  assert.equal(isChartLegend(m, { ...NO_GRAPHICS, filledRects: swatches }, [], [], SETTINGS), true);
  // A frame with a grid line of the plot running through it (past it on both sides).
  const plotLine: Ruling = { orientation: "h", pos: m.box[1] + 15, start: m.box[0] - 100, end: m.box[2] + 100 };
  assert.equal(isChartLegend(m, NO_GRAPHICS, [...frame(m.box), plotLine], [], SETTINGS), true);
  // A frame on drawn artwork.
  assert.equal(isChartLegend(m, NO_GRAPHICS, frame(m.box), [[m.box[0] - 50, m.box[1] - 50, m.box[2] + 50, m.box[3] + 50]], SETTINGS), true);
  // A framed word table on its own (a boxed list of names) is no legend; nor the bare block.
  assert.equal(isChartLegend(m, NO_GRAPHICS, frame(m.box), [], SETTINGS), false);
  assert.equal(isChartLegend(m, NO_GRAPHICS, [], [], SETTINGS), false);
  // Numbers beside samples: a table of values (a sparkline column), not labels.
  const values = model([
    ["Austria", "12.5"],
    ["Italy", "3.1"],
    ["Portugal", "7.0"],
  ]);
  assert.equal(isChartLegend(values, { ...NO_GRAPHICS, rulings: samples(values) }, [], [], SETTINGS), false);
});

const table = model(
  [
    ["Country", "2019", "2020"],
    ["Austria", "1.0", "2.0"],
    ["Italy", "3.0", "4.0"],
  ],
  100,
  40,
  "pdf-grid",
);
const keyRows = [
  ["Key: LDA", "La Distribution alimentaire"],
  ["PBUK", "UK Pocketbook"],
  ["EH", "European Handbook"],
  ["AIM", "AIM"],
];

test("a key: code/expansion pairs (a lead label, pairs side by side, a wrapped expansion) right under a table", () => {
  assert.equal(isAbbreviationKey(model(keyRows), [table], [], SETTINGS), true);
  assert.equal(
    isAbbreviationKey(
      model([
        ["AT", "Austria", "BE", "Belgium"],
        ["DE", "Germany", "FR", "France"],
        ["IT Italy", "", "ES Spain"],
      ]),
      [table],
      [],
      SETTINGS,
    ),
    true,
  );
  assert.equal(
    isAbbreviationKey(
      model([
        ["LFS", "Labour Force Survey"],
        ["NSO", "National statistical offices,"],
        ["", "referred to in the regional review"],
      ]),
      [table],
      [],
      SETTINGS,
    ),
    true,
  );
  // Under nothing (far below the table): a glossary table, left alone.
  assert.equal(isAbbreviationKey(model(keyRows, 100, 400), [table], [], SETTINGS), false);
});

test("word-only tables stay tables: a header row of names, descriptions that are not expansions, numbers", () => {
  // Names and descriptions under a header row, right under another table.
  const glossary = model([
    ["Term", "Description"],
    ["Output", "Value of goods produced"],
    ["Wages", "Gross pay of employees"],
    ["Hours", "Hours actually worked"],
  ]);
  assert.equal(isAbbreviationKey(glossary, [table], [], SETTINGS), false);
  // Codes with numbers beside them are data.
  assert.equal(
    isAbbreviationKey(
      model([
        ["AT", "12.0"],
        ["BE", "13.5"],
        ["DE", "9.1"],
      ]),
      [table],
      [],
      SETTINGS,
    ),
    false,
  );
  // A header-less code table whose first line is a header ("Code | Country") is a table.
  assert.equal(
    isAbbreviationKey(
      model([
        ["Code", "Country"],
        ["AT", "Austria"],
        ["BE", "Belgium"],
      ]),
      [table],
      [],
      SETTINGS,
    ),
    false,
  );
  const kept = dropWordBlocks([table, glossary], NO_GRAPHICS, [], [], [], SETTINGS);
  assert.deepEqual(kept.tables, [table, glossary]);
  const dropped = dropWordBlocks([table, model(keyRows)], NO_GRAPHICS, [], [], [], SETTINGS);
  assert.deepEqual(dropped.tables, [table]);
  assert.equal(dropped.keys.length, 1);
});

test("a key reaches down over a last pair left out of its block, wrapped under the codes, and stops at a blank line", () => {
  const key = model(keyRows, 100, 100);
  const line = (x: number, y: number, text: string) => ({
    words: text.split(" ").map((t, k) => ({
      text: t,
      box: [x + k * 30, y, x + k * 30 + 25, y + 10] as Box,
      size: 10,
      font: "f",
      bold: false,
      dir: 0 as const,
    })),
    box: [x, y, x + 300, y + 10] as Box,
    text,
    size: 10,
    bold: false,
  });
  const bottom = key.box[3];
  const lines = [
    line(100, bottom + 2, "OXIRM referred to in Food Retailing in Southern"),
    line(100, bottom + 14, "Regional Review, 1998 (date not reported)"),
    line(100, bottom + 26, "HBS Harvard Business School"),
    // A paragraph after a blank line is not the key's.
    line(40, bottom + 50, "As a reference point, the table digresses"),
  ];
  const box = dropWordBlocks([table, key], NO_GRAPHICS, [], [], lines, SETTINGS).keys[0]!;
  assert.equal(box[3], bottom + 36);
  // A line starting left of the codes (a note under the key) is not the key's.
  assert.equal(dropWordBlocks([table, key], NO_GRAPHICS, [], [], [line(60, bottom + 2, "Note: estimates")], SETTINGS).keys[0]![3], bottom);
});
