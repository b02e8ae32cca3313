// Relation-aware structure support on hand-built segmentations whose answer is known: a reading
// that has a cell with the same words supports it only when it also has the same cells next to it
// (right and below, as the metric pairs them); a reading that puts the same words next to another
// cell is against it; a reading that does not reach the neighbour, or reads a span as empty space,
// has no opinion on that relation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tableSchema, type Cell, type Table } from "../../../lib/result/schema";
import type { Box, ModelCell, TableModel, Word } from "../types";
import { modelToTable } from "../tables/assemble-table";
import type { StructureReading } from "../structure/types";
import { reconcileStructure } from "./structure-page";
import { RECONCILE_SETTINGS } from "./settings";
import { unitNeighbours } from "./relation-support";
import { tableUnits } from "./cell-units";

const word = (text: string, box: Box): Word => ({ text, box, size: 10, font: "F", bold: false, dir: 0 });
//     Name | Qty | Price      (header, y 100)
//     Pens | 12  | 3.5        (y 120)
//     Ink  | 7   | 1.2        (y 140)
const WORDS: Word[] = [
  word("Name", [100, 100, 130, 110]),
  word("Qty", [200, 100, 220, 110]),
  word("Price", [260, 100, 290, 110]),
  word("Pens", [100, 120, 125, 130]),
  word("12", [200, 120, 212, 130]),
  word("3.5", [260, 120, 278, 130]),
  word("Ink", [100, 140, 118, 150]),
  word("7", [200, 140, 206, 150]),
  word("1.2", [260, 140, 278, 150]),
];
const [NAME, QTY, PRICE, PENS, TWELVE, PRICE_PENS, INK, SEVEN, PRICE_INK] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const cell = (row: number, col: number, i: number, rowSpan = 1): ModelCell => ({
  row,
  col,
  rowSpan,
  colSpan: 1,
  text: WORDS[i]!.text,
  box: WORDS[i]!.box,
});
const model = (cells: ModelCell[], box: Box = [100, 100, 290, 150], nRows = 3): TableModel => ({
  box,
  nRows,
  nCols: 3,
  cells,
  headerRows: 1,
  rowGroups: [],
  source: "pdf-grid",
  disputed: false,
});
const ROWS = [
  [NAME, QTY, PRICE],
  [PENS, TWELVE, PRICE_PENS],
  [INK, SEVEN, PRICE_INK],
];
const RIGHT = model(ROWS.flatMap((row, r) => row.map((i, c) => cell(r, c, i))));
/** The header and the Pens row alone: a table that stops before the Ink row. */
const headerAndPens = () =>
  model(
    ROWS.slice(0, 2).flatMap((row, r) => row.map((i, c) => cell(r, c, i))),
    [100, 100, 290, 130],
    2,
  );
/** The Ink row alone, as a table without a header line of its own. */
const inkAlone = (): TableModel => ({
  ...model(
    ROWS[2]!.map((i, c) => cell(0, c, i)),
    [100, 140, 290, 150],
    1,
  ),
  headerRows: 0,
});

function delivered(m: TableModel): Table {
  const t = modelToTable(m, 1, 0);
  const verify = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["pdf-text", "ocr-2"] });
  return { ...t, header_cells: t.header_cells.map(verify), rows: t.rows.map((r) => r.map(verify)) };
}
const tables = (source: StructureReading["source"], ...models: TableModel[]): StructureReading => ({
  source,
  kind: "tables",
  tables: models,
});
const vote = (m: TableModel, readings: StructureReading[]) => reconcileStructure([delivered(m)], [m], WORDS, readings);
/** Confidence of the cell holding word `i`. */
function confidenceOf(table: Table, i: number): string {
  const all = [...table.header_cells, ...table.rows.flat()];
  return all.find((c) => c.value === WORDS[i]!.text)!.confidence;
}

