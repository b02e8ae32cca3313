// pdf-stream reads an unruled table again from whitespace, by its own method: columns from the
// value lines' projection profile, bands by centring over the names below, wrapped lines joined by
// their words. It must read a plain borderless table right, say nothing where it is not sure, and
// its different reading must cost a pdf-layout cell its verified standing in the structure vote.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, TableModel, Word } from "../types";
import type { StructureContext } from "./types";
import { pdfStreamReader, streamRegion, streamTable, streamTables } from "./pdf-stream";
import { pdfLayoutReader } from "./pdf-layout";
import { STRUCTURE_SETTINGS } from "./settings";
import { SETTINGS } from "../settings";
import { judgeCell, PageWords, prepareReading } from "../reconcile/structure-vote";

/** Words of one line at height y: [text, x0, x1]. */
const lineAt = (y: number, ...items: Array<[string, number, number]>): Word[] =>
  items.map(([text, x0, x1]) => ({ text, box: [x0, y, x1, y + 10], size: 10, font: "f", bold: false, dir: 0 }));

function context(words: Word[], regions: Box[], tables: TableModel[] = []): StructureContext {
  return {
    pageNumber: 1,
    words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables, rulings: [], grids: [], layoutRegions: [] },
    tableRegions: regions,
    ocr: {},
    page: null,
    settings: SETTINGS,
  };
}

/** The model's cells as "row,col+span text", header rows first. */
const cellsOf = (model: TableModel) => model.cells.filter((c) => c.text !== "").map((c) => `${c.row},${c.col}+${c.colSpan} ${c.text}`);

// Two year bands, each centred over a "Number | Share" pair; a row label wrapped onto a second
// line in lower case (its values on the first line); a "$" set apart at the left of the first
// money column on the first and the total row.
const TABLE = [
  ...lineAt(0, ["2020", 125, 147], ["2021", 245, 267]),
  ...lineAt(14, ["Item", 0, 20], ["Number", 80, 115], ["Share", 155, 180], ["Number", 200, 235], ["Share", 275, 300]),
  ...lineAt(30, ["Mining", 0, 32], ["$", 80, 85], ["1,234", 90, 115], ["12.5", 160, 180], ["2,001", 210, 235], ["10.1", 280, 300]),
  ...lineAt(44, ["Construction", 0, 55], ["and", 58, 72], ["987", 100, 115], ["7.5", 165, 180], ["1,113", 210, 235], ["5.2", 285, 300]),
  ...lineAt(56, ["building", 0, 38]),
  ...lineAt(70, ["Total", 0, 25], ["$", 80, 85], ["2,221", 90, 115], ["20.0", 160, 180], ["3,114", 210, 235], ["15.3", 280, 300]),
];
const REGION: Box = [0, 0, 300, 80];

test("a borderless table: columns from gutters, bands over the pairs they are centred on, the wrapped label and the set-apart sign whole", () => {
  const model = streamTable(REGION, TABLE);
  assert.ok(model);
  assert.equal(model.headerRows, 2);
  assert.equal(model.nCols, 5);
  assert.deepEqual(cellsOf(model), [
    "0,1+2 2020",
    "0,3+2 2021",
    "1,0+1 Item",
    "1,1+1 Number",
    "1,2+1 Share",
    "1,3+1 Number",
    "1,4+1 Share",
    "2,0+1 Mining",
    "2,1+1 $ 1,234",
    "2,2+1 12.5",
    "2,3+1 2,001",
    "2,4+1 10.1",
    "3,0+1 Construction and building",
    "3,1+1 987",
    "3,2+1 7.5",
    "3,3+1 1,113",
    "3,4+1 5.2",
    "4,0+1 Total",
    "4,1+1 $ 2,221",
    "4,2+1 20.0",
    "4,3+1 3,114",
    "4,4+1 15.3",
  ]);
});

test("a section label running over the value columns is a row of its own, in the stub column", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Percent", 0, 35], ["distribution", 39, 150]),
    ...lineAt(42, ["Mining", 0, 32], ["7", 114, 120], ["8", 174, 180]),
  ];
  const model = streamTable([0, 0, 180, 52], words);
  assert.ok(model);
  assert.ok(cellsOf(model).includes("2,0+1 Percent distribution"), JSON.stringify(cellsOf(model)));
  // Centred on the table instead, the same: a section label stands in the stub column.
  const centred = words.map((w) =>
    w.text === "Percent" ? { ...w, box: [50, 28, 85, 38] as Box } : w.text === "distribution" ? { ...w, box: [89, 28, 140, 38] as Box } : w,
  );
  assert.ok(cellsOf(streamTable([0, 0, 180, 52], centred)!).includes("2,0+1 Percent distribution"));
});

