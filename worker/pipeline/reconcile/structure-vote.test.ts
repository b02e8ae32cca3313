// The structure vote on hand-built segmentations whose answer is known: a 2-column table
//     Name | Qty        (header)
//     Pens | 12
//     Ink  | 7
// read by segmentations that agree, that merge "Pens 12" into one cell, or that have no opinion,
// and by detected text lines that cross a boundary or sit side by side in one cell.
import { test } from "node:test";
import assert from "node:assert/strict";
import { tableSchema, type Cell, type Table } from "../../../lib/result/schema";
import type { Box, ModelCell, TableModel, Word } from "../types";
import { modelToTable } from "../tables/assemble-table";
import { ocrWordsToLines } from "../structure/ocr-lines";
import type { StructureReading } from "../structure/types";
import { reconcileStructure } from "./structure-page";
import { judgeCell, PageWords, prepareReading } from "./structure-vote";
import { RECONCILE_SETTINGS } from "./settings";

const word = (text: string, box: Box): Word => ({ text, box, size: 10, font: "F", bold: false, dir: 0 });
const WORDS: Word[] = [
  word("Name", [100, 100, 130, 110]),
  word("Qty", [200, 100, 220, 110]),
  word("Pens", [100, 120, 125, 130]),
  word("12", [200, 120, 212, 130]),
  word("Ink", [100, 140, 118, 150]),
  word("7", [200, 140, 206, 150]),
];
const cell = (row: number, col: number, w: number[], colSpan = 1): ModelCell => ({
  row,
  col,
  rowSpan: 1,
  colSpan,
  text: w.map((i) => WORDS[i]!.text).join(" "),
  box: [
    Math.min(...w.map((i) => WORDS[i]!.box[0])),
    Math.min(...w.map((i) => WORDS[i]!.box[1])),
    Math.max(...w.map((i) => WORDS[i]!.box[2])),
    Math.max(...w.map((i) => WORDS[i]!.box[3])),
  ],
});
const model = (cells: ModelCell[], nCols = 2): TableModel => ({
  box: [100, 100, 220, 150],
  nRows: 3,
  nCols,
  cells,
  headerRows: 1,
  rowGroups: [],
  source: "pdf-grid",
  disputed: false,
});
const RIGHT = model([cell(0, 0, [0]), cell(0, 1, [1]), cell(1, 0, [2]), cell(1, 1, [3]), cell(2, 0, [4]), cell(2, 1, [5])]);
/** A reading that merges "Pens" and "12" into one cell spanning both columns. */
const MERGED = model([cell(0, 0, [0]), cell(0, 1, [1]), cell(1, 0, [2, 3], 2), cell(2, 0, [4]), cell(2, 1, [5])]);

/** The delivered table, every cell already verified by the value vote. */
function delivered(): Table {
  const t = modelToTable(RIGHT, 1, 0);
  const verify = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["pdf-text", "ocr-1", "ocr-2"] });
  return { ...t, header_cells: t.header_cells.map(verify), rows: t.rows.map((r) => r.map(verify)) };
}
const tables = (source: StructureReading["source"], m: TableModel): StructureReading => ({ source, kind: "tables", tables: [m] });
const fragments = (boxes: Array<[string, Box]>): StructureReading => ({
  source: "ocr-2-lines",
  kind: "fragments",
  fragments: boxes.map(([text, box]) => ({ text, box })),
});
/** Detected lines, one per cell, padded like PaddleOCR boxes. */
const LINES = fragments(WORDS.map((w) => [w.text, [w.box[0] - 1, w.box[1] - 1, w.box[2] + 1, w.box[3] + 1]]));
const vote = (readings: StructureReading[]) => reconcileStructure([delivered()], [RIGHT], WORDS, readings).tables[0]!;

test("two segmentations with the same words in every cell: verified stays verified", () => {
  const out = vote([tables("pdf-grid", RIGHT), tables("pdf-layout", RIGHT)]);
  tableSchema.parse(out);
  assert.deepEqual(
    out.rows.flat().map((c) => c.confidence),
    ["verified", "verified", "verified", "verified"],
  );
  assert.equal(out.header_cells[0]!.confidence, "verified");
  assert.equal(out.rows[0]![0]!.readings, undefined);
});

