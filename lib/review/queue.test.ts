// The review queue and the reading order: what is queued (blank cells only when readings disagree
// about a value, resolved only behind the filter), in which order, and the fixed order of readings.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell, Table } from "../result/schema";
import { buildQueue, queueCount, queueLevel } from "./queue";
import { choicesOf, orderedReadings } from "./readings";
import { tableFixture } from "../../tests/result/table-fixture";

const cell = (value: string, confidence: Cell["confidence"], readings?: Record<string, string>): Cell => ({
  value,
  confidence,
  sources: confidence === "verified" ? ["pdf-text", "ocr-1"] : [],
  ...(readings ? { readings } : {}),
  ...(confidence === "disputed" ? { provisional: true as const } : {}),
});

const table = (page: number, index: number, header: Cell[], rows: Cell[][]): Table =>
  tableFixture(rows, { page, index, order: 0, header_cells: header });

test("blank cells are queued only when their readings disagree about a value", () => {
  assert.equal(queueLevel(cell("", "unverified")), null);
  assert.equal(queueLevel(cell("  ", "disputed", { "pdf-text": "", "ocr-1": " " })), null, "readings agree it is blank");
  assert.equal(queueLevel(cell("", "disputed", { "pdf-text": "", "ocr-1": "5" })), "disputed");
  assert.equal(queueLevel(cell("12", "unverified")), "unverified");
  // A nil mark the text layer has and OCR did not read is no value to check; read otherwise, it is.
  for (const nil of ["-", "\u2013", "..", "*", "- -"]) assert.equal(queueLevel(cell(nil, "unverified")), null, nil);
  assert.equal(queueLevel(cell("-", "disputed", { "pdf-text": "-", "ocr-1": "5" })), "disputed");
  assert.equal(queueLevel(cell("-", "disputed", { "ocr-1": "-", "ocr-2": "e" })), "disputed", "a letter is a value");
  // Readings that are all blank or nil marks do not disagree about a value.
  assert.equal(queueLevel(cell("-", "disputed", { "ocr-1": "-", "pdf-layout": "-", "pdf-model": "" })), null);
  assert.equal(queueLevel(cell("\u2014", "disputed", { "ocr-1": "\u2014", "ocr-2": "-" })), null);
  assert.equal(queueLevel(cell("", "disputed", { "ocr-1": "", "ocr-2": "." })), null);
  // A single reading disagrees with nothing: a spreadsheet's formula the file keeps no result for.
  assert.equal(queueLevel(cell("", "unverified", { "source-data": "=SUM(B2:B3)" })), null);
  assert.equal(queueLevel(cell("-5", "unverified")), "unverified");
  assert.equal(queueLevel(cell("12", "verified")), null);
  assert.equal(queueLevel(cell("12", "confirmed")), null);
});

test("disputed first, then unverified, in page and table order; resolved only when asked", () => {
  const tables = [
    table(2, 0, [cell("Name", "unverified")], [[cell("7", "disputed", { "ocr-1": "1", "pdf-text": "7" })], [cell("", "unverified")]]),
    table(
      1,
      0,
      [cell("", "unverified")],
      [[cell("a", "resolved")], [cell("b", "unverified")], [cell("c", "disputed", { "ocr-1": "c", "ocr-2": "e" })]],
    ),
  ];
  assert.deepEqual(
    buildQueue(tables).map((e) => `${e.level} ${e.ref}`),
    ["disputed 1:0:2:0", "disputed 2:0:0:0", "unverified 1:0:1:0", "unverified 2:0:h:0"],
  );
  assert.equal(queueCount(tables), 4);
  assert.deepEqual(
    buildQueue(tables, { levels: ["resolved", "disputed"], table: "1:0" }).map((e) => e.ref),
    ["1:0:2:0", "1:0:0:0"],
  );
});

test("readings come in source order whatever order the object keys have", () => {
  const a = cell("8,299", "disputed", { "pdf-text": "8,299", "ocr-2": "8.299", "ocr-1": "8,299" });
  const b = cell("8,299", "disputed", { "ocr-1": "8,299", "pdf-text": "8,299", "ocr-2": "8.299" });
  const expected = [
    { source: "ocr-1", value: "8,299" },
    { source: "ocr-2", value: "8.299" },
    { source: "pdf-text", value: "8,299" },
  ];
  assert.deepEqual(orderedReadings(a), expected);
  assert.deepEqual(orderedReadings(b), expected);
  assert.deepEqual(choicesOf({ value: "3", confidence: "verified", sources: ["pdf-text", "ocr-1"] }), [
    { source: "ocr-1, pdf-text", value: "3" },
  ]);
});

test("a cell's row, column and crop come from the boxes of its neighbours", async () => {
  const { cellGeometry, CROP_NEIGHBOUR_PT } = await import("./cell-geometry");
  const at = (value: string, bbox: [number, number, number, number]): Cell => ({
    value,
    confidence: "verified",
    sources: ["pdf-text", "ocr-1"],
    bbox,
  });
  const t = table(
    1,
    0,
    [at("A", [10, 10, 50, 20]), at("B", [60, 10, 300, 20])],
    [
      [at("1", [10, 30, 50, 40]), at("2", [60, 30, 300, 40])],
      [at("3", [10, 50, 50, 60]), at("4", [60, 50, 300, 60])],
    ],
  );
  const g = cellGeometry(t, { page: 1, table: 0, row: 0, col: 0 })!;
  assert.deepEqual(g.cell, [10, 30, 50, 40]);
  assert.deepEqual(g.row, [10, 30, 300, 40]);
  assert.deepEqual(g.column, [10, 10, 50, 60]);
  // Left: paper margin only; right: into the wide neighbour, at most CROP_NEIGHBOUR_PT; above and below: the next rows.
  assert.deepEqual(g.crop, [4, 10, 50 + CROP_NEIGHBOUR_PT, 60]);
  assert.equal(cellGeometry(t, { page: 1, table: 0, row: 5, col: 0 }), null);
});

test("every read lists readings in source order in the JSON too", async () => {
  const { applyReview } = await import("./structure/apply-review");
  const disputedCell = cell("7", "disputed", { "pdf-text": "7", "ocr-2": "1", "ocr-1": "7" });
  const stored = { tables: [table(1, 0, [], [[disputedCell, cell("2", "verified")]])] };
  const read = applyReview(stored, [], []);
  assert.deepEqual(Object.keys(read.tables[0]!.rows[0]![0]!.readings!), ["ocr-1", "ocr-2", "pdf-text"]);
  assert.equal(read.tables[0]!.rows[0]![1], stored.tables[0]!.rows[0]![1], "cells without readings are untouched");
  assert.deepEqual(
    Object.keys(stored.tables[0]!.rows[0]![0]!.readings!),
    ["pdf-text", "ocr-2", "ocr-1"],
    "the stored result is not mutated",
  );
});