test("a capitalised label line without values stays a row of its own (a section label)", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Services", 0, 40]),
    ...lineAt(28, ["Transport", 0, 45], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(42, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
  ];
  const model = streamTable([0, 0, 180, 52], words);
  assert.ok(model);
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Item",
    "0,1+1 2020",
    "0,2+1 2021",
    "1,0+1 Services",
    "2,0+1 Transport",
    "2,1+1 12",
    "2,2+1 13",
    "3,0+1 Trade",
    "3,1+1 7",
    "3,2+1 8",
  ]);
});

test("lines with numbers but no gutter running through all of them: no opinion", () => {
  // Each line has wide gaps, but no gap stands at the same place in every line.
  const words = [
    ...lineAt(0, ["Sales", 0, 30], ["12", 40, 50], ["rose", 60, 90], ["13", 100, 110], ["fast", 120, 160]),
    ...lineAt(14, ["Costs", 0, 45], ["7", 55, 60], ["fell", 70, 115], ["8", 125, 130], ["slowly", 140, 160]),
    ...lineAt(28, ["Wages", 0, 35], ["3", 45, 50], ["grew", 58, 100], ["4", 108, 113], ["often", 122, 160]),
  ];
  assert.equal(streamTable([0, 0, 160, 38], words), null);
  // The same lines with their values lined up in columns are a table.
  const aligned = [
    ...lineAt(0, ["Sales", 0, 30], ["12", 60, 70], ["13", 100, 110]),
    ...lineAt(14, ["Costs", 0, 30], ["7", 65, 70], ["8", 105, 110]),
    ...lineAt(28, ["Wages", 0, 35], ["3", 65, 70], ["4", 105, 110]),
  ];
  assert.equal(streamTable([0, 0, 110, 38], aligned)?.nCols, 3);
});

test("a column with a value in one line of ten is a column, not a gutter one line crosses", () => {
  const words = Array.from({ length: 10 }, (_, r) =>
    lineAt(r * 14, [`Row${r}`, 0, 30], ["12", 68, 80], ...(r === 4 ? [["5", 125, 130] as [string, number, number]] : []), ["13", 178, 190]),
  ).flat();
  const model = streamTable([0, 0, 190, 140], words);
  assert.ok(model);
  assert.equal(model.nCols, 4);
  assert.ok(model.cells.some((c) => c.text === "5" && c.col === 2 && c.colSpan === 1));
  // A label running over the first gutter in one line of ten does not merge the columns.
  const crossing = words.map((w) => (w.text === "Row7" ? { ...w, text: "Row7-long-label", box: [0, w.box[1], 66, w.box[3]] as Box } : w));
  const read = streamTable([0, 0, 190, 140], crossing);
  assert.ok(read);
  assert.equal(read.nCols, 4);
  assert.ok(
    read.cells.some((c) => c.text === "Row7-long-label" && c.col === 0 && c.colSpan === 1),
    "the label stays in its column, the value in its own",
  );
});

test("a line of column names under the values starts a second table: two stacked tables in one region are read as two", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
    ...lineAt(48, ["Item", 0, 20], ["Men", 100, 120], ["Women", 152, 180]),
    ...lineAt(62, ["Mining", 0, 32], ["5", 114, 120], ["6", 174, 180]),
    ...lineAt(76, ["Trade", 0, 25], ["3", 114, 120], ["4", 174, 180]),
  ];
  const tables = streamTables([0, 0, 180, 86], words);
  assert.ok(tables);
  assert.deepEqual(
    tables.map((t) => [t.headerRows, t.nRows, cellsOf(t)[0], cellsOf(t)[1]]),
    [
      [1, 3, "0,0+1 Item", "0,1+1 2020"],
      [1, 3, "0,0+1 Item", "0,1+1 Men"],
    ],
  );
  // A text row in the stub alone (a section label) does not start a table.
  const section = words
    .map((w) => (w.box[1] === 48 && w.text !== "Item" ? null : w))
    .filter((w): w is Word => w !== null)
    .map((w) => (w.text === "Item" && w.box[1] === 48 ? { ...w, text: "Services" } : w));
  assert.equal(streamTables([0, 0, 180, 86], section)?.length, 1);
});