test("one structure reading only (no opinion from the others): no cell can be verified", () => {
  // pdf-layout reads a table elsewhere on the page: no opinion here, neither support nor against.
  const elsewhere = model([cell(0, 0, [0]), cell(0, 1, [1])]);
  elsewhere.box = [400, 400, 500, 450];
  const out = vote([tables("pdf-grid", RIGHT), { source: "pdf-layout", kind: "tables", tables: [{ ...elsewhere, cells: [] }] }]);
  assert.deepEqual(
    out.rows.flat().map((c) => c.confidence),
    ["unverified", "unverified", "unverified", "unverified"],
  );
  assert.equal(out.rows[0]![0]!.provisional, undefined);
});

test("two segmentations against one that merges a cell: resolved, with every segmentation's version", () => {
  const out = vote([tables("pdf-grid", RIGHT), tables("pdf-layout", MERGED), tables("pdf-tags", RIGHT), LINES]);
  assert.equal(out.rows[0]![0]!.confidence, "resolved");
  assert.deepEqual(out.rows[0]![0]!.readings, {
    "pdf-text": "Pens",
    "ocr-1": "Pens",
    "ocr-2": "Pens",
    "pdf-grid": "Pens",
    "pdf-layout": "Pens 12",
    "pdf-tags": "Pens",
    "ocr-2-lines": "Pens",
  });
  assert.equal(out.rows[0]![0]!.provisional, undefined);
  // The other row, on which all agree, stays verified.
  assert.equal(out.rows[1]![1]!.confidence, "verified");
  // With the detected lines as the second supporter, the cell's neighbours are vouched for by one
  // segmentation only (minRelationSupport 2): no majority of segmentations, so unverified.
  const linesOnly = vote([tables("pdf-grid", RIGHT), tables("pdf-layout", MERGED), LINES]);
  assert.equal(linesOnly.rows[0]![0]!.confidence, "unverified");
  assert.equal(linesOnly.rows[0]![0]!.readings!["pdf-layout"], "Pens 12");
});

test("one against one: disputed, provisional, the value unchanged and both versions shown", () => {
  const out = vote([tables("pdf-grid", RIGHT), tables("pdf-layout", MERGED)]);
  const pens = out.rows[0]![0]!;
  assert.deepEqual([pens.value, pens.confidence, pens.provisional], ["Pens", "disputed", true]);
  assert.equal(pens.readings!["pdf-grid"], "Pens");
  assert.equal(pens.readings!["pdf-layout"], "Pens 12");
  tableSchema.parse(out);
});

test("detected text lines: a line across a boundary, or two lines side by side in a cell, is against", () => {
  const page = new PageWords(WORDS);
  // One detected line over "Pens" and "12": the cell boundary between them cuts through it.
  const across = prepareReading(fragments([["Pens 12", [99, 119, 213, 131]]]), page);
  assert.equal(across.judge([2], WORDS[2]!.box).verdict, "against");
  // The merged cell "Pens 12" holds two lines the image shows apart on one row.
  const apart = prepareReading(LINES, page);
  assert.equal(apart.judge([2, 3], [100, 120, 212, 130]).verdict, "against");
  assert.equal(apart.judge([2], WORDS[2]!.box).verdict, "support");
  // Two lines stacked in one cell (a wrapped name) are not against it, and not for it either:
  // whether stacked lines are one cell or two rows, the detector cannot see.
  assert.equal(apart.judge([0, 2], [100, 100, 130, 130]).verdict, "none");
  // The same line with the recogniser's word split at the boundary (it read a space between
  // "Pens" and "12"): the detector joins any narrow gap, so this says nothing either way.
  const atSpace = prepareReading(
    {
      source: "ocr-2-lines",
      kind: "fragments",
      fragments: [
        {
          text: "Pens 12",
          box: [99, 119, 213, 131],
          words: [
            [99, 119, 126, 131],
            [199, 119, 213, 131],
          ],
        },
      ],
    },
    page,
  );
  assert.equal(atSpace.judge([2], WORDS[2]!.box).verdict, "none");
  // ...but a recognised word that itself straddles the boundary is against it.
  const inWord = prepareReading(
    { source: "ocr-2-lines", kind: "fragments", fragments: [{ text: "Pens12", box: [99, 119, 213, 131], words: [[99, 119, 213, 131]] }] },
    page,
  );
  assert.equal(inWord.judge([2], WORDS[2]!.box).verdict, "against");
  // Nothing detected over the cell: no opinion.
  assert.equal(prepareReading(fragments([]), page).judge([2], WORDS[2]!.box).verdict, "none");
});

