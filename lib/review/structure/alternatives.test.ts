// The shapes other readings proposed, as numbered answers of a table's question: each kind made and
// confirmed in one stored edit (the question's cells settled, value disputes left), undone by one
// revert; "not a table" as a figure; the choices listed in key order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultSchema, type Cell, type Result, type Table, type TableAlternative } from "../../result/schema";
import { reviewItems, questionOf, type StructureItem } from "../structure-items";
import { applyStructureOp } from "./apply-op";
import { applyReview, type StructureEditRecord } from "./apply-review";
import { structureOpSchema, type StructureOpInput } from "./ops";
import { tableFixture } from "../../../tests/result/table-fixture";

/** A place-only doubt: two value readings agree, the structure vote doubts where it sits. */
const doubted = (value: string, row: number, col: number): Cell => ({
  value,
  confidence: "unverified",
  sources: ["pdf-text", "ocr-1"],
  bbox: [100 + col * 60, 100 + row * 20, 140 + col * 60, 110 + row * 20],
});

function table(rows: number, alternatives: TableAlternative[], extra: Partial<Table> = {}): Table {
  return tableFixture(
    Array.from({ length: rows }, (_, r) => [doubted(`Row ${r}`, r, 0), doubted(String(r * 3), r, 1)]),
    { header_cells: [doubted("Item", -1, 0), doubted("Qty", -1, 1)], bbox: [100, 80, 200, 110 + rows * 20], alternatives, ...extra },
  );
}

function result(tables: Table[]): Result {
  return resultSchema.parse({ pages: [{ page: 1, width: 595, height: 842 }], tables, prose: [], images: [] });
}

const apply = (version: number, op: StructureOpInput): StructureEditRecord => ({
  version,
  action: "apply",
  op: structureOpSchema.parse(op),
});
const revert = (version: number): StructureEditRecord => ({ version, action: "revert", op: null });
const confirmedCount = (tables: Table[]) =>
  tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]).filter((c) => c.confidence === "confirmed").length;

test("the question lists 'as shown', then each proposed shape with who proposed it, then text and figure for 'is this a table'", () => {
  const alternatives: TableAlternative[] = [
    { kind: "split", rows: [3], by: ["ocr-layout", "pdf-grid"] },
    { kind: "header-down", rows: 1, by: ["pdf-tags"] },
  ];
  const [shape] = reviewItems([table(6, alternatives)]) as StructureItem[];
  assert.deepEqual(
    shape!.choices.map((c) => [c.kind, c.label, c.kind === "alternative" ? c.by : ""]),
    [
      ["as-shown", "Yes, as shown: confirm 14 cells", ""],
      ["alternative", "Two tables: a new one starts at row 4", "proposed by ocr-layout and pdf-grid"],
      ["alternative", "The header ends one row lower: row 1 is part of the header", "proposed by pdf-tags"],
    ],
  );
  const [isTable] = reviewItems([table(6, alternatives, { layout_disputed: true })]) as StructureItem[];
  assert.deepEqual(
    isTable!.choices.map((c) => c.kind + (c.kind === "not-a-table" ? `:${c.as}` : "")),
    ["as-shown", "alternative", "alternative", "not-a-table:prose", "not-a-table:figure"],
  );
  assert.equal(questionOf([table(6, alternatives)], "1:0:2:1")?.table, "1:0");
  assert.equal(questionOf([table(6, alternatives)], "1:0:9:1"), null);
  // Never more choices than number keys.
  const many = Array.from({ length: 12 }, (_, k): TableAlternative => ({ kind: "split", rows: [k + 1], by: ["pdf-grid"] }));
  assert.equal((reviewItems([table(14, many)])[0] as StructureItem).choices.length, 9);
});

test("a split chosen: two tables at the proposed row (three for two rows), every question cell confirmed, alternatives gone", () => {
  for (const rows of [[2], [4], [1, 3], [2, 5]]) {
    const tables = applyStructureOp([table(7, [{ kind: "split", rows, by: ["pdf-grid"] }])], {
      kind: "choose-alternative",
      page: 1,
      table: 0,
      choice: 0,
    });
    assert.equal(tables.length, rows.length + 1, `split at ${rows.join(",")}`);
    const bounds = [0, ...rows, 7];
    tables.forEach((t, k) => {
      assert.equal(t.index, k);
      assert.deepEqual(
        t.rows.map((r) => r[0]!.value),
        Array.from({ length: bounds[k + 1]! - bounds[k]! }, (_, i) => `Row ${bounds[k]! + i}`),
      );
      assert.equal(t.alternatives, undefined);
    });
    assert.equal(confirmedCount(tables), 2 + 7 * 2);
    assert.deepEqual(reviewItems(tables), []);
  }
});

