// The structure edits as pure functions, and their fold with value edits over a stored result.
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultSchema, type Cell, type Result, type Table } from "../../result/schema";
import { applyStructureOp } from "./apply-op";
import { applyReview } from "./apply-review";
import { guessParts } from "./cell-ops";
import { buildQueue } from "../queue";
import { isStructureOnlyDoubt, reviewItems } from "../structure-items";
import { StructureError, structureOpSchema, type StructureOpInput } from "./ops";
import { tableFixture } from "../../../tests/result/table-fixture";

const c = (value: string, x = 0, y = 0): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"], bbox: [x, y, x + 40, y + 10] });
const op = (input: StructureOpInput) => structureOpSchema.parse(input);

function table(page: number, index: number, header: string[], rows: string[][]): Table {
  return tableFixture(
    rows.map((row, r) => row.map((v, col) => c(v, col * 50, 20 + r * 20))),
    { page, index, header_cells: header.map((v, col) => c(v, col * 50, 0)) },
  );
}

function result(tables: Table[]): Result {
  return {
    tables,
    prose: [],
    images: [],
    pages: [
      { page: 1, width: 600, height: 800 },
      { page: 2, width: 600, height: 800 },
    ],
  };
}

const values = (t: Table) => t.rows.map((row) => row.map((cell) => cell.value));
const valid = (tables: Table[]) => resultSchema.parse(result(tables));

test("merge two cells: one merged cell, confirmed by a person, the other covered and empty", () => {
  const [t] = applyStructureOp(
    [
      table(
        1,
        0,
        ["A", "B", "C"],
        [
          ["Annual", "total", "9"],
          ["1", "2", "3"],
        ],
      ),
    ],
    op({ kind: "merge-cells", page: 1, table: 0, row: 0, col: 0 }),
  );
  assert.deepEqual(values(t!), [
    ["Annual total", "", "9"],
    ["1", "2", "3"],
  ]);
  assert.deepEqual(t!.span_grid, [{ row: 0, col: 0, row_span: 1, col_span: 2 }]);
  assert.equal(t!.rows[0]![0]!.confidence, "confirmed");
  assert.deepEqual(t!.rows[0]![0]!.sources, ["human-review"]);
  assert.deepEqual(t!.rows[0]![0]!.bbox, [0, 20, 90, 30]);
  // Merging on down grows the region; merging into the middle of it is refused.
  const [down] = applyStructureOp([t!], op({ kind: "merge-cells", page: 1, table: 0, row: 0, col: 0, direction: "down" }));
  assert.deepEqual(down!.span_grid, [{ row: 0, col: 0, row_span: 2, col_span: 2 }]);
  assert.equal(down!.rows[0]![0]!.value, "Annual total 1 2");
  assert.throws(() => applyStructureOp([t!], op({ kind: "merge-cells", page: 1, table: 0, row: 0, col: 1 })), StructureError);
  valid([down!]);
});

test("split a merged cell back, and a cell holding several columns' text over empty cells", () => {
  const [merged] = applyStructureOp([table(1, 0, [], [["a b", "", ""]])], op({ kind: "merge-cells", page: 1, table: 0, row: 0, col: 0 }));
  const [apart] = applyStructureOp([merged!], op({ kind: "split-cell", page: 1, table: 0, row: 0, col: 0, parts: ["a", "b"] }));
  assert.equal(apart!.span_grid, undefined);
  assert.deepEqual(values(apart!), [["a", "b", ""]]);
  const [spread] = applyStructureOp(
    [table(1, 0, [], [["Region  Sales  Share", "", "", "x"]])],
    op({ kind: "split-cell", page: 1, table: 0, row: 0, col: 0 }),
  );
  assert.deepEqual(values(spread!), [["Region", "Sales", "Share", "x"]]);
  assert.ok(spread!.rows[0]!.slice(0, 3).every((cell) => cell.confidence === "confirmed" && cell.sources.includes("human-review")));
  assert.deepEqual(guessParts("a b  c"), ["a b", "c"]);
  assert.throws(
    () => applyStructureOp([table(1, 0, [], [["a b", "x"]])], op({ kind: "split-cell", page: 1, table: 0, row: 0, col: 0 })),
    /no empty cell/,
  );
});