test("the verdict needs two supporters; a supporter and an objector is disputed", () => {
  const page = new PageWords(WORDS);
  const grid = prepareReading(tables("pdf-grid", RIGHT), page);
  const layout = prepareReading(tables("pdf-layout", MERGED), page);
  const lines = prepareReading(LINES, page);
  assert.equal(judgeCell([2], WORDS[2]!.box, "Pens", [grid]).level, "single");
  assert.equal(judgeCell([2], WORDS[2]!.box, "Pens", [grid, lines]).level, "agreed");
  assert.equal(judgeCell([2], WORDS[2]!.box, "Pens", [grid, lines, layout]).level, "majority");
  assert.equal(judgeCell([2], WORDS[2]!.box, "Pens", [grid, layout]).level, "disputed");
  assert.deepEqual(judgeCell([2], WORDS[2]!.box, "Pens", [grid, layout]).against, ["pdf-layout"]);
});

test("a column band no other reading supports caps the header cells under it", () => {
  // "Stock" over both columns: a band in the delivered table; pdf-layout reads "Stock" as the
  // first line of the first column's name instead (its word set then differs: Stock + Name).
  const bandWords = [...WORDS, word("Stock", [140, 85, 170, 95])];
  const shift = (c: ModelCell): ModelCell => ({ ...c, row: c.row + 1 });
  const band: ModelCell = { row: 0, col: 0, rowSpan: 1, colSpan: 2, text: "Stock", box: [140, 85, 170, 95] };
  const withBand: TableModel = { ...RIGHT, box: [100, 85, 220, 150], nRows: 4, headerRows: 2, cells: [band, ...RIGHT.cells.map(shift)] };
  const asName: TableModel = { ...withBand, cells: [{ ...band, colSpan: 1, col: 0 }, ...RIGHT.cells.map(shift)] };
  const base = modelToTable(withBand, 1, 0);
  assert.deepEqual(base.colbands, [{ label: "Stock", start_col: 0, end_col: 1 }]);
  const verify = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["pdf-text", "ocr-1"] });
  const table = { ...base, header_cells: base.header_cells.map(verify), rows: base.rows.map((r) => r.map(verify)) };
  const agreed = reconcileStructure([table], [withBand], bandWords, [tables("pdf-grid", withBand), tables("pdf-tags", withBand)])
    .tables[0]!;
  assert.deepEqual(
    agreed.header_cells.map((c) => c.confidence),
    ["verified", "verified"],
  );
  const out = reconcileStructure([table], [withBand], bandWords, [tables("pdf-grid", withBand), tables("pdf-layout", asName)]).tables[0]!;
  // "Name": pdf-layout's column-0 name is "Stock Name", so one against one: disputed. "Qty": its
  // own boundaries agree, but the band over it is contested: capped.
  assert.deepEqual(
    out.header_cells.map((c) => c.confidence),
    ["disputed", "unverified"],
  );
  assert.equal(out.header_cells[0]!.readings!["pdf-layout"], "Stock Name");
  assert.equal(out.header_cells[1]!.provisional, undefined);
  // The body is not under the band: untouched.
  assert.equal(out.rows[1]![1]!.confidence, "verified");
  // The band's own confidence (the value vote on its label) stands where its place is agreed and
  // is capped where it is contested (one supporter, one against: disputed).
  const voted = { ...table, colbands: [{ ...base.colbands[0]!, confidence: "verified" as const }] };
  const bandAgreed = reconcileStructure([voted], [withBand], bandWords, [tables("pdf-grid", withBand), tables("pdf-tags", withBand)])
    .tables[0]!;
  assert.equal(bandAgreed.colbands![0]!.confidence, "verified");
  const bandContested = reconcileStructure([voted], [withBand], bandWords, [tables("pdf-grid", withBand), tables("pdf-layout", asName)])
    .tables[0]!;
  assert.equal(bandContested.colbands![0]!.confidence, "disputed");
  const bandAlone = reconcileStructure([voted], [withBand], bandWords, [tables("pdf-grid", withBand)]).tables[0]!;
  assert.equal(bandAlone.colbands![0]!.confidence, "unverified");
});

test("PaddleOCR's words are put back into the lines they were cut from", () => {
  const w = (text: string, x0: number, x1: number, y0 = 100, y1 = 112) => ({ text, bbox: [x0, y0, x1, y1] as Box, confidence: 0.9 });
  // "Total population" is one detected line (words a space apart, same top and bottom); "1,234"
  // on the same row is another (its own box: a different top and bottom, a gutter away).
  const lines = ocrWordsToLines([
    w("Total", 100, 125),
    w("population", 129, 175),
    w("1,234", 260, 285, 100.5, 111.5),
    w("next", 100, 120, 120, 132),
  ]);
  assert.deepEqual(
    lines.map((l) => l.text),
    ["Total population", "1,234", "next"],
  );
  // Same top and bottom but a gutter apart (two boxes of equal height): still two lines.
  assert.equal(ocrWordsToLines([w("A", 100, 110), w("B", 200, 210)]).length, 2);
});

