// Structure questions: a table's structure-only doubts are one item; value doubts stay cells.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Table } from "../result/schema";
import { applyStructureOp } from "./structure/apply-op";
import { isStructureOnlyDoubt, itemCounts, questionText, reviewItems } from "./structure-items";
import { tableFixture } from "../../tests/result/table-fixture";

const cell = (value: string, confidence: Cell["confidence"], sources: Cell["sources"], readings?: Record<string, string>): Cell => ({
  value,
  confidence,
  sources,
  ...(readings ? { readings } : {}),
  ...(confidence === "disputed" ? { provisional: true as const } : {}),
});
const agreed = (value: string, confidence: Cell["confidence"] = "unverified") => cell(value, confidence, ["pdf-text", "ocr-1", "ocr-2"]);
const table = (index: number, rows: Cell[][], extra: Partial<Table> = {}): Table => tableFixture(rows, { index, ...extra });

test("a structure doubt is a cell whose value two or more readings agree on and none contradicts", () => {
  assert.equal(isStructureOnlyDoubt(agreed("12")), true);
  assert.equal(
    isStructureOnlyDoubt(cell("12", "disputed", ["pdf-text", "ocr-1"], { "pdf-text": "12", "ocr-1": "12", "pdf-layout": "1 12" })),
    true,
  );
  // One value reading, a value dispute, a nil mark, a settled cell: not structure doubts.
  assert.equal(isStructureOnlyDoubt(cell("12", "unverified", ["pdf-text", "pdf-layout"])), false);
  assert.equal(isStructureOnlyDoubt(cell("12", "disputed", ["pdf-text"], { "pdf-text": "12", "ocr-1": "17" })), false);
  assert.equal(isStructureOnlyDoubt(agreed("-")), false);
  assert.equal(isStructureOnlyDoubt(agreed("12", "verified")), false);
});

test("generated family: a cell without a letter or digit that two readings agree on asks only the table's shape", () => {
  // "%" or "-" under each year of a band, cut with the year by a structure reading ("1997 %"):
  // the doubt is where it sits. Read otherwise by OCR ("96" for "%"), it is a value doubt.
  const marks = ["%", "-", "\u2013", "..", "$", "(%)", "\u2020", "x"];
  let rnd = 7;
  const next = (n: number) => ((rnd = (rnd * 1103515245 + 12345) % 2147483648), rnd % n);
  for (let seed = 0; seed < 200; seed++) {
    const mark = marks[next(marks.length)]!;
    const year = String(1990 + next(35));
    const structure = ["pdf-layout", "pdf-stream", "pdf-grid"][next(3)]!;
    const engines = next(2) ? ["ocr-1"] : ["ocr-1", "ocr-2"];
    const readings = Object.fromEntries([["pdf-text", mark], ...engines.map((e) => [e, mark]), [structure, `${year} ${mark}`]]);
    const agreedMark = cell(mark, next(2) ? "disputed" : "unverified", ["pdf-text", ...engines, "pdf-model"] as Cell["sources"], readings);
    const isLetter = /\p{L}/u.test(mark);
    assert.equal(isStructureOnlyDoubt(agreedMark), true, `${mark} under ${year}`);
    assert.deepEqual(
      reviewItems([table(0, [[agreedMark]])]).map((item) => item.kind),
      ["structure"],
    );
    // The text layer alone against an OCR reading of another value: a cell item.
    const other = isLetter ? "y" : "96";
    const disputed = cell(mark, "disputed", ["pdf-text", "pdf-model"], {
      "pdf-text": mark,
      "ocr-1": other,
      [structure]: `${year} ${mark}`,
    });
    assert.equal(isStructureOnlyDoubt(disputed), false, `${mark} read ${other}`);
    assert.deepEqual(
      reviewItems([table(0, [[disputed]])]).map((item) => item.kind),
      ["cell"],
    );
  }
  // A blank cell has no value reading to agree: never a structure doubt.
  assert.equal(isStructureOnlyDoubt(cell("", "disputed", ["pdf-text", "ocr-1"], { "pdf-layout": "5" })), false);
});

test("a value the vote settled by majority leaves only the structure in doubt; a lone text layer does not", () => {
  // The text layer and ocr-2 against ocr-1: the value vote's "resolved"; the structure lowered it.
  const settled = cell("7,111", "unverified", ["pdf-text", "ocr-2", "pdf-model"], {
    "pdf-text": "7,111",
    "ocr-1": "711",
    "ocr-2": "7,111",
  });
  assert.equal(isStructureOnlyDoubt(settled), true);
  // Two against two, or the text layer alone against both OCR families: the value is in doubt.
  const tied = cell("12", "disputed", ["pdf-text", "ocr-1"], { "pdf-text": "12", "ocr-1": "12", "ocr-2": "17", "ocr-3": "17" });
  assert.equal(isStructureOnlyDoubt(tied), false);
  const alone = cell("12", "disputed", ["pdf-text"], { "pdf-text": "12", "ocr-1": "17", "ocr-2": "17" });
  assert.equal(isStructureOnlyDoubt(alone), false);
  // A structure reading's different cut is not a dissenting value (else this would be two against two).
  const cut = cell("12", "disputed", ["pdf-text", "ocr-1"], { "pdf-text": "12", "ocr-1": "12", "ocr-2": "17", "pdf-layout": "1 12" });
  assert.equal(isStructureOnlyDoubt(cut), true);
});

test("two stacked tables delivered as one: 40 correct cells are one question; a value dispute stays a cell", () => {
  const rows = Array.from({ length: 20 }, (_, r) => [agreed(`Item ${r}`, r === 3 ? "disputed" : "unverified"), agreed(`${r * 7}`)]);
  rows[5]![1] = cell("35", "disputed", ["pdf-text"], { "pdf-text": "35", "ocr-1": "36" });
  const tables = [table(0, rows), table(1, [[agreed("x", "verified")]])];
  const items = reviewItems(tables);
  assert.deepEqual(
    items.map((item) =>
      item.kind === "cell" ? `cell ${item.ref}` : `structure ${item.table} ${item.question} ${item.level} ${item.cells.length}`,
    ),
    ["structure 1:0 shape disputed 39", "cell 1:0:5:1"],
  );
  assert.deepEqual(itemCounts(tables), { cells: 1, structure: 1, cellsInStructure: 39 });
  const question = items[0]!;
  assert.ok(question.kind === "structure");
  assert.match(questionText(question, tables[0]!), /^Table 1 on page 1: is its shape right .* 39 cells/);
  // One answer ("yes, as shown": the structure confirmation) settles every cell the question holds.
  const [answered] = applyStructureOp(tables, { kind: "confirm-structure", page: 1, table: 0 });
  assert.deepEqual(
    reviewItems([answered!, tables[1]!]).map((item) => (item.kind === "cell" ? item.ref : item.table)),
    ["1:0:5:1"],
  );
});

test("a region the readings do not agree is a table asks 'is this a table'", () => {
  const tables = [table(0, [[agreed("a"), agreed("b")]], { layout_disputed: true })];
  const [item] = reviewItems(tables);
  assert.ok(item?.kind === "structure");
  assert.equal(item.question, "is-table");
  assert.match(questionText(item, tables[0]!), /is this a table\?/);
});
