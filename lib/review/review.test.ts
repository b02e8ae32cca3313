// The pure parts of the review workflow: cell references, what confirming does to a cell, and
// edits applied over a stored result (header edits keep `header` derived from header_cells).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Result } from "../result/schema";
import { applyEdits } from "./cell-edits";
import { findCell, formatCellRef, mergedInto, parseCellRef } from "./cell-ref";
import { confirmedCell } from "./confirm-cell";
import { tableFixture } from "../../tests/result/table-fixture";

const disputed: Cell = {
  value: "1.20",
  confidence: "disputed",
  sources: [],
  readings: { "pdf-text": "1.20", "ocr-1": "1.28" },
  provisional: true,
  bbox: [1, 2, 3, 4],
};
const unverified: Cell = { value: "Price", confidence: "unverified", sources: ["pdf-text"] };

function result(): Result {
  return {
    tables: [tableFixture([[disputed]], { page: 2, header_cells: [unverified] })],
    prose: [],
    images: [],
    pages: [{ page: 2, width: 595, height: 842 }],
  };
}

test("cell references round-trip and reject anything else", () => {
  assert.deepEqual(parseCellRef("2:0:h:3"), { page: 2, table: 0, row: "h", col: 3 });
  assert.equal(formatCellRef({ page: 2, table: 0, row: 5, col: 1 }), "2:0:5:1");
  for (const bad of ["", "2:0:x:1", "2:0:1", "../1:0:0:0", 7]) assert.equal(parseCellRef(bad), null);
  assert.equal(findCell(result(), { page: 2, table: 0, row: 0, col: 0 })?.value, "1.20");
  assert.equal(findCell(result(), { page: 2, table: 0, row: 1, col: 0 }), undefined);
});

test("confirming: confirmed, human-review added once, provisional dropped, readings and bbox kept", () => {
  const cell = confirmedCell(disputed, "1.28");
  assert.deepEqual(cell, {
    value: "1.28",
    confidence: "confirmed",
    sources: ["human-review"],
    readings: disputed.readings,
    bbox: [1, 2, 3, 4],
  });
  assert.deepEqual(confirmedCell(cell).sources, ["human-review"]);
  assert.deepEqual(confirmedCell(unverified).sources, ["pdf-text", "human-review"]);
});

test("edits replace their cells in a copy; header edits update header too", () => {
  const stored = result();
  const edited = applyEdits(stored, [
    { cellRef: "2:0:0:0", version: 1, after: confirmedCell(disputed, "1.28") },
    { cellRef: "2:0:h:0", version: 3, after: confirmedCell(unverified, "Price (EUR)") },
    { cellRef: "9:9:9:9", version: 1, after: unverified },
  ]);
  assert.equal(edited.tables[0]!.rows[0]![0]!.value, "1.28");
  assert.deepEqual(edited.tables[0]!.header, ["Price (EUR)"]);
  assert.equal(stored.tables[0]!.rows[0]![0]!.value, "1.20", "the stored result is not mutated");
  assert.equal(applyEdits(stored, []), stored);
});

test("a cell hidden under a merged cell names the merged cell; other cells name nothing", () => {
  const empty: Cell = { value: "", confidence: "verified", sources: ["pdf-text", "ocr-1"] };
  const merged = result();
  const table = merged.tables[0]!;
  table.rows = [
    [disputed, empty],
    [empty, empty],
    [unverified, unverified],
  ];
  table.span_grid = [{ row: 0, col: 0, row_span: 2, col_span: 2 }];
  assert.deepEqual(mergedInto(merged, { page: 2, table: 0, row: 1, col: 1 }), { page: 2, table: 0, row: 0, col: 0 });
  assert.deepEqual(mergedInto(merged, { page: 2, table: 0, row: 0, col: 1 }), { page: 2, table: 0, row: 0, col: 0 });
  assert.equal(mergedInto(merged, { page: 2, table: 0, row: 0, col: 0 }), null, "the merged cell itself");
  assert.equal(mergedInto(merged, { page: 2, table: 0, row: 2, col: 1 }), null);
  assert.equal(mergedInto(merged, { page: 2, table: 0, row: "h", col: 0 }), null);
  assert.equal(mergedInto(result(), { page: 2, table: 0, row: 0, col: 0 }), null, "no span_grid");
});