test("stacked tables of which pdf-stream is not sure of one part: the other part keeps its reading, the unsure part gets no opinion", () => {
  const upper = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
  ];
  // The lower table has one line of values (no profile of its columns), and a value under no
  // name: its line of names does not name the row's columns, the one check a single row has.
  const lower = [
    ...lineAt(48, ["Item", 0, 20], ["Men", 100, 120], ["Women", 152, 180]),
    ...lineAt(62, ["Total", 0, 25], ["5", 114, 120], ["6", 174, 180], ["7", 204, 210]),
  ];
  const tables = streamTables([0, 0, 210, 72], [...upper, ...lower]);
  assert.ok(tables);
  assert.equal(tables.length, 1);
  assert.deepEqual(tables[0]!.box, [0, 0, 180, 38], "the upper table only: the lower one's words are outside the reading");
  assert.deepEqual(cellsOf(tables[0]!), [
    "0,0+1 Item",
    "0,1+1 2020",
    "0,2+1 2021",
    "1,0+1 Mining",
    "1,1+1 12",
    "1,2+1 13",
    "2,0+1 Trade",
    "2,1+1 7",
    "2,2+1 8",
  ]);
  // Neither part read: no opinion on the region, with its reason.
  const lowerOnly = [
    ...lineAt(0, ["Item", 0, 20], ["A", 100, 120], ["B", 160, 180]),
    ...lineAt(14, ["Total", 0, 25], ["5", 114, 120], ["6", 174, 180], ["7", 204, 210]),
  ];
  assert.equal(streamRegion([0, 0, 210, 72], [...lowerOnly, ...lower], []), "stacked parts declined");
});

test("a stacked part of one row under its own line of names is read: the names name the row's gaps one to one", () => {
  const upper = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
  ];
  const lower = [
    ...lineAt(48, ["Share", 0, 22], ["(%)", 25, 38], ["Men", 100, 120], ["Women", 152, 180]),
    ...lineAt(62, ["All", 0, 14], ["persons", 17, 50], ["5.5", 108, 120], ["6.25", 162, 180]),
  ];
  const tables = streamTables([0, 0, 180, 72], [...upper, ...lower]);
  assert.ok(tables);
  assert.equal(tables.length, 2);
  assert.equal(tables[0]!.headerRows, 1);
  assert.deepEqual(cellsOf(tables[1]!), ["0,0+1 Share (%)", "0,1+1 Men", "0,2+1 Women", "1,0+1 All persons", "1,1+1 5.5", "1,2+1 6.25"]);
  assert.equal(tables[1]!.headerRows, 1);
  // The part above it of one row too: both read.
  const oneRowAbove = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
  ];
  const both = streamTables(
    [0, 0, 180, 72],
    [...oneRowAbove, ...lower.map((w) => ({ ...w, box: [w.box[0], w.box[1] - 20, w.box[2], w.box[3] - 20] as Box }))],
  );
  assert.ok(both);
  assert.deepEqual(both.map(cellsOf), [
    ["0,0+1 Item", "0,1+1 2020", "0,2+1 2021", "1,0+1 Mining", "1,1+1 12", "1,2+1 13"],
    ["0,0+1 Share (%)", "0,1+1 Men", "0,2+1 Women", "1,0+1 All persons", "1,1+1 5.5", "1,2+1 6.25"],
  ]);
  // Switched off (streamOneRowTables), the one-row part gets no opinion, as before.
  const off = { ...STRUCTURE_SETTINGS, streamOneRowTables: false };
  const declined: string[] = [];
  const read = streamRegion([0, 0, 180, 72], [...upper, ...lower], [], off, [], declined as never[]);
  assert.ok(typeof read !== "string" && read.length === 1);
  assert.deepEqual(declined, ["under two value lines"]);
});

test("a table of one row alone is read only when its names name its columns one to one, and it has no other text", () => {
  const names = lineAt(0, ["Item", 0, 20], ["Men", 100, 120], ["Women", 152, 180]);
  const row = lineAt(14, ["Total", 0, 25], ["5", 114, 120], ["6", 174, 180]);
  const read = streamRegion([0, 0, 180, 24], [...names, ...row], []);
  assert.ok(typeof read !== "string", String(read));
  assert.deepEqual(read.map(cellsOf), [["0,0+1 Item", "0,1+1 Men", "0,2+1 Women", "1,0+1 Total", "1,1+1 5", "1,2+1 6"]]);
  // One name over both value columns: the names do not tell the row's gaps apart.
  const spanning = lineAt(0, ["Item", 0, 20], ["Men", 100, 118], ["and", 121, 134], ["women", 137, 180]);
  assert.equal(streamRegion([0, 0, 180, 24], [...spanning, ...row], []), "under two value lines");
  // A name standing over the gutter, reaching over both columns' values.
  const overGutter = lineAt(0, ["Item", 0, 20], ["Men", 100, 120], ["Women", 118, 170]);
  assert.equal(streamRegion([0, 0, 180, 24], [...overGutter, ...row], []), "under two value lines");
  // The row's label set wide (a gap a gutter wide): a column of its own no name stands over.
  const wideLabel = lineAt(14, ["Total", 0, 25], ["(est.)", 40, 60], ["5", 114, 120], ["6", 174, 180]);
  assert.equal(streamRegion([0, 0, 180, 24], [...names, ...wideLabel], []), "under two value lines");
  // A text line under the row running over the value columns: text one row cannot place.
  const note = lineAt(28, ["Source:", 0, 30], ["national", 33, 70], ["accounts,", 73, 110], ["2020", 113, 133], ["edition", 136, 170]);
  assert.equal(streamRegion([0, 0, 180, 40], [...names, ...row, ...note], []), "under two value lines");
  // A label in the stub under it (the caption of a part below) is a row of its own.
  const caption = lineAt(28, ["Part", 0, 18], ["B", 21, 27]);
  const withCaption = streamRegion([0, 0, 180, 40], [...names, ...row, ...caption], []);
  assert.ok(typeof withCaption !== "string", String(withCaption));
  assert.deepEqual(withCaption.map(cellsOf), [
    ["0,0+1 Item", "0,1+1 Men", "0,2+1 Women", "1,0+1 Total", "1,1+1 5", "1,2+1 6", "2,0+1 Part B"],
  ]);
  // More lines than a caption, a band, the names and the row.
  const above = [
    ...lineAt(-42, ["Table", 0, 20], ["3", 23, 28]),
    ...lineAt(-28, ["Persons", 90, 130]),
    ...lineAt(-14, ["All", 60, 75], ["ages", 78, 95]),
  ];
  assert.equal(streamRegion([0, -50, 180, 24], [...above, ...names, ...row], []), "under two value lines");
});