test("header-down, no-header and merge-next chosen make those shapes; a value dispute stays queued", () => {
  const dispute: Cell = {
    value: "9",
    confidence: "disputed",
    sources: ["pdf-text"],
    readings: { "pdf-text": "9", "ocr-1": "8" },
    provisional: true,
  };
  const down = table(5, [{ kind: "header-down", rows: 2, by: ["pdf-tags"] }]);
  down.rows[3]![1] = dispute;
  const [downed] = applyStructureOp([down], { kind: "choose-alternative", page: 1, table: 0, choice: 0 });
  assert.deepEqual(downed!.header, ["Item Row 0 Row 1", "Qty 0 3"]);
  assert.equal(downed!.rows.length, 3);
  assert.equal(downed!.rows[1]![1]!.confidence, "disputed");
  assert.deepEqual(
    reviewItems([downed!]).map((item) => item.kind),
    ["cell"],
  );
  // A table without a header whose first two rows are its header in another reading.
  const bare = table(4, [{ kind: "header-down", rows: 2, by: ["pdf-grid"] }], { header: [], header_cells: [] });
  const [marked] = applyStructureOp([bare], { kind: "choose-alternative", page: 1, table: 0, choice: 0 });
  assert.deepEqual(marked!.header, ["Row 0 Row 1", "0 3"]);
  const [unmarked] = applyStructureOp([table(3, [{ kind: "no-header", by: ["pdf-grid"] }])], {
    kind: "choose-alternative",
    page: 1,
    table: 0,
    choice: 0,
  });
  assert.deepEqual(unmarked!.header_cells, []);
  assert.deepEqual(
    unmarked!.rows.map((r) => r[0]!.value),
    ["Item", "Row 0", "Row 1", "Row 2"],
  );
  const second = { ...table(2, []), index: 1, header: [], header_cells: [] };
  delete second.alternatives;
  const merged = applyStructureOp([table(2, [{ kind: "merge-next", by: ["ocr-layout"] }]), second], {
    kind: "choose-alternative",
    page: 1,
    table: 0,
    choice: 0,
  });
  assert.equal(merged.length, 1);
  assert.equal(merged[0]!.rows.length, 4);
  assert.equal(merged[0]!.alternatives, undefined);
  assert.throws(
    () => applyStructureOp([table(3, [])], { kind: "choose-alternative", page: 1, table: 0, choice: 0 }),
    /no proposed shape 1/,
  );
});

test("one stored edit per choice: folded on read, and one revert brings the table and its alternatives back", () => {
  const stored = result([table(6, [{ kind: "split", rows: [3], by: ["pdf-grid"] }])]);
  const chosen = applyReview(stored, [apply(1, { kind: "choose-alternative", page: 1, table: 0, choice: 0 })], []);
  assert.equal(chosen.tables.length, 2);
  assert.equal(confirmedCount(chosen.tables), 14);
  const undone = applyReview(stored, [apply(1, { kind: "choose-alternative", page: 1, table: 0, choice: 0 }), revert(2)], []);
  assert.deepEqual(undone.tables, stored.tables);
  // Any other edit of the table drops its alternatives too: they were shapes for it as delivered.
  const reshaped = applyReview(stored, [apply(1, { kind: "delete-row", page: 1, table: 0, row: 5 })], []);
  assert.equal(reshaped.tables[0]!.alternatives, undefined);
});

test("'not a table' as a figure: the region becomes an uncropped confirmed figure over the table's box; undo brings the table back", () => {
  const stored = result([table(3, [])]);
  stored.images.push({
    page: 1,
    index: 0,
    path: "images/p1-0.png",
    confidence: "verified",
    bbox: [0, 0, 50, 50],
    order: 1,
    also_on: [],
    sources: ["layout", "ocr"],
  });
  const op = apply(1, { kind: "not-a-table", page: 1, table: 0, as: "figure" });
  const after = applyReview(stored, [op], []);
  assert.equal(after.tables.length, 0);
  assert.deepEqual(after.prose, []);
  assert.deepEqual(after.images[1], {
    page: 1,
    index: 1,
    path: "",
    confidence: "confirmed",
    bbox: [100, 80, 200, 170],
    order: 0,
    also_on: [],
    sources: [],
    uncropped: true,
  });
  assert.doesNotThrow(() => resultSchema.parse(after));
  assert.deepEqual(applyReview(stored, [op, revert(2)], []), stored);
  // Stored before the figure choice existed: no `as`, still prose.
  const old = applyReview(stored, [{ version: 1, action: "apply", op: { kind: "not-a-table", page: 1, table: 0 } as never }], []);
  assert.equal(old.prose.length, 1);
  assert.equal(old.images.length, 1);
});

test("a band span chosen: the band covers the proposed columns, confirmed; a band that is no longer there is refused", () => {
  const banded = table(3, [{ kind: "band-span", band: 0, label: "Sold", start_col: 0, end_col: 1, by: ["pdf-stream"] }], {
    colbands: [{ label: "Sold", start_col: 1, end_col: 1, confidence: "resolved" }],
  });
  const [item] = reviewItems([banded]) as StructureItem[];
  assert.equal(item!.choices[1]!.label, "“Sold” covers columns 1-2");
  const [chosen] = applyStructureOp([banded], { kind: "choose-alternative", page: 1, table: 0, choice: 0 });
  assert.deepEqual(chosen!.colbands, [{ label: "Sold", start_col: 0, end_col: 1, confidence: "confirmed" }]);
  assert.equal(confirmedCount([chosen!]), 8);
  const renamed = { ...banded, colbands: [{ label: "Bought", start_col: 1, end_col: 1 }] };
  assert.throws(
    () => applyStructureOp([renamed], { kind: "choose-alternative", page: 1, table: 0, choice: 0 }),
    /column band this shape names/,
  );
});