test("unmark a title read as a header, delete it, mark the column names as the header", () => {
  let tables = [
    table(
      1,
      0,
      ["Table 3: sales", "", ""],
      [
        ["Region", "Q1", "Q2"],
        ["North", "1", "2"],
      ],
    ),
  ];
  tables = applyStructureOp(tables, op({ kind: "unmark-header", page: 1, table: 0 }));
  assert.deepEqual(tables[0]!.header, []);
  tables = applyStructureOp(tables, op({ kind: "delete-row", page: 1, table: 0, row: 0 }));
  tables = applyStructureOp(tables, op({ kind: "mark-header", page: 1, table: 0 }));
  assert.deepEqual(tables[0]!.header, ["Region", "Q1", "Q2"]);
  assert.ok(tables[0]!.header_cells.every((cell) => cell.confidence === "confirmed"));
  assert.deepEqual(values(tables[0]!), [["North", "1", "2"]]);
  assert.throws(() => applyStructureOp(tables, op({ kind: "mark-header", page: 1, table: 0 })), /already has a header/);
  valid(tables);
});

test("delete a column: cells, header and column bands follow", () => {
  const t = table(1, 0, ["A", "x", "B"], [["1", "-", "2"]]);
  t.colbands = [{ label: "band", start_col: 1, end_col: 2 }];
  const [out] = applyStructureOp([t], op({ kind: "delete-column", page: 1, table: 0, col: 1 }));
  assert.deepEqual(out!.header, ["A", "B"]);
  assert.deepEqual(values(out!), [["1", "2"]]);
  assert.deepEqual(out!.colbands, [{ label: "band", start_col: 1, end_col: 1 }]);
});

test("split a table at a row, then merge it back with its next part; later tables renumbered", () => {
  const tables = [
    table(
      1,
      0,
      ["A", "B"],
      [
        ["1", "2"],
        ["Other", "table"],
        ["3", "4"],
      ],
    ),
    table(1, 1, ["X"], [["x"]]),
  ];
  const split = applyStructureOp(tables, op({ kind: "split-table", page: 1, table: 0, row: 1 }));
  assert.deepEqual(
    split.map((t) => `${t.page}:${t.index}`),
    ["1:0", "1:1", "1:2"],
  );
  assert.deepEqual(values(split[0]!), [["1", "2"]]);
  assert.deepEqual(values(split[1]!), [
    ["Other", "table"],
    ["3", "4"],
  ]);
  assert.deepEqual(split[2]!.header, ["X"]);
  assert.deepEqual(split[0]!.bbox, [0, 0, 90, 30]);
  valid(split);
  const merged = applyStructureOp(split, op({ kind: "merge-next", page: 1, table: 0 }));
  assert.deepEqual(values(merged[0]!), values(tables[0]!));
  assert.deepEqual(
    merged.map((t) => `${t.page}:${t.index}`),
    ["1:0", "1:1"],
  );
  assert.throws(() => applyStructureOp(tables, op({ kind: "split-table", page: 1, table: 0, row: 3 })), StructureError);
});

test("merging with the part on the next page drops a repeated header and the other page's boxes", () => {
  const tables = [table(1, 0, ["A", "B"], [["1", "2"]]), table(2, 0, ["A", "B"], [["3", "4"]]), table(2, 1, ["Z"], [["z"]])];
  const merged = applyStructureOp(tables, op({ kind: "merge-next", page: 1, table: 0 }));
  assert.deepEqual(values(merged[0]!), [
    ["1", "2"],
    ["3", "4"],
  ]);
  assert.equal(merged[0]!.rows[1]![0]!.bbox, undefined);
  assert.deepEqual(
    merged.map((t) => `${t.page}:${t.index}`),
    ["1:0", "2:0"],
  );
  assert.throws(() => applyStructureOp(merged, op({ kind: "merge-next", page: 2, table: 0 })), /no later table/);
});

test("the fold: value edits at their structure version, structure edits in order, undo of a structure edit", () => {
  const stored = result([
    table(
      1,
      0,
      ["A", "B"],
      [
        ["1", "2"],
        ["3", "4"],
      ],
    ),
  ]);
  const confirmed = (value: string): Cell => ({ value, confidence: "confirmed", sources: ["human-review"] });
  const split = { version: 1, action: "apply" as const, op: op({ kind: "split-table", page: 1, table: 0, row: 1 }) };
  const values0 = { cellRef: "1:0:1:0", version: 1, structureVersion: 0, after: confirmed("30") };
  // After the split, row 0 of table 1 is the old row 1: the same cell under a new name.
  const values1 = { cellRef: "1:1:0:1", version: 1, structureVersion: 1, after: confirmed("40") };
  const out = applyReview(stored, [split], [values0, values1]);
  assert.deepEqual(out.tables.map(values), [[["1", "2"]], [["30", "40"]]]);
  const undone = applyReview(stored, [split, { version: 2, action: "revert", op: null }], [values0, values1]);
  assert.deepEqual(
    undone.tables.map(values),
    [
      [
        ["1", "2"],
        ["30", "4"],
      ],
    ],
    "back to before the split, with the edit made before it",
  );
  assert.equal(stored.tables[0]!.rows[1]![0]!.value, "3", "the stored result is untouched");
});