test("the metric's relations come back per cell: right and below neighbours, empty cells skipped, spans seen from both ends", () => {
  // "12" missing: Pens's right neighbour is "3.5" across the empty cell, Qty's below is "7".
  const m = model(ROWS.flatMap((row, r) => row.filter((i) => i !== TWELVE).map((i) => cell(r, row.indexOf(i), i))));
  const table = modelToTable(m, 1, 0);
  const units = tableUnits(table, m);
  const neighbours = unitNeighbours(table, units);
  const named = (list: number[]) => list.map((n) => units[n]!.value);
  const of = (text: string) => neighbours[units.findIndex((u) => u.value === text)]!;
  assert.deepEqual(named(of("Pens").right), ["3.5"]);
  assert.deepEqual(named(of("Qty").below), ["7"]);
  assert.deepEqual(named(of("7").above), ["Qty"]);
  assert.deepEqual(named(of("3.5").left), ["Pens"]);
  assert.deepEqual(named(of("1.2").below), []);
});

test("the same words in every cell and the same neighbours: verified stays verified", () => {
  const out = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", RIGHT)]).tables[0]!;
  tableSchema.parse(out);
  assert.deepEqual(
    [...out.header_cells, ...out.rows.flat()].map((c) => c.confidence),
    Array(9).fill("verified"),
  );
});

test("two stacked tables delivered as one: a reading that reads them apart is against the cells joined across the gap", () => {
  // The other reading: "Name Qty Price / Pens 12 3.5" and "Ink 7 1.2" as two tables (the second
  // without a header line of its own). Every cell has the same words in both readings.
  const top = headerAndPens();
  const bottom = inkAlone();
  const outcome = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", top, bottom)]);
  const out = outcome.tables[0]!;
  // Pens / Ink, 12 / 7 and 3.5 / 1.2 are joined across the two tables: one for, one against.
  for (const i of [PENS, TWELVE, PRICE_PENS]) assert.equal(confidenceOf(out, i), "disputed", WORDS[i]!.text);
  assert.equal(out.rows[0]![0]!.provisional, true);
  // The reading's value is the cell's own text (a reviewer may choose it); the verdict's detail
  // says what the other reading has below the cell: nothing (its table ends there).
  assert.equal(out.rows[0]![0]!.readings!["pdf-layout"], "Pens");
  const verdict = outcome.verdicts[0]!.find((v) => v.unit.value === "Pens")!.verdict;
  assert.deepEqual(verdict.details, { "pdf-layout": "below: none" });
  assert.deepEqual([verdict.supporters, verdict.against, verdict.reasons], [["pdf-grid"], ["pdf-layout"], { "pdf-layout": "neighbours" }]);
  // The header and the last row: every relation of theirs both readings agree on.
  for (const i of [NAME, QTY, PRICE, INK, SEVEN, PRICE_INK]) assert.equal(confidenceOf(out, i), "verified", WORDS[i]!.text);
  tableSchema.parse(out);
});

test("a value in the wrong row: a reading with the same cell but another right neighbour is against it", () => {
  // Delivered: "12" in the Pens row. The other reading puts "12" in the Ink row instead (and "7"
  // in a row of its own below), so next to "Pens" it has "3.5".
  const other = model(
    [
      ...ROWS[0]!.map((i, c) => cell(0, c, i)),
      cell(1, 0, PENS),
      cell(1, 2, PRICE_PENS),
      cell(2, 0, INK),
      cell(2, 1, TWELVE),
      cell(2, 2, PRICE_INK),
      cell(3, 1, SEVEN),
    ],
    [100, 100, 290, 150],
    4,
  );
  const outcome = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", other)]);
  const out = outcome.tables[0]!;
  assert.equal(out.rows[0]![0]!.confidence, "disputed");
  assert.equal(out.rows[0]![0]!.readings!["pdf-layout"], "Pens");
  assert.deepEqual(outcome.verdicts[0]!.find((v) => v.unit.value === "Pens")!.verdict.details, { "pdf-layout": "right: 3.5" });
  // With a third reading agreeing with the delivered table, the majority holds: resolved.
  const three = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", other), tables("pdf-tags", RIGHT)]).tables[0]!;
  assert.equal(three.rows[0]![0]!.confidence, "resolved");
  assert.equal(three.rows[0]![0]!.provisional, undefined);
});