test("a band set flush left over its columns, centred on a group reaching into the stub, lands on a name's slot: the header gets no opinion, the body still does", () => {
  const words = [
    ...lineAt(20, ["Men", 100, 125], ["Women", 250, 280]),
    ...lineAt(34, ["Item", 0, 20], ["Number", 100, 135], ["Percent", 175, 210], ["Number", 250, 285], ["Percent", 325, 360]),
    ...lineAt(60, ["Alpha", 0, 30], ["1,234", 110, 135], ["12.5", 190, 210], ["2,001", 260, 285], ["10.1", 340, 360]),
    ...lineAt(74, ["Beta", 0, 25], ["987", 120, 135], ["7.5", 195, 210], ["1,113", 260, 285], ["5.2", 345, 360]),
  ];
  const tables = streamRegion([0, 0, 360, 84], words, []);
  assert.ok(typeof tables !== "string", String(tables));
  assert.equal(tables.length, 1);
  assert.equal(tables[0]!.headerRows, 0);
  assert.deepEqual(tables[0]!.box, [0, 60, 360, 84]);
  assert.deepEqual(cellsOf(tables[0]!), [
    "0,0+1 Alpha",
    "0,1+1 1,234",
    "0,2+1 12.5",
    "0,3+1 2,001",
    "0,4+1 10.1",
    "1,0+1 Beta",
    "1,1+1 987",
    "1,2+1 7.5",
    "1,3+1 1,113",
    "1,4+1 5.2",
  ]);
});

test("a band set flush left with a rule right under it spans the value columns along the rule; a rule across the whole table is the header's, not a band's", () => {
  const words = [
    ...lineAt(20, ["Men", 100, 125], ["Women", 250, 280]),
    ...lineAt(34, ["Item", 0, 20], ["Number", 100, 135], ["Percent", 175, 210], ["Number", 250, 285], ["Percent", 325, 360]),
    ...lineAt(60, ["Alpha", 0, 30], ["1,234", 110, 135], ["12.5", 190, 210], ["2,001", 260, 285], ["10.1", 340, 360]),
    ...lineAt(74, ["Beta", 0, 25], ["987", 120, 135], ["7.5", 195, 210], ["1,113", 260, 285], ["5.2", 345, 360]),
  ];
  const rule = (start: number, end: number, pos = 31) => ({ orientation: "h" as const, pos, start, end });
  const read = (rulings: ReturnType<typeof rule>[]) => {
    const tables = streamRegion([0, 0, 360, 84], words, [], STRUCTURE_SETTINGS, rulings);
    assert.ok(typeof tables !== "string", String(tables));
    return tables[0]!;
  };
  const banded = read([rule(100, 210), rule(250, 360)]);
  assert.equal(banded.headerRows, 2);
  assert.deepEqual(cellsOf(banded).slice(0, 2), ["0,1+2 Men", "0,3+2 Women"]);
  // Full-width rule under the band line: no band evidence; the header stays unplaced.
  assert.equal(read([rule(0, 360)]).headerRows, 0);
  // One rule under both band labels is the band line's rule: it says nothing of either band.
  assert.equal(read([rule(100, 360)]).headerRows, 0);
  // A rule far below the run (under the names' line) says nothing about the band line.
  assert.equal(read([rule(100, 210, 46), rule(250, 360, 46)]).headerRows, 0);
});