test("header row: merge two column names into one label over both columns, extend it, split it back", () => {
  const [merged] = applyStructureOp(
    [table(1, 0, ["Site", "Emis-", "sions", "Year"], [["A", "1", "2", "2024"]])],
    op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 1 }),
  );
  assert.deepEqual(merged!.header, ["Site", "Emis- sions", "", "Year"]);
  assert.deepEqual(merged!.header_cells[1], {
    value: "Emis- sions",
    confidence: "confirmed",
    sources: ["human-review"],
    bbox: [50, 0, 140, 10],
  });
  assert.equal(merged!.span_grid, undefined, "span_grid stays a body grid");
  // Merging the label again takes the next column after the blank it already spans.
  const [wider] = applyStructureOp([merged!], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 1 }));
  assert.deepEqual(wider!.header, ["Site", "Emis- sions Year", "", ""]);
  assert.throws(
    () => applyStructureOp([wider!], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 2 })),
    /part of the label to its left/,
  );
  assert.throws(
    () => applyStructureOp([merged!], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 3 })),
    /no header cell to the right/,
  );
  // A row of column names read as one cell, spread over the empty header cells to its right.
  const [apart] = applyStructureOp(
    [wider!],
    op({ kind: "split-cell", page: 1, table: 0, row: "h", col: 1, parts: ["Emissions", "", "Year"] }),
  );
  assert.deepEqual(apart!.header, ["Site", "Emissions", "", "Year"]);
  assert.ok(apart!.header_cells.slice(1).every((cell) => cell.confidence === "confirmed" && cell.sources.includes("human-review")));
  const [guessed] = applyStructureOp(
    [table(1, 0, ["Region  Sales  Share", "", ""], [["N", "1", "2"]])],
    op({ kind: "split-cell", page: 1, table: 0, row: "h", col: 0 }),
  );
  assert.deepEqual(guessed!.header, ["Region", "Sales", "Share"]);
  assert.throws(
    () =>
      applyStructureOp([table(1, 0, ["A", "B"], [])], op({ kind: "split-cell", page: 1, table: 0, row: "h", col: 0, parts: ["a", "b"] })),
    /no empty cell/,
  );
  valid([merged!, wider!, apart!, guessed!]);
});

test("confirm structure: cells whose text no reading contradicts become confirmed; value disputes stay for a person", () => {
  const t = table(
    1,
    0,
    ["Item", "Qty"],
    [
      ["Apples", "3"],
      ["Pears", "12"],
      ["", ""],
    ],
  );
  t.layout_disputed = true;
  t.ocr_unsupported = true;
  // A value dispute (two text readings differ), a structure-only dispute (the text layer read one
  // text; the ruling grid would cut the cell elsewhere), a verified cell, an exact one, a blank
  // cell another reading saw "5" in.
  t.rows[0]![1] = {
    ...t.rows[0]![1]!,
    confidence: "disputed",
    sources: [],
    readings: { "ocr-1": "8", "pdf-text": "3" },
    provisional: true,
  };
  t.rows[1]![0] = {
    ...t.rows[1]![0]!,
    confidence: "disputed",
    sources: ["pdf-text"],
    readings: { "pdf-text": "Pears", "pdf-grid": "Pears 12" },
    provisional: true,
  };
  t.rows[1]![1] = { ...t.rows[1]![1]!, confidence: "verified", sources: ["ocr-1", "pdf-text"] };
  t.rows[2]![0] = { value: "", confidence: "disputed", sources: [], readings: { "pdf-text": "", "ocr-1": "5" }, provisional: true };
  t.header_cells[0] = { ...t.header_cells[0]!, confidence: "exact", sources: ["source-data"] };
  const [out] = applyStructureOp([t], op({ kind: "confirm-structure", page: 1, table: 0 }));
  const level = (row: number | "h", col: number) => (row === "h" ? out!.header_cells[col]! : out!.rows[row]![col]!);
  assert.equal(level("h", 0).confidence, "exact");
  assert.deepEqual(level("h", 1), { value: "Qty", confidence: "confirmed", sources: ["pdf-text", "human-review"], bbox: [50, 0, 90, 10] });
  assert.equal(level(0, 0).confidence, "confirmed");
  assert.deepEqual(level(0, 1), t.rows[0]![1], "a value dispute is the person's to settle, cell by cell");
  assert.deepEqual(level(1, 0), {
    value: "Pears",
    confidence: "confirmed",
    sources: ["pdf-text", "human-review"],
    readings: { "pdf-text": "Pears", "pdf-grid": "Pears 12" },
    bbox: [0, 40, 40, 50],
  });
  assert.deepEqual(level(1, 1).sources, ["ocr-1", "pdf-text", "human-review"]);
  assert.equal(level(1, 1).confidence, "confirmed");
  assert.equal(level(2, 0).confidence, "disputed");
  assert.equal(level(2, 1).confidence, "confirmed", "a blank cell nobody doubts is confirmed blank");
  assert.equal(out!.layout_disputed, undefined);
  assert.equal(out!.ocr_unsupported, true);
  valid([out!]);
  // Confirming again settles nothing more: refused, so no empty edit is recorded.
  assert.throws(() => applyStructureOp([out!], op({ kind: "confirm-structure", page: 1, table: 0 })), /nothing in this table is left/);
  // The queue: only the value disputes are left (queue.ts counts what every page shows).
  assert.deepEqual(
    buildQueue([out!]).map((e) => e.ref),
    ["1:0:0:1", "1:0:2:0"],
  );
  assert.equal(buildQueue([t]).length, 5);
});

