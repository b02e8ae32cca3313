import { test } from "node:test";
import assert from "node:assert/strict";
import type { TableModel, Word } from "../types";
import { SETTINGS } from "../settings";
import {
  extendHeaderBands,
  gridHeaderRows,
  isNumeric,
  layoutToModel,
  modelToHeaderRows,
  splitAtGutters,
  splitRepeatedColumns,
} from "./build-table";
import { makeLine } from "../geometry/words-to-lines";

const word = (text: string, x0: number, x1: number): Word => ({ text, box: [x0, 0, x1, 10], size: 10, font: "f", bold: false, dir: 0 });

test("isNumeric accepts values and placeholders, not words", () => {
  assert.deepEqual(["1,204", "(13.8–17.1)", "-", "12.5%", "63 (18.5%)", "Total", "n"].map(isNumeric), [
    true,
    true,
    true,
    true,
    true,
    false,
    false,
  ]);
});

test("splitAtGutters cuts at a wide gap in a gutter and keeps a spaced label whole", () => {
  const columns = [
    { x0: 0, x1: 40 },
    { x0: 50, x1: 90 },
  ];
  assert.deepEqual(
    splitAtGutters(makeLine([word("Weight", 0, 38), word("Controls", 50, 90)]), columns, SETTINGS).map((c) => c.text),
    ["Weight", "Controls"],
  );
  assert.deepEqual(
    splitAtGutters(makeLine([word("Postnatal", 0, 41), word("Day", 43.5, 60)]), columns, SETTINGS).map((c) => c.text),
    ["Postnatal Day"],
  );
});

function model(rows: string[][]): TableModel {
  return {
    box: [0, 0, 100, 100],
    nRows: rows.length,
    nCols: rows[0]!.length,
    cells: rows.flatMap((r, row) =>
      r.map((text, col) => ({
        row,
        col,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: [col * 10, row * 10, col * 10 + 8, row * 10 + 8] as [number, number, number, number],
      })),
    ),
    headerRows: 0,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

test("modelToHeaderRows: years and numbered columns head the table, data starts at the values", () => {
  assert.equal(
    modelToHeaderRows(
      model([
        ["Region", "2022", "2023"],
        ["North", "1,204", "1,310"],
        ["South", "982", "1,045"],
      ]),
    ),
    1,
  );
  assert.equal(
    modelToHeaderRows(
      model([
        ["", "Age", ""],
        ["Measure", "1", "3"],
        ["", "Grade", "Grade"],
        ["Color", "0.16", "NA"],
        ["Size", "0.2", "0.3"],
      ]),
    ),
    3,
  );
});

test("splitRepeatedColumns splits a folded table into its copies", () => {
  const m = model([
    ["Age", "Total", "Age", "Total"],
    ["1", "10", "40", "20"],
    ["2", "11", "41", "21"],
  ]);
  m.headerRows = 1;
  const parts = splitRepeatedColumns(m);
  assert.equal(parts.length, 2);
  assert.deepEqual(
    parts.map((p) => p.cells.filter((c) => c.row === 1).map((c) => c.text)),
    [
      ["1", "10"],
      ["40", "20"],
    ],
  );
});

/** A ruled model whose first cell spans the first two columns. */
function spannedGrid(rows: string[][]): TableModel {
  const m = model(rows);
  m.source = "pdf-grid";
  m.cells = m.cells.filter((c) => !(c.row === 0 && c.col === 1));
  m.cells.find((c) => c.row === 0 && c.col === 0)!.colSpan = 2;
  return m;
}

test("gridHeaderRows: a header cell spanning columns heads sub-headings, not a row of values", () => {
  // "Finland" over "Female | Male | 15-24" (ranges and years are names, not values).
  assert.equal(
    gridHeaderRows(
      spannedGrid([
        ["Finland", "", "EU-15"],
        ["Female", "15-24", "Total"],
        ["15.1", "15.7", "12.0"],
      ]),
    ),
    2,
  );
  // "Treatment/Therapy" over the label and "Count" columns, with data right below.
  assert.equal(
    gridHeaderRows(
      spannedGrid([
        ["Treatment/Therapy", "", "Suffered from"],
        ["Allergy problems", "Count", "93"],
        ["", "Percentage", "18.8%"],
      ]),
    ),
    1,
  );
});

test("extendHeaderBands: years centred over column pairs band those pairs, not the columns left of them", () => {
  // "2007" sits over "N | % Pos", its centre off the centre of the column it landed in.
  const m = model([
    ["Country", "", "", "2007", "", "2006"],
    ["", "Size", "N", "% Pos", "N", "% Pos"],
    ["Austria", "25g", "109", "0.9", "93", "1.1"],
  ]);
  m.headerRows = 2;
  m.cells.find((c) => c.text === "2007")!.box = [25, 0, 35, 8];
  m.cells.find((c) => c.text === "2006")!.box = [45, 0, 55, 8];
  extendHeaderBands(m);
  const spans = (text: string) => m.cells.filter((c) => c.text === text).map((c) => [c.col, c.colSpan]);
  assert.deepEqual([spans("2007"), spans("2006")], [[[2, 2]], [[4, 2]]]);
});

/** Words of one line at top `y`: [text, x0, x1] each. */
const lineAt = (y: number, ...items: Array<[string, number, number]>): Word[] =>
  items.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 10], size: 10, font: "f", bold: false, dir: 0 }));

function rowsOf(m: TableModel | null): string[][] {
  assert.ok(m);
  return Array.from({ length: m.nRows }, (_, r) =>
    Array.from({ length: m.nCols }, (_, c) => m.cells.find((x) => x.row === r && x.col === c)?.text ?? ""),
  );
}