test("a column band is supported only over the same columns: the same label over other names is against it", () => {
  // "Stock" over Qty | Price in the delivered table; one reading puts it over Name | Qty instead.
  const w3: Word[] = [
    word("Stock", [180, 85, 210, 95]),
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
  const c = (row: number, col: number, i: number, colSpan = 1): ModelCell => ({
    row,
    col,
    rowSpan: 1,
    colSpan,
    text: w3[i]!.text,
    box: w3[i]!.box,
  });
  const body = [c(1, 0, 1), c(1, 1, 2), c(1, 2, 3), c(2, 0, 4), c(2, 1, 5), c(2, 2, 6), c(3, 0, 7), c(3, 1, 8), c(3, 2, 9)];
  const m = (band: ModelCell): TableModel => ({
    box: [100, 85, 290, 150],
    nRows: 4,
    nCols: 3,
    cells: [band, ...body],
    headerRows: 2,
    rowGroups: [],
    source: "pdf-grid",
    disputed: false,
  });
  const overRight = m(c(0, 1, 0, 2));
  const overLeft = m(c(0, 0, 0, 2));
  const base = modelToTable(overRight, 1, 0);
  assert.deepEqual(base.colbands, [{ label: "Stock", start_col: 1, end_col: 2 }]);
  const verify = (x: Cell): Cell => (x.value === "" ? x : { ...x, confidence: "verified", sources: ["pdf-text", "ocr-2"] });
  const table: Table = {
    ...base,
    colbands: [{ ...base.colbands[0]!, confidence: "verified" }],
    header_cells: base.header_cells.map(verify),
    rows: base.rows.map((r) => r.map(verify)),
  };
  const same = reconcileStructure([table], [overRight], w3, [tables("pdf-grid", overRight), tables("pdf-tags", overRight)]).tables[0]!;
  assert.equal(same.colbands![0]!.confidence, "verified");
  const other = reconcileStructure([table], [overRight], w3, [tables("pdf-grid", overRight), tables("pdf-layout", overLeft)]);
  assert.equal(other.tables[0]!.colbands![0]!.confidence, "disputed");
  const verdict = other.verdicts[0]!.find((v) => v.unit.ref.kind === "band")!.verdict;
  assert.deepEqual([verdict.supporters, verdict.against], [["pdf-grid"], ["pdf-layout"]]);
  // The names under the contested band are capped; the one outside it is not.
  assert.deepEqual(
    other.tables[0]!.header_cells.map((x) => x.confidence),
    ["verified", "unverified", "unverified"],
  );
});

test("a detected line holding only a '$' before its number (or a '%' after it) does not make the cell two cells", () => {
  // "$" at a money column's left edge, the digits right-aligned a gutter away (generated family
  // currency-columns): the detector sees two lines, the ground truth one cell "$ 1,234".
  const money = [
    word("$", [300, 120, 305, 130]),
    word("1,234", [330, 120, 352, 130]),
    word("12.5", [400, 120, 416, 130]),
    word("%", [430, 120, 437, 130]),
    word("Pens", [100, 120, 125, 130]),
  ];
  const page = new PageWords(money);
  const lines = prepareReading(fragments(money.map((w) => [w.text, [w.box[0] - 1, w.box[1] - 1, w.box[2] + 1, w.box[3] + 1]])), page);
  assert.equal(lines.judge([0, 1], [300, 120, 352, 130]).verdict, "support");
  assert.equal(lines.judge([2, 3], [400, 120, 437, 130]).verdict, "support");
  // A sign on the wrong side, or a word that is no sign, still makes two lines the image shows apart.
  assert.equal(lines.judge([1, 2], [330, 120, 416, 130]).verdict, "against");
  assert.equal(lines.judge([4, 0], [100, 120, 305, 130]).verdict, "against");
});

// A reading that keeps apart as two stacked tables, the second opening with its own header line,
// what the delivered table joins ("two stacked tables delivered as one"): it agrees
// with the delivered cells one by one, but the metric scores one delivered table against one
// true table, so the part left over is wrong whatever its cells. It withholds its support.
test("a reading that splits the delivered table into stacked tables with their own header supports none of its cells", async () => {
  const { RECONCILE_SETTINGS } = await import("./settings");
  const top = {
    ...model([cell(0, 0, [0]), cell(0, 1, [1]), cell(1, 0, [2]), cell(1, 1, [3])]),
    nRows: 2,
    box: [100, 100, 220, 130] as Box,
  };
  const under = (headerRows: number): TableModel => ({
    ...model([
      { ...cell(2, 0, [4]), row: 0 },
      { ...cell(2, 1, [5]), row: 0 },
    ]),
    nRows: 1,
    headerRows,
    box: [100, 140, 206, 150],
  });
  const stacked = (headerRows: number): StructureReading => ({ source: "pdf-stream", kind: "tables", tables: [top, under(headerRows)] });
  const verified = (out: Table) => [...out.header_cells, ...out.rows.flat()].filter((c) => c.confidence === "verified").map((c) => c.value);
  // The second part opens with a header line: a split; nothing verified (pdf-grid alone supports).
  assert.deepEqual(verified(vote([tables("pdf-grid", RIGHT), stacked(1)])), []);
  // The same parts without a header of their own (a table cut short, not a second table): the
  // reading's cells still support where their neighbours agree (not "Pens | 12", whose neighbours below it puts in another table).
  assert.deepEqual(verified(vote([tables("pdf-grid", RIGHT), stacked(0)])), ["Name", "Qty", "Ink", "7"]);
  // And with the rule off, the split reading supports as before.
  const saved = RECONCILE_SETTINGS.splitWithholdsSupport;
  (RECONCILE_SETTINGS as { splitWithholdsSupport: boolean }).splitWithholdsSupport = false;
  try {
    assert.deepEqual(verified(vote([tables("pdf-grid", RIGHT), stacked(1)])), ["Name", "Qty", "Ink", "7"]);
  } finally {
    (RECONCILE_SETTINGS as { splitWithholdsSupport: boolean }).splitWithholdsSupport = saved;
  }
});

test("readings that share an input count once when the setting says so: text geometry read twice is one check, the page image another", () => {
  // pdf-layout and pdf-stream both read the text layer's words in the detected region.
  const shared = vote([tables("pdf-layout", RIGHT), tables("pdf-stream", RIGHT)]);
  const expected = RECONCILE_SETTINGS.countSharedInputsOnce ? "unverified" : "verified";
  assert.deepEqual(
    shared.rows.flat().map((c) => c.confidence),
    [expected, expected, expected, expected],
  );
  // ocr-layout reads the page image: beside pdf-layout it is a second, independent check.
  const independent = vote([tables("pdf-layout", RIGHT), tables("ocr-layout", RIGHT)]);
  assert.deepEqual(
    independent.rows.flat().map((c) => c.confidence),
    ["verified", "verified", "verified", "verified"],
  );
});

test("a reading that may only support (ink-grid): support, silence where it abstains, an objection where it says so, never a cell objection", () => {
  const pens = RIGHT.cells.find((c) => c.text === "Pens")!.box!;
  const seven = RIGHT.cells.find((c) => c.text === "7")!.box!;
  type TablesReading = Extract<StructureReading, { kind: "tables" }>;
  const check = (extra: Partial<TablesReading>): TablesReading => ({
    source: "ink-grid",
    kind: "tables",
    tables: [RIGHT],
    supportsOnly: true,
    ...extra,
  });
  const page = new PageWords(WORDS);
  const words = (box: Box) => page.inBox(box);
  const judged = (reading: StructureReading, box: Box) => prepareReading(reading, page).judge(words(box), box);
  assert.deepEqual(judged(check({}), pens), { verdict: "support" });
  assert.deepEqual(judged(check({ abstainOn: [pens] }), pens), { verdict: "none", concurs: true });
  assert.deepEqual(judged(check({ againstOn: [pens] }), pens), { verdict: "against", version: "Pens", reason: "ink" });
  // A cell it does not have the same way (MERGED joins "Pens 12") gets no objection from it.
  assert.deepEqual(judged(check({ tables: [MERGED] }), pens), { verdict: "none" });
  // Beside pdf-layout: its support verifies, its silence leaves the cell single, its objection
  // disputes it.
  const cells = (readings: StructureReading[]) =>
    Object.fromEntries(
      vote(readings)
        .rows.flat()
        .map((c) => [c.value, c.confidence]),
    );
  assert.deepEqual(cells([tables("pdf-layout", RIGHT), check({ abstainOn: [seven] })]), {
    Pens: "verified",
    "12": "verified",
    Ink: "verified",
    "7": "unverified",
  });
  assert.equal(cells([tables("pdf-layout", RIGHT), check({ againstOn: [seven] })])["7"], "disputed");
});