test("a header over the wrong column: the same header cell over other values is against it", () => {
  // "Qty" has no header of its own column in one reading: the delivered table puts it over the
  // 3.5 / 1.2 column (Price left out), the other reading over 12 / 7, where it belongs.
  const body = ROWS.slice(1).flatMap((row, r) => row.map((i, c) => cell(r + 1, c, i)));
  const overPrice = model([cell(0, 0, NAME), cell(0, 2, QTY), ...body]);
  const overQty = model([cell(0, 0, NAME), cell(0, 1, QTY), ...body]);
  const outcome = reconcileStructure([delivered(overPrice)], [overPrice], WORDS, [
    tables("pdf-grid", overPrice),
    tables("pdf-layout", overQty),
  ]);
  const out = outcome.tables[0]!;
  assert.equal(out.header_cells[2]!.value, "Qty");
  assert.equal(out.header_cells[2]!.confidence, "disputed");
  assert.equal(out.header_cells[2]!.readings!["pdf-layout"], "Qty");
  assert.deepEqual(outcome.verdicts[0]!.find((v) => v.unit.value === "Qty")!.verdict.details, { "pdf-layout": "below: 12" });
  // "Name" keeps "Qty" as its right neighbour in both readings (the empty header between them is
  // no cell), and the body cells' own relations are the same in both: verified.
  assert.equal(out.header_cells[0]!.confidence, "verified");
  for (const i of [PENS, TWELVE, PRICE_PENS, INK, SEVEN, PRICE_INK]) assert.equal(confidenceOf(out, i), "verified", WORDS[i]!.text);
});

test("a reading whose table stops short of the neighbour has no opinion on that relation", () => {
  // The other reading's table holds the header and the Pens row only; "Ink 7 1.2" it does not
  // read at all. The Pens row's cells keep its support: it has them, with the same neighbours as
  // far as it reaches.
  const short = headerAndPens();
  const out = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", short)]).tables[0]!;
  for (const i of [NAME, QTY, PRICE, PENS, TWELVE, PRICE_PENS]) assert.equal(confidenceOf(out, i), "verified", WORDS[i]!.text);
  // The Ink row: only one reading has it (single: at most unverified), nobody against it.
  for (const i of [INK, SEVEN, PRICE_INK]) assert.equal(confidenceOf(out, i), "unverified", WORDS[i]!.text);
});

test("a row span one reading does not read is empty space there, not another neighbour: no opinion", () => {
  // Delivered: "Pens" spans both body rows (its right neighbours: 12 and 7); the other reading has
  // "Pens" in the first body row only, and nothing left of "7" (Ink left out of both readings).
  const spanned = model([
    ...ROWS[0]!.map((i, c) => cell(0, c, i)),
    cell(1, 0, PENS, 2),
    cell(1, 1, TWELVE),
    cell(1, 2, PRICE_PENS),
    cell(2, 1, SEVEN),
    cell(2, 2, PRICE_INK),
  ]);
  const flat = model([
    ...ROWS[0]!.map((i, c) => cell(0, c, i)),
    cell(1, 0, PENS),
    cell(1, 1, TWELVE),
    cell(1, 2, PRICE_PENS),
    cell(2, 1, SEVEN),
    cell(2, 2, PRICE_INK),
  ]);
  const out = vote(spanned, [tables("pdf-grid", spanned), tables("pdf-layout", flat)]).tables[0]!;
  assert.equal(confidenceOf(out, PENS), "verified");
});