test("layoutToModel: with hangingWraps on, a hanging-indent line joins a label that ran out of room; an indented row under a short head stays a row", () => {
  // The rule is off by default (settings.ts); pdf-layout-alt reads with it the other way.
  const hanging = { ...SETTINGS, hangingWraps: true };
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 200, 220], ["2021", 260, 280]),
    ...lineAt(12, ["Total", 0, 25], ["12", 208, 220], ["13", 268, 280]),
    ...lineAt(24, ["Employment", 0, 55]),
    ...lineAt(36, ["of", 15, 25], ["which", 28, 55], ["women", 58, 90], ["5", 214, 220], ["6", 274, 280]),
    ...lineAt(48, ["Manufacturing", 0, 70], ["durable", 73, 110]),
    ...lineAt(60, ["goods", 15, 40], ["7", 214, 220], ["8", 274, 280]),
    ...lineAt(72, ["Under", 15, 45], ["18", 48, 58], ["9", 214, 220], ["10", 268, 280]),
  ];
  assert.deepEqual(rowsOf(layoutToModel([0, 0, 300, 90], words, hanging)), [
    ["Item", "2020", "2021"],
    ["Total", "12", "13"],
    ["Employment", "", ""],
    ["of which women", "5", "6"],
    ["Manufacturing durable goods", "7", "8"],
    ["Under 18", "9", "10"],
  ]);
});

test("layoutToModel: a lone label across the whole body is a row with its label in the first column", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 150, 170], ["2021", 200, 220], ["2022", 250, 270]),
    ...lineAt(14, ["Both", 115, 135], ["sexes", 138, 160]),
    ...lineAt(28, ["North", 0, 25], ["1", 164, 170], ["2", 214, 220], ["3", 264, 270]),
    ...lineAt(40, ["South", 0, 25], ["4", 164, 170], ["5", 214, 220], ["6", 264, 270]),
    ...lineAt(54, ["WOMEN", 118, 152]),
    ...lineAt(68, ["North", 0, 25], ["7", 164, 170], ["8", 214, 220], ["9", 264, 270]),
  ];
  const m = layoutToModel([0, 0, 300, 80], words, SETTINGS);
  assert.deepEqual(rowsOf(m), [
    ["Item", "2020", "2021", "2022"],
    ["Both sexes", "", "", ""],
    ["North", "1", "2", "3"],
    ["South", "4", "5", "6"],
    ["WOMEN", "", "", ""],
    ["North", "7", "8", "9"],
  ]);
  assert.ok(m!.cells.every((c) => c.colSpan === 1));
  assert.equal(m!.headerRows, 1);
});

test("splitAtGutters: a column's widest label, crossing the edge the other lines set, is cut from the value starting the next column", () => {
  const columns = [
    { x0: 0, x1: 40 },
    { x0: 52, x1: 70 },
  ];
  const chunk = makeLine([word("Luxembourg", 0, 45), word("945.2", 52, 70)]);
  assert.deepEqual(
    splitAtGutters(chunk, columns, SETTINGS).map((l) => l.text),
    ["Luxembourg", "945.2"],
  );
  assert.deepEqual(
    splitAtGutters(chunk, columns, { ...SETTINGS, gutterFromWidest: false }).map((l) => l.text),
    ["Luxembourg 945.2"],
  );
  // A label running on from the stub over the value columns is cut nowhere, even where a word
  // gap of 0.46 em falls in a gutter after a word that started in a value column.
  const label = makeLine([word("Households", 0, 38), word("with", 41, 50), word("children", 42 + 8, 65), word("under", 69.6, 80)]);
  assert.deepEqual(
    splitAtGutters(
      label,
      [
        { x0: 0, x1: 40 },
        { x0: 48, x1: 60 },
        { x0: 68, x1: 80 },
      ],
      SETTINGS,
    ).map((l) => l.text),
    ["Households with children under"],
  );
  // A right-aligned name wider than its numbers runs back into the gutter, 0.7 em after the name
  // before it: cut there (the name before it lies in its own column).
  const names = [
    { x0: 0, x1: 30 },
    { x0: 40, x1: 60 },
    { x0: 75, x1: 95 },
  ];
  assert.deepEqual(
    splitAtGutters(makeLine([word("Prices", 36, 60), word("Imports", 67, 95)]), names, SETTINGS).map((l) => l.text),
    ["Prices", "Imports"],
  );
  assert.deepEqual(
    splitAtGutters(makeLine([word("Prices", 36, 60), word("Imports", 67, 95)]), names, { ...SETTINGS, gutterFromWidest: false }).map(
      (l) => l.text,
    ),
    ["Prices Imports"],
  );
  // A label centred across the table whose second word ends inside the next column, not on its
  // edge, stays whole (panel-spanners' "Percent change").
  assert.deepEqual(
    splitAtGutters(makeLine([word("Percent", 36, 60), word("change", 67, 85)]), names, SETTINGS).map((l) => l.text),
    ["Percent change"],
  );
  // A line that is one chunk (a spanner centred over the table) is cut only where the whole gutter
  // lies in a gap, whatever the alignment of its words happens to be.
  assert.deepEqual(
    splitAtGutters(makeLine([word("Prices", 36, 60), word("Imports", 67, 95)]), names, SETTINGS, { inRow: false }).map((l) => l.text),
    ["Prices Imports"],
  );
  // A word space (0.3 em) before the next column's edge keeps a spanning label whole.
  assert.deepEqual(
    splitAtGutters(makeLine([word("Gross", 0, 49), word("product", 52, 70)]), columns, SETTINGS).map((l) => l.text),
    ["Gross product"],
  );
});