test("dot leaders fill the gutters: no opinion", () => {
  const words = [
    ...lineAt(0, ["Mining", 0, 32], ["........", 35, 95], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(14, ["Trade", 0, 25], ["..........", 28, 95], ["7", 114, 120], ["8", 174, 180]),
  ];
  assert.equal(streamTable([0, 0, 180, 24], words), null);
});

test("a name stacked over another without a word carrying it on (a band or a wrapped name?): the header gets no opinion, the body still does", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["Mean", 100, 120], ["Cum.", 160, 180]),
    ...lineAt(12, ["Loss", 100, 120], ["Share", 158, 180]),
    ...lineAt(28, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(42, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
  ];
  const model = streamTable([0, 0, 180, 52], words);
  assert.ok(model);
  assert.equal(model.headerRows, 0);
  assert.deepEqual(model.box, [0, 28, 180, 52], "the box covers the body only, so the header's cells are outside its opinion");
  assert.deepEqual(cellsOf(model), ["0,0+1 Mining", "0,1+1 12", "0,2+1 13", "1,0+1 Trade", "1,1+1 7", "1,2+1 8"]);
});

test("a region table detection read from rulings is pdf-grid's: pdf-stream reads only the unruled ones", async () => {
  const ruled: TableModel = {
    box: REGION,
    nRows: 1,
    nCols: 1,
    cells: [],
    headerRows: 0,
    rowGroups: [],
    source: "pdf-grid",
    disputed: false,
  };
  assert.equal(await pdfStreamReader.read(context(TABLE, [REGION], [ruled])), null);
  const reading = await pdfStreamReader.read(context(TABLE, [REGION], [{ ...ruled, source: "pdf-layout" }]));
  assert.ok(reading && reading.kind === "tables" && reading.tables.length === 1);
});

test("the structure vote: where pdf-stream joins a wrapped label pdf-layout splits, the delivered cell is disputed, not verified", async () => {
  // "Manufacturing durable" ran out of room; "goods" hangs under it, indented, in lower case.
  // pdf-layout (hangingWraps off) keeps "goods" a row of its own; pdf-stream reads a wrap.
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2020", 200, 220], ["2021", 260, 280]),
    ...lineAt(12, ["Total", 0, 25], ["12", 208, 220], ["13", 268, 280]),
    ...lineAt(24, ["Manufacturing", 0, 70], ["durable", 73, 110]),
    ...lineAt(36, ["goods", 15, 40], ["7", 214, 220], ["8", 274, 280]),
  ];
  // (With the values rule off: "goods" carries the values its label lacks and heads nothing, so
  // tables/stub-wraps.ts would join it; the test reads the question as it stands without it.)
  const ctx = { ...context(words, [[0, 0, 280, 46]]), settings: { ...SETTINGS, stubWrapsByValues: false } };
  assert.equal(SETTINGS.hangingWraps, false, "the test assumes pdf-layout keeps each indented line a row");
  const layout = await pdfLayoutReader.read(ctx);
  const stream = await pdfStreamReader.read(ctx);
  assert.ok(layout && stream && stream.kind === "tables");
  assert.ok(stream.tables[0]!.cells.some((c) => c.text === "Manufacturing durable goods"));
  const page = new PageWords(words);
  const readings = [prepareReading(layout, page), prepareReading(stream, page)];
  const idx = (...texts: string[]) => words.map((w, i) => (texts.includes(w.text) ? i : -1)).filter((i) => i >= 0);
  const boxOf = (ids: number[]): Box => [
    Math.min(...ids.map((i) => words[i]!.box[0])),
    Math.min(...ids.map((i) => words[i]!.box[1])),
    Math.max(...ids.map((i) => words[i]!.box[2])),
    Math.max(...ids.map((i) => words[i]!.box[3])),
  ];
  const split = idx("Manufacturing", "durable");
  const verdict = judgeCell(split, boxOf(split), "Manufacturing durable", readings);
  assert.deepEqual(verdict.supporters, ["pdf-layout"]);
  assert.deepEqual(verdict.against, ["pdf-stream"]);
  assert.equal(verdict.level, "disputed");
  assert.equal(verdict.versions["pdf-stream"], "Manufacturing durable goods");
  // Where the two agree (a value cell), pdf-stream is a second supporter.
  const value = idx("12");
  assert.deepEqual(judgeCell(value, boxOf(value), "12", readings).supporters, ["pdf-layout", "pdf-stream"]);
});