test("a section head spanning every column, read by a reading without spans in the first column only: no opinion", () => {
  //     Name | Qty | Price
  //     Pens | 12  | 3.5
  //     Stationery (spanning the three columns; pdf-tags gives no spans: its first column only)
  //     Ink  | 7   | 1.2
  const words = [
    ...WORDS.slice(0, 6),
    word("Stationery", [100, 140, 150, 150]),
    ...WORDS.slice(6).map((w) => word(w.text, [w.box[0], w.box[1] + 20, w.box[2], w.box[3] + 20])),
  ];
  const at = (row: number, col: number, i: number, colSpan = 1): ModelCell => ({
    row,
    col,
    rowSpan: 1,
    colSpan,
    text: words[i]!.text,
    box: words[i]!.box,
  });
  const rows = (head: ModelCell): ModelCell[] => [
    ...[0, 1, 2].map((c) => at(0, c, c)),
    ...[0, 1, 2].map((c) => at(1, c, c + 3)),
    head,
    ...[0, 1, 2].map((c) => at(3, c, c + 7)),
  ];
  const spanned: TableModel = { ...model(rows(at(2, 0, 6, 3)), [100, 100, 290, 170], 4) };
  const first: TableModel = { ...model(rows(at(2, 0, 6)), [100, 100, 290, 170], 4) };
  assert.deepEqual(modelToTable(spanned, 1, 0).span_grid, [{ row: 1, col: 0, row_span: 1, col_span: 3 }]);
  const out = reconcileStructure([delivered(spanned)], [spanned], words, [tables("pdf-grid", spanned), tables("pdf-tags", first)])
    .tables[0]!;
  assert.deepEqual(
    [...out.header_cells, ...out.rows.flat()].filter((c) => c.value !== "").map((c) => c.confidence),
    Array(10).fill("verified"),
  );
});

test("a reading that may only object objects to another neighbour, and its agreement is still no support", () => {
  const top = headerAndPens();
  const bottom = inkAlone();
  const alt: StructureReading = { source: "pdf-layout-alt", kind: "tables", tables: [top, bottom], objectsOnly: true };
  const out = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-tags", RIGHT), alt]).tables[0]!;
  assert.equal(confidenceOf(out, PENS), "resolved");
  assert.equal(confidenceOf(out, INK), "verified");
});

test("with relationSupport off, the same words are support wherever the reading puts them (the rule before)", () => {
  const top = headerAndPens();
  const bottom = inkAlone();
  const settings = RECONCILE_SETTINGS as { relationSupport: boolean };
  settings.relationSupport = false;
  try {
    const out = vote(RIGHT, [tables("pdf-grid", RIGHT), tables("pdf-layout", top, bottom)]).tables[0]!;
    assert.equal(confidenceOf(out, PENS), "verified");
  } finally {
    settings.relationSupport = true;
  }
});

test("minRelationSupport 2: a cell with neighbours needs two full segmentations; detected lines check boundaries, not neighbours", () => {
  // The delivered reading and the detected text lines (one per word) support every cell.
  const lines: StructureReading = {
    source: "ocr-2-lines",
    kind: "fragments",
    fragments: WORDS.map((w) => ({ text: w.text, box: [w.box[0] - 1, w.box[1] - 1, w.box[2] + 1, w.box[3] + 1] as Box })),
  };
  const settings = RECONCILE_SETTINGS as { minRelationSupport: number };
  const before = settings.minRelationSupport;
  try {
    settings.minRelationSupport = 1;
    assert.equal(confidenceOf(vote(RIGHT, [tables("pdf-grid", RIGHT), lines]).tables[0]!, PENS), "verified");
    settings.minRelationSupport = 2;
    assert.equal(confidenceOf(vote(RIGHT, [tables("pdf-grid", RIGHT), lines]).tables[0]!, PENS), "unverified");
    // A second full segmentation with the same cells and neighbours: verified again.
    assert.equal(confidenceOf(vote(RIGHT, [tables("pdf-grid", RIGHT), lines, tables("pdf-layout", RIGHT)]).tables[0]!, PENS), "verified");
  } finally {
    settings.minRelationSupport = before;
  }
});