test("confirming the structure leaves a value its readings' majority backs resolved, and one the text layer alone backs queued", () => {
  const t = table(1, 0, ["Item", "Change"], [["Apples", "3"]]);
  // The text layer and ocr-1 read "Change", ocr-2 "Chanqe", and the structure vote disputed the
  // cell's place: it is part of the table's question (lib/review/structure-items.ts).
  t.header_cells[1] = {
    ...t.header_cells[1]!,
    confidence: "disputed",
    sources: ["pdf-text", "ocr-1"],
    readings: { "pdf-text": "Change", "ocr-1": "Change", "ocr-2": "Chanqe", "pdf-layout": "Item Change" },
    provisional: true,
  };
  // The text layer alone against both OCR readings: a value dispute, not settled by the shape.
  t.rows[0]![1] = {
    ...t.rows[0]![1]!,
    confidence: "disputed",
    sources: ["pdf-text"],
    readings: { "pdf-text": "3", "ocr-1": "8", "ocr-2": "8" },
    provisional: true,
  };
  assert.ok(isStructureOnlyDoubt(t.header_cells[1]));
  assert.ok(!isStructureOnlyDoubt(t.rows[0]![1]));
  const [out] = applyStructureOp([t], op({ kind: "confirm-structure", page: 1, table: 0 }));
  const { provisional: _provisional, ...header } = t.header_cells[1];
  assert.deepEqual(out!.header_cells[1], { ...header, confidence: "resolved" });
  assert.deepEqual(out!.rows[0]![1], t.rows[0]![1]);
  assert.equal(out!.rows[0]![0]!.confidence, "confirmed");
  // Left in the queue: the text layer's lone value only, as a cell item.
  assert.deepEqual(
    buildQueue([out!]).map((e) => e.ref),
    ["1:0:0:1"],
  );
  assert.deepEqual(
    reviewItems([out!]).map((item) => item.kind),
    ["cell"],
  );
});

test("header row, merged down: the row below joins the header; a label over empty cells becomes a band over the names below it", () => {
  const t = table(
    1,
    0,
    ["Site", "Emissions", "", "Total"],
    [
      ["", "Air", "Water", "population"],
      ["A", "1", "2", "3"],
    ],
  );
  t.row_groups = [null, "g"];
  const [out] = applyStructureOp([t], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 1, direction: "down" }));
  assert.deepEqual(out!.header, ["Site", "Air", "Water", "Total population"]);
  assert.deepEqual(out!.colbands, [{ label: "Emissions", start_col: 1, end_col: 2 }]);
  assert.deepEqual(values(out!), [["A", "1", "2", "3"]]);
  assert.deepEqual(out!.row_groups, ["g"]);
  assert.deepEqual(out!.header_cells[0], {
    value: "Site",
    confidence: "confirmed",
    sources: ["pdf-text", "human-review"],
    bbox: [0, 0, 40, 10],
  });
  assert.deepEqual(out!.header_cells[3], {
    value: "Total population",
    confidence: "confirmed",
    sources: ["human-review"],
    bbox: [150, 0, 190, 30],
  });
  valid([out!]);
  // A label over one empty cell with a single name under the pair is one name on two lines.
  const [wrapped] = applyStructureOp(
    [
      table(
        1,
        0,
        ["Share", ""],
        [
          ["of total", ""],
          ["1", "2"],
        ],
      ),
    ],
    op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 0, direction: "down" }),
  );
  assert.deepEqual(wrapped!.header, ["Share of total", ""]);
  assert.equal(wrapped!.colbands, undefined);
  assert.throws(
    () => applyStructureOp([table(1, 0, [], [["a"]])], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 0, direction: "down" })),
    /no header row/,
  );
  assert.throws(
    () => applyStructureOp([table(1, 0, ["A"], [])], op({ kind: "merge-cells", page: 1, table: 0, row: "h", col: 0, direction: "down" })),
    /no row below/,
  );
});