test("placeholder marks hold their column's place: a lone ellipsis is a mark, not a leader, and a row of marks is a row of values", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["Output", 90, 120], ["Stocks", 150, 180], ["Hours", 210, 240]),
    ...lineAt(14, ["Mining", 0, 32], ["12.1", 100, 120], ["...", 170, 180], ["4.5", 225, 240]),
    ...lineAt(28, ["Trade", 0, 25], ["(NA)", 100, 120], ["(X)", 166, 180], ["\u2014", 230, 240]),
    ...lineAt(42, ["Energy", 0, 30], ["7.2", 105, 120], ["8.3", 165, 180], ["9.4", 225, 240]),
  ];
  const model = streamTable([0, 0, 240, 52], words);
  assert.ok(model, "a lone '...' does not make the region one of dot leaders");
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Item",
    "0,1+1 Output",
    "0,2+1 Stocks",
    "0,3+1 Hours",
    "1,0+1 Mining",
    "1,1+1 12.1",
    "1,2+1 ...",
    "1,3+1 4.5",
    "2,0+1 Trade",
    "2,1+1 (NA)",
    "2,2+1 (X)",
    "2,3+1 \u2014",
    "3,0+1 Energy",
    "3,1+1 7.2",
    "3,2+1 8.3",
    "3,3+1 9.4",
  ]);
  // Ellipses in a row closer than a gutter are a leader broken into words: no opinion.
  const broken = [
    ...words,
    ...lineAt(
      56,
      ["Total", 0, 25],
      ["...", 30, 40],
      ["...", 43, 53],
      ["...", 56, 66],
      ["30", 110, 120],
      ["31", 170, 180],
      ["32", 230, 240],
    ),
  ];
  assert.equal(streamTable([0, 0, 240, 66], broken), null);
});

test("a mark set small and raised (a superscript footnote digit, an 'r' after a value) stays on its line and in its cell; a marked year is a name", () => {
  const mark = (text: string, x0: number, x1: number, y: number): Word => ({
    text,
    box: [x0, y - 3, x1, y + 3],
    size: 6,
    font: "f",
    bold: false,
    dir: 0,
  });
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["2019", 100, 120], ["2020p", 154, 180]),
    ...lineAt(14, ["Cyprus", 0, 30]),
    mark("6", 31, 34, 14),
    ...lineAt(14, ["12.1", 100, 120], ["4.5", 165, 180]),
    ...lineAt(28, ["Trade", 0, 25], ["7.3", 105, 120]),
    mark("r", 121, 124, 28),
    ...lineAt(28, ["8.3", 165, 180]),
    ...lineAt(42, ["Energy", 0, 30], ["7.2", 105, 120], ["9.4", 165, 180]),
  ];
  const model = streamTable([0, 0, 180, 52], words);
  assert.ok(model);
  assert.equal(model.headerRows, 1, "'2020p' is a column name, not a value");
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Item",
    "0,1+1 2019",
    "0,2+1 2020p",
    "1,0+1 Cyprus 6",
    "1,1+1 12.1",
    "1,2+1 4.5",
    "2,0+1 Trade",
    "2,1+1 7.3 r",
    "2,2+1 8.3",
    "3,0+1 Energy",
    "3,1+1 7.2",
    "3,2+1 9.4",
  ]);
});

test("the first panel's label right under the column names, running over the value columns, is a body row in the stub; the header is still read", () => {
  const table = (label: Word[]) => [
    ...lineAt(0, ["Item", 0, 20], ["2020", 100, 120], ["2021", 160, 180]),
    ...label,
    ...lineAt(28, ["Mining", 0, 32], ["12", 108, 120], ["13", 168, 180]),
    ...lineAt(42, ["Trade", 0, 25], ["7", 114, 120], ["8", 174, 180]),
    ...lineAt(56, ["Percent", 0, 35], ["distribution", 39, 110]),
    ...lineAt(70, ["Mining", 0, 32], ["60", 108, 120], ["61", 168, 180]),
  ];
  const expected = (text: string) => [
    "0,0+1 Item",
    "0,1+1 2020",
    "0,2+1 2021",
    `1,0+1 ${text}`,
    "2,0+1 Mining",
    "2,1+1 12",
    "2,2+1 13",
    "3,0+1 Trade",
    "3,1+1 7",
    "3,2+1 8",
    "4,0+1 Percent distribution",
    "5,0+1 Mining",
    "5,1+1 60",
    "5,2+1 61",
  ];
  // Flush left at the stub, running over the first value column.
  const flush = streamTable([0, 0, 180, 80], table(lineAt(14, ["Number", 0, 35], ["(thousands)", 39, 110])));
  assert.ok(flush);
  assert.equal(flush.headerRows, 1);
  assert.deepEqual(cellsOf(flush), expected("Number (thousands)"));
  // Centred over the value columns, over both of them.
  const centred = streamTable([0, 0, 200, 80], table(lineAt(14, ["Employed", 70, 115], ["persons,", 119, 150], ["thousands", 154, 200])));
  assert.ok(centred);
  assert.equal(centred.headerRows, 1);
  assert.deepEqual(cellsOf(centred), expected("Employed persons, thousands"));
  // The same run at the region's top, with no line of names above it (a title?): left to the
  // header, which cannot place it, so the reading covers the body only.
  const title = streamTable(
    [0, 0, 180, 80],
    table(lineAt(14, ["Number", 0, 35], ["(thousands)", 39, 130])).filter((w) => w.box[1] !== 0),
  );
  assert.ok(title);
  assert.equal(title.headerRows, 0);
  assert.ok(!cellsOf(title).some((c) => c.includes("thousands")));
});

