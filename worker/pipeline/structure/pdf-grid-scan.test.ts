// pdf-grid on a scan: rows a grid gets from rulings are its own evidence; rows it cuts at text
// lines inside one ruled row (a table ruled between columns only) are the same OCR lines
// pdf-layout lays out, so there it may object but not support. The table, ruled around and
// between columns, with a rule under the header:
//     Item   | Count
//     -------+------
//     Apples | 12
//     Pears  | 7
//     Plums  | 30
// read as a scan (words from OCR) and as a page with a text layer, with and without row rulings.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, Ruling, TableModel, Word } from "../types";
import { groupToGrid } from "../geometry/rulings-to-grid";
import { SETTINGS } from "../settings";
import { modelToTable } from "../tables/assemble-table";
import { reconcileStructure } from "../reconcile/structure-page";
import type { Cell, Table } from "../../../lib/result/schema";
import type { StructureContext, StructureReading } from "./types";
import { pdfGridReader } from "./pdf-grid";

const word = (text: string, box: Box): Word => ({ text, box, size: 10, font: "ocr", bold: false, dir: 0 });
const WORDS: Word[] = [
  word("Item", [100, 100, 122, 110]),
  word("Count", [200, 100, 228, 110]),
  word("Apples", [100, 124, 132, 134]),
  word("12", [220, 124, 232, 134]),
  word("Pears", [100, 144, 128, 154]),
  word("7", [226, 144, 232, 154]),
  word("Plums", [100, 164, 130, 174]),
  word("30", [220, 164, 232, 174]),
];
const h = (pos: number): Ruling => ({ orientation: "h", pos, start: 90, end: 240 });
const v = (pos: number): Ruling => ({ orientation: "v", pos, start: 92, end: 182 });
const COLUMN_RULED = [h(92), h(117), h(182), v(90), v(160), v(240)];
const FULLY_RULED = [...COLUMN_RULED, h(139), h(159)];

function read(rulings: Ruling[], wordsFromOcr: boolean) {
  const grid = groupToGrid(rulings, SETTINGS.intersectTolerance)!;
  const context = {
    pageNumber: 1,
    words: WORDS,
    graphics: { rulings, rects: [] },
    detected: { grids: [grid] },
    tableRegions: [grid.box],
    ocr: {},
    wordsFromOcr,
    page: null,
    settings: SETTINGS,
  } as unknown as StructureContext;
  const reading = pdfGridReader.read(context) as Extract<StructureReading, { kind: "tables" }>;
  assert.ok(reading, "the grid is read");
  return reading;
}

const textOf = (boxes: readonly Box[] | undefined) =>
  (boxes ?? [])
    .map((b) =>
      WORDS.filter((w) => w.box[0] >= b[0] && w.box[2] <= b[2] && w.box[1] >= b[1] && w.box[3] <= b[3])
        .map((w) => w.text)
        .join(" "),
    )
    .sort();

test("a scan's table ruled between columns only: the grid abstains on the rows it cut at text lines", () => {
  const reading = read(COLUMN_RULED, true);
  assert.equal(reading.tables[0]!.nRows, 4, "header and three body rows, cut at the text lines");
  assert.deepEqual(textOf(reading.abstainOn), ["12", "30", "7", "Apples", "Pears", "Plums"]);
});

test("the same table fully ruled, or on a page with a text layer: the grid supports every cell", () => {
  assert.equal(read(FULLY_RULED, true).abstainOn, undefined);
  assert.equal(read(COLUMN_RULED, false).abstainOn, undefined);
});

test("structure vote on the scan: rows only text geometry cut are not verified by two readings", () => {
  const reading = read(COLUMN_RULED, true);
  const model: TableModel = reading.tables[0]!;
  const layout: StructureReading = { source: "pdf-layout", kind: "tables", tables: [{ ...model, source: "pdf-layout" }] };
  const verify = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["ocr-1", "ocr-2"] });
  const table = modelToTable(model, 1, 0);
  const delivered: Table = { ...table, header_cells: table.header_cells.map(verify), rows: table.rows.map((r) => r.map(verify)) };
  const abstaining = reconcileStructure([delivered], [model], WORDS, [reading, layout]).tables[0]!;
  assert.deepEqual(
    abstaining.rows.flat().map((c) => c.confidence),
    Array(6).fill("unverified"),
  );
  // The same two readings with the grid's rows ruled: both support, the cells stay verified.
  const { abstainOn: _dropped, ...supporting } = reading;
  const both = reconcileStructure([delivered], [model], WORDS, [supporting, layout]).tables[0]!;
  assert.deepEqual(
    both.rows.flat().map((c) => c.confidence),
    Array(6).fill("verified"),
  );
});
