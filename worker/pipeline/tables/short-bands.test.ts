import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, ModelCell, Ruling, TableModel, Word } from "../types";
import { SETTINGS } from "../settings";
import { makeLine } from "../geometry/words-to-lines";
import { isBandOverNames } from "./band-above";
import { applyRuledBands, extendHeaderBands } from "./header-bands";

const word = (text: string, x0: number, y: number, x1: number): Word => ({
  text,
  box: [x0, y, x1, y + 10],
  size: 10,
  font: "f",
  bold: false,
  dir: 0,
});
// A line of column names at y = 100: the stub's name, then five names 40 pt apart.
const names = makeLine([
  word("Item", 0, 100, 20),
  word("Rate", 100, 100, 120),
  word("Flow", 140, 100, 160),
  word("Share", 180, 100, 205),
  word("Stock", 220, 100, 245),
  word("Units", 260, 100, 285),
]);
const band = (text: string, x0: number, x1: number) => makeLine([word(text, x0, 86, x1)]);

test("a short band over the gap between two names, or over the middle name of three, belongs to the table", () => {
  // Over the gap between "Flow" and "Share", touching neither.
  assert.equal(isBandOverNames(band("Men", 164, 178), names, 0, 14, SETTINGS), true);
  // Over "Share" alone (a band over Flow, Share and Stock).
  assert.equal(isBandOverNames(band("Urban", 181, 204), names, 0, 14, SETTINGS), true);
  assert.equal(isBandOverNames(band("Urban", 181, 204), names, 0, 14, { ...SETTINGS, shortBandAbove: false }), false);
  // Over the last name or the first alone: that column's note, not a band.
  assert.equal(isBandOverNames(band("EUR", 262, 283), names, 0, 14, SETTINGS), false);
  assert.equal(isBandOverNames(band("EUR", 102, 118), names, 0, 14, SETTINGS), false);
  // A title a blank line above stays out.
  assert.equal(isBandOverNames(makeLine([word("Urban", 181, 60, 204)]), names, 0, 14, SETTINGS), false);
});

/** Rows of text from row 1 down (row 0 left for a top label): column k's cells span x 40k .. 40k +
 * 25, rows 14 pt apart from y 100. */
function gridCells(rows: readonly string[][]): ModelCell[] {
  return rows.flatMap((r, k) =>
    r.map((text, col) => ({
      row: k + 1,
      col,
      rowSpan: 1,
      colSpan: 1,
      text,
      box: [col * 40, 100 + k * 14, col * 40 + 25, 110 + k * 14] as Box,
    })),
  );
}

/** An unruled table: a top row holding one label over column 2, the names, two rows of values;
 * column k's cells span x 40k .. 40k + 25, rows 14 pt apart. */