test("a group label holding a number ('under 18') is one label in the stub, not a label and a value", () => {
  const words = [
    ...lineAt(0, ["Item", 0, 20], ["Prices", 130, 160], ["Hours", 190, 215]),
    ...lineAt(14, ["Mining", 0, 32], ["12", 148, 160], ["13", 203, 215]),
    ...lineAt(28, ["With", 0, 20], ["children", 24, 60], ["under", 64, 90], ["18", 94, 104]),
    ...lineAt(42, ["Trade", 0, 25], ["7", 154, 160], ["8", 209, 215]),
  ];
  const model = streamTable([0, 0, 215, 52], words);
  assert.ok(model);
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Item",
    "0,1+1 Prices",
    "0,2+1 Hours",
    "1,0+1 Mining",
    "1,1+1 12",
    "1,2+1 13",
    "2,0+1 With children under 18",
    "3,0+1 Trade",
    "3,1+1 7",
    "3,2+1 8",
  ]);
});

test("a spanner alone on its line over a line of symmetric bands spans them all, though it is centred on the middle band too", () => {
  // Value columns in pairs (names 40-100, 120-180, 200-260), a band centred over each pair, the
  // spanner centred over all six columns, which is also the middle band's centre.
  const words = [
    ...lineAt(0, ["Persons", 110, 145], ["employed", 149, 190]),
    ...lineAt(12, ["Men", 60, 80], ["Rural", 138, 162], ["Public", 216, 244]),
    ...lineAt(
      24,
      ["Item", 0, 20],
      ["1998", 40, 60],
      ["1999", 80, 100],
      ["1998", 120, 140],
      ["1999", 160, 180],
      ["1998", 200, 220],
      ["1999", 240, 260],
    ),
    ...lineAt(
      38,
      ["Mining", 0, 32],
      ["1.1", 48, 60],
      ["1.2", 88, 100],
      ["1.3", 128, 140],
      ["1.4", 168, 180],
      ["1.5", 208, 220],
      ["1.6", 248, 260],
    ),
    ...lineAt(
      52,
      ["Trade", 0, 25],
      ["2.1", 48, 60],
      ["2.2", 88, 100],
      ["2.3", 128, 140],
      ["2.4", 168, 180],
      ["2.5", 208, 220],
      ["2.6", 248, 260],
    ),
  ];
  const model = streamTable([0, 0, 260, 62], words);
  assert.ok(model);
  assert.equal(model.headerRows, 3);
  assert.deepEqual(cellsOf(model).slice(0, 4), ["0,1+6 Persons employed", "1,1+2 Men", "1,3+2 Rural", "1,5+2 Public"]);
  // With one band below, centred on it alone: a spanner or the band's first line? No opinion.
  const one = words.filter((w) => w.text !== "Men" && w.text !== "Public");
  assert.equal(streamTable([0, 0, 260, 62], one)?.headerRows, 0);
});

test("a lone label centred on the middle columns and on all of them spans all value columns; centred on the middle and a wider group short of all of them, no opinion", () => {
  // Five value columns (names 40-60 ... 200-220, centre 130); the label's centre is 130 too.
  const names: Array<[string, number, number]> = [
    ["Item", 0, 20],
    ["2008", 40, 60],
    ["2009", 80, 100],
    ["2010", 120, 140],
    ["2011", 160, 180],
    ["2012", 200, 220],
  ];
  const values = (y: number, label: string): Word[] =>
    lineAt(y, [label, 0, 25], ["1.1", 48, 60], ["1.2", 88, 100], ["1.3", 128, 140], ["1.4", 168, 180], ["1.5", 208, 220]);
  const words = [
    ...lineAt(0, ["Percent", 100, 128], ["change", 132, 160]),
    ...lineAt(12, ...names),
    ...values(26, "Mining"),
    ...values(40, "Trade"),
  ];
  const model = streamTable([0, 0, 220, 50], words);
  assert.ok(model);
  assert.equal(model.headerRows, 2);
  assert.deepEqual(cellsOf(model).slice(0, 2), ["0,1+5 Percent change", "1,0+1 Item"]);
  // Centred on columns 2-3 (centre 110), and so on 1-4 too, but not on all five: not sure.
  const inner = words.map((w) =>
    w.text === "Percent" ? { ...w, box: [80, 0, 108, 10] as Box } : w.text === "change" ? { ...w, box: [112, 0, 140, 10] as Box } : w,
  );
  const unsure = streamTable([0, 0, 220, 50], inner);
  assert.ok(unsure);
  assert.equal(unsure.headerRows, 0);
  // Centred on one group only (the last two columns), it is that group's band.
  const shifted = words.map((w) =>
    w.text === "Percent" ? { ...w, box: [162, 0, 188, 10] as Box } : w.text === "change" ? { ...w, box: [192, 0, 218, 10] as Box } : w,
  );
  assert.ok(cellsOf(streamTable([0, 0, 220, 50], shifted)!).includes("0,4+2 Percent change"));
});