function table(label: string, labelBox: Box): TableModel {
  const rows = [
    ["Item", "Rate", "Flow", "Share", "Stock"],
    ["North", "1.0", "2.0", "3.0", "4.0"],
    ["South", "6.0", "7.0", "8.0", "9.0"],
  ];
  const cells = gridCells(rows);
  const top: ModelCell = { row: 0, col: 2, rowSpan: 1, colSpan: 1, text: label, box: labelBox };
  const empty = [0, 1, 3, 4].map((col): ModelCell => ({ row: 0, col, rowSpan: 1, colSpan: 1, text: "", box: null }));
  return {
    box: [0, labelBox[1], 185, 138],
    nRows: 4,
    nCols: 5,
    cells: [top, ...empty, ...cells],
    headerRows: 2,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}
const span = (m: TableModel, text: string) => m.cells.filter((c) => c.text === text).map((c) => [c.col, c.colSpan]);

test("a lone label over one name, a run of columns centred under it and no rule: in doubt, a band when it stands apart", () => {
  // Centred over "Flow" (column 2), which "Rate" and "Share" flank evenly (the run of four value
  // columns is not centred on it); a full line above the names.
  const apart = table("Urban", [84, 80, 101, 90]);
  extendHeaderBands(apart);
  assert.equal(apart.disputed, true);
  assert.equal(apart.structureDoubt, "lone-band");
  assert.deepEqual(span(apart, "Urban"), [[1, 3]]);
  // Set as close as a wrapped name's lines: still its column's first line, but in doubt.
  const close = table("Urban", [84, 88, 101, 98]);
  extendHeaderBands(close);
  assert.equal(close.disputed, true);
  assert.deepEqual(span(close, "Urban"), [[2, 1]]);
  // The rule off: no doubt, the label stays over its column.
  const off = table("Urban", [84, 80, 101, 90]);
  extendHeaderBands(off, { ...SETTINGS, loneLabelBandDoubt: false });
  assert.equal(off.disputed, false);
  assert.deepEqual(span(off, "Urban"), [[2, 1]]);
});

test("a rule drawn under a lone label settles its columns: no doubt", () => {
  const m = table("Urban", [84, 80, 101, 90]);
  const rule: Ruling = { orientation: "h", pos: 91, start: 40, end: 145 };
  extendHeaderBands(m, SETTINGS, [rule]);
  applyRuledBands(m, [rule]);
  assert.equal(m.disputed, false);
  assert.deepEqual(span(m, "Urban"), [[1, 3]]);
});

/** A top row holding one label centred at `centre` over a table of eight value columns (column k's
 * cells span x 40k .. 40k + 25), then the names and two rows of values. */
function wideTable(centre: number): TableModel {
  return wideTableUnder([["Men", 4, centre]]);
}

/** wideTable with the given top-row labels: text, column, centre. */
function wideTableUnder(labels: Array<[string, number, number]>): TableModel {
  const names = ["Item", "Rate", "Stock", "Value", "Change", "Net", "Share", "Total", "Flow"];
  const rows = [names, ["North", ...names.slice(1).map((_, k) => `${k}.0`)], ["South", ...names.slice(1).map((_, k) => `${k}.5`)]];
  const cells = gridCells(rows);
  const top = labels.map(([text, col, centre]): ModelCell => ({
    row: 0,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: [centre - 7, 80, centre + 7, 90],
  }));
  return {
    box: [0, 80, 345, 138],
    nRows: 4,
    nCols: 9,
    cells: [...top, ...cells],
    headerRows: 2,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

test("a lone label loosely centred over all value columns but exactly over a run of them: in doubt, the run its alternative", () => {
  // The value columns' middle is at 192.5; "Men" at 172.5 is two line heights off it (inside the
  // loose tolerance), and exactly over columns 3-5 (and 2-6).
  const loose = wideTable(172.5);
  extendHeaderBands(loose);
  assert.deepEqual(span(loose, "Men"), [[1, 8]]);
  assert.equal(loose.disputed, true);
  assert.equal(loose.structureDoubt, "lone-band");
  const alternative = loose.bandAlternatives!.find((b) => b.label === "Men")!;
  assert.equal((alternative.start * 40 + 12.5 + alternative.end * 40 + 12.5) / 2, 172.5);
  // Centred over all of them, or one line off with no run centred more tightly: not this doubt
  // (the next test's, with the inner runs).
  for (const centre of [192.5, 182.5]) {
    const m = wideTable(centre);
    extendHeaderBands(m, { ...SETTINGS, loneAllInnerRunDoubt: false });
    assert.deepEqual(span(m, "Men"), [[1, 8]], `centre ${centre}`);
    assert.equal(m.disputed, false, `centre ${centre}`);
  }
  // The rule off: the inner runs centred under the label still doubt it; both off, no doubt.
  const inner = wideTable(172.5);
  extendHeaderBands(inner, { ...SETTINGS, loneBandAllOffEm: 0 });
  assert.equal(inner.disputed, true);
  const off = wideTable(172.5);
  extendHeaderBands(off, { ...SETTINGS, loneBandAllOffEm: 0, loneAllInnerRunDoubt: false });
  assert.equal(off.disputed, false);
});

test("a lone label centred over all value columns of equal widths is centred over the middle ones too: in doubt", () => {
  // Columns 1-8 of equal widths: "Men" at their middle stands as well over columns 4-5, 3-6, 2-7.
  const m = wideTable(192.5);
  extendHeaderBands(m);
  assert.deepEqual(span(m, "Men"), [[1, 8]], "read over all, as the widest run");
  assert.equal(m.disputed, true);
  assert.equal(m.structureDoubt, "lone-band");
  const runs = m.bandAlternatives!.filter((b) => b.label === "Men").map((b) => [b.start, b.end]);
  assert.ok(
    runs.some(([a, b]) => a === 4 && b === 5),
    `the middle two among the alternatives: ${JSON.stringify(runs)}`,
  );
  assert.ok(!runs.some(([a, b]) => a === 1 && b === 8), "the reading delivered is no alternative");
  // Over two value columns (centres 52.5 and 92.5) there is no run inside: no doubt.
  const narrow: TableModel = {
    box: [0, 80, 105, 138],
    nRows: 4,
    nCols: 3,
    cells: [
      { row: 0, col: 1, rowSpan: 1, colSpan: 1, text: "Men", box: [65.5, 80, 79.5, 90] },
      ...gridCells([
        ["Item", "Rate", "Stock"],
        ["North", "1.0", "2.0"],
        ["South", "1.5", "2.5"],
      ]),
    ],
    headerRows: 2,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
  extendHeaderBands(narrow);
  assert.deepEqual(span(narrow, "Men"), [[1, 2]]);
  assert.equal(narrow.disputed, false);
  // Switched off, the label is read over all with no doubt.
  const off = wideTable(192.5);
  extendHeaderBands(off, { ...SETTINGS, loneAllInnerRunDoubt: false });
  assert.equal(off.disputed, false);
});

test("several labels each over one name with a run centred under it: first lines or bands, in doubt", () => {
  // "First" over column 2 (columns 1-3 centred under it), "Second" over column 6 (5-7).
  const two = wideTableUnder([
    ["First", 2, 92.5],
    ["Second", 6, 252.5],
  ]);
  extendHeaderBands(two);
  assert.equal(two.disputed, true);
  assert.equal(two.structureDoubt, "lone-band");
  // The rule off: read as before (each its column's first line), no doubt.
  const off = wideTableUnder([
    ["First", 2, 92.5],
    ["Second", 6, 252.5],
  ]);
  extendHeaderBands(off, { ...SETTINGS, severalLoneLabelsDoubt: false });
  assert.equal(off.disputed, false);
  // Labels over the first and last value columns have no run centred under them: no doubt.
  const edges = wideTableUnder([
    ["First", 1, 52.5],
    ["Second", 8, 332.5],
  ]);
  extendHeaderBands(edges);
  assert.equal(edges.disputed, false);
});

test("two bands each centred over its own run: a narrow band does not take its neighbour's first column", () => {
  // "Rural" centred over columns 1-2 (72.5), "Women" over 3-6 (192.5): column 3 lies as near
  // Rural's centre as Women's, so nearness alone gave it to Rural.
  const bands = () =>
    wideTableUnder([
      ["Rural", 1, 72.5],
      ["Women", 4, 192.5],
    ]);
  const m = bands();
  extendHeaderBands(m);
  assert.deepEqual(span(m, "Rural"), [[1, 2]]);
  assert.deepEqual(span(m, "Women"), [[3, 4]]);
  const off = bands();
  extendHeaderBands(off, { ...SETTINGS, bandCentreFitEm: 0 });
  assert.deepEqual(span(off, "Rural"), [[1, 3]]);
  assert.deepEqual(span(off, "Women"), [[4, 3]]);
});

test("a label of several words already read over every value column: loosely centred on all, exactly on a run, in doubt", () => {
  // The layout reading spreads a lone label of several words centred (loosely) over the value
  // columns over all of them before the bands are read; "First half" stands exactly over columns
  // 3-5 (centre 172.5), two line heights off the middle of all (192.5).
  const spread = (centre: number) => {
    const m = wideTableUnder([["First half", 1, centre]]);
    const label = m.cells.find((c) => c.text === "First half")!;
    label.colSpan = 8;
    label.box = [centre - 20, 80, centre + 20, 90];
    return m;
  };
  const loose = spread(172.5);
  extendHeaderBands(loose);
  assert.deepEqual(span(loose, "First half"), [[1, 8]]);
  assert.equal(loose.disputed, true);
  assert.equal(loose.structureDoubt, "lone-band");
  const alternative = loose.bandAlternatives!.find((b) => b.label === "First half")!;
  assert.equal((alternative.start * 40 + 12.5 + alternative.end * 40 + 12.5) / 2, 172.5);
  // Centred over all of them: no doubt (the inner runs' doubt is the one-word label's only).
  const centred = spread(192.5);
  extendHeaderBands(centred);
  assert.equal(centred.disputed, false);
  // The rule off: no doubt.
  const off = spread(172.5);
  extendHeaderBands(off, { ...SETTINGS, spreadLabelBandDoubt: false });
  assert.equal(off.disputed, false);
});

test("two bands whose centred runs can be cut two ways covering as many columns: in doubt", () => {
  // "Women" at 112.5 is the middle of columns 1-4 and of 2-3; "Domestic" at 232.5 of 5-6 and of
  // 4-7. Either way six columns are covered: the text cannot tell which header is meant.
  const bands = () =>
    wideTableUnder([
      ["Women", 2, 112.5],
      ["Domestic", 5, 232.5],
    ]);
  const m = bands();
  extendHeaderBands(m);
  assert.equal(m.disputed, true);
  assert.equal(m.structureDoubt, "lone-band");
  const off = bands();
  extendHeaderBands(off, { ...SETTINGS, bandSplitTieDoubt: false });
  assert.equal(off.disputed, false);
  // One way only ("Rural" over 1-2, "Women" over 3-6, as above): no doubt.
  const one = wideTableUnder([
    ["Rural", 1, 72.5],
    ["Women", 4, 192.5],
  ]);
  extendHeaderBands(one);
  assert.equal(one.disputed, false);
});