test("a note line above the header, one run from the stub out over the value columns and centred on no group, is left out: the header under it is read", () => {
  const words = [
    ...lineAt(
      0,
      ["This", 0, 20],
      ["table", 24, 50],
      ["contains", 54, 95],
      ["summary", 99, 140],
      ["statistics", 144, 190],
      ["of", 194, 204],
      ["persons", 208, 250],
    ),
    ...lineAt(14, ["Variable", 0, 40], ["Mean", 100, 120], ["Max", 160, 180]),
    ...lineAt(28, ["Age", 0, 15], ["50.8", 100, 120], ["90", 168, 180]),
    ...lineAt(42, ["Men", 0, 15], ["0.47", 100, 120], ["1", 174, 180]),
  ];
  const model = streamTable([0, 0, 250, 52], words);
  assert.ok(model);
  assert.equal(model.headerRows, 1);
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Variable",
    "0,1+1 Mean",
    "0,2+1 Max",
    "1,0+1 Age",
    "1,1+1 50.8",
    "1,2+1 90",
    "2,0+1 Men",
    "2,1+1 0.47",
    "2,2+1 1",
  ]);
  assert.equal(model.box[1], 14, "the note is outside the reading's box: no opinion on it");
  // The same run as the header's only line (nothing under it to be the header): no header opinion.
  const alone = words.filter((w) => w.box[1] !== 14);
  assert.equal(streamTable([0, 0, 250, 52], alone)?.headerRows, 0);
});

test("a column no cell of a value line starts in (the inner words of long stub labels, left when their first word crosses the gutter) is part of the stub", () => {
  // Two long labels in twenty lines: the gutter after the short labels is crossed by two lines
  // (allowed); their first words cross it and are left out of the strict profile, their inner
  // words then make a column of their own that no cell starts in.
  const long: Array<[string, number, number]> = [
    ["Gross", 0, 25],
    ["financial", 29, 70],
    ["wealth", 74, 100],
  ];
  const words = Array.from({ length: 20 }, (_, r) =>
    lineAt(r * 14, ...(r % 10 === 9 ? long : ([["Age", 0, 15]] as Array<[string, number, number]>)), ["0.5", 150, 162], ["1.5", 200, 212]),
  ).flat();
  const model = streamTable([0, 0, 212, 280], words);
  assert.ok(model);
  assert.equal(model.nCols, 3);
  assert.ok(model.cells.some((c) => c.text === "Gross financial wealth" && c.col === 0 && c.colSpan === 1));
});

test("a text cell wrapped with the row's values on its last line (a code and description column) is one row", () => {
  const words = [
    ...lineAt(0, ["Code", 0, 20], ["Description", 40, 90], ["Hours", 160, 185], ["Status", 210, 240]),
    ...lineAt(14, ["211", 0, 15], ["Mining", 40, 70], ["12.1", 170, 185], ["Final", 210, 235]),
    ...lineAt(28, ["481", 0, 15], ["Air", 40, 52], ["transport,", 56, 100]),
    ...lineAt(40, ["scheduled", 40, 85], ["7.3", 170, 185], ["New", 210, 230]),
    ...lineAt(54, ["522", 0, 15], ["Credit", 40, 70], ["8.4", 170, 185], ["Final", 210, 235]),
  ];
  const model = streamTable([0, 0, 240, 64], words);
  assert.ok(model);
  assert.deepEqual(cellsOf(model), [
    "0,0+1 Code",
    "0,1+1 Description",
    "0,2+1 Hours",
    "0,3+1 Status",
    "1,0+1 211",
    "1,1+1 Mining",
    "1,2+1 12.1",
    "1,3+1 Final",
    "2,0+1 481",
    "2,1+1 Air transport, scheduled",
    "2,2+1 7.3",
    "2,3+1 New",
    "3,0+1 522",
    "3,1+1 Credit",
    "3,2+1 8.4",
    "3,3+1 Final",
  ]);
});

test("a scan (words from OCR): no opinion, since laying the same OCR words out again checks nothing OCR missed", async () => {
  const layout: TableModel = {
    box: REGION,
    nRows: 1,
    nCols: 1,
    cells: [],
    headerRows: 0,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
  const read = await pdfStreamReader.read(context(TABLE, [REGION], [layout]));
  assert.ok(read && read.kind === "tables" && read.tables.length === 1, "the born-digital page is read");
  assert.equal(await pdfStreamReader.read({ ...context(TABLE, [REGION], [layout]), wordsFromOcr: true }), null);
});
