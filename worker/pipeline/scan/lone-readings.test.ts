// A scanned cell only one engine read, read once more by the legacy classifier: resolved where the
// two say the same, disputed with both readings where they differ, unchanged where it read nothing;
// and only unverified cells with exactly one OCR reading are asked about.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Word } from "../ocr/types";
import { tableFixture } from "../../../tests/result/table-fixture";
import { isLoneAgreement, isLoneDispute, loneCells, withLoneReadingsChecked } from "./lone-readings";
import { SETTINGS } from "../settings";

const box = (col: number, row: number): BBox => [100 + col * 80, 200 + row * 20, 170 + col * 80, 214 + row * 20];

const lone = (bbox: BBox, value: string, sources: Cell["sources"] = ["ocr-2"]): Cell => ({
  value,
  confidence: "unverified",
  sources,
  bbox,
});

/** Words read in `bbox`, one per space-separated piece, side by side inside it. */
const readIn = (bbox: BBox, text: string): Word[] =>
  text
    .split(" ")
    .map((piece, i) => ({ text: piece, bbox: [bbox[0] + 2 + i * 20, bbox[1] + 2, bbox[0] + 18 + i * 20, bbox[3] - 2], confidence: 0.9 }));

test("a second reading that says the same resolves the cell, its sources in vocabulary order", () => {
  const number = lone(box(0, 0), "85,601", ["ocr-2", "pdf-model"]);
  const name = lone(box(1, 0), "Louisiana");
  const out = withLoneReadingsChecked(
    tableFixture([[number, name]]),
    [...readIn(box(0, 0), "85,601"), ...readIn(box(1, 0), "Louisiana")],
    SETTINGS,
  );
  assert.deepEqual(out.rows[0]![0], { ...number, confidence: "resolved", sources: ["ocr-2", "ocr-3", "pdf-model"] });
  assert.deepEqual(out.rows[0]![1], { ...name, confidence: "resolved", sources: ["ocr-2", "ocr-3"] });
});

test("a second reading that differs, even by a mark, disputes the cell with both readings; nothing read changes nothing", () => {
  for (const [value, second] of [
    ["85,601", "85.601"],
    ["-4.4", "4.4"],
    ["Wheat", "wheat"],
    ["2009", "2000"],
  ] as const) {
    const cell = lone(box(0, 0), value);
    const out = withLoneReadingsChecked(tableFixture([[cell]]), readIn(box(0, 0), second), SETTINGS).rows[0]![0]!;
    assert.deepEqual(
      out,
      { ...cell, confidence: "disputed", provisional: true, readings: { "ocr-2": value, "ocr-3": second } },
      `${value} / ${second}`,
    );
  }
  const cell = lone(box(0, 0), "Maryland");
  assert.deepEqual(withLoneReadingsChecked(tableFixture([[cell]]), [], SETTINGS).rows[0]![0], cell);
  // A word whose centre lies outside the cell (a neighbour the padded crop took in) is not its.
  const outside: Word = { text: "Maryland", bbox: [box(0, 0)[2] + 1, 201, box(0, 0)[2] + 20, 213], confidence: 0.9 };
  assert.deepEqual(withLoneReadingsChecked(tableFixture([[cell]]), [outside], SETTINGS).rows[0]![0], cell);
});

test("only unverified cells with one OCR reading that holds a letter or a digit are asked about, header cells included", () => {
  const header = lone(box(0, 0), "2009");
  const body = lone(box(0, 1), "50,203");
  const others: Cell[] = [
    // Two engines read it (unverified for its place, not its value).
    { value: "12", confidence: "unverified", sources: ["ocr-1", "ocr-2"], bbox: box(1, 1) },
    { value: "12", confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox: box(2, 1) },
    {
      value: "12",
      confidence: "disputed",
      provisional: true,
      sources: ["ocr-2"],
      bbox: box(3, 1),
      readings: { "ocr-1": "17", "ocr-2": "12" },
    },
    // A nil mark or nothing at all: nothing to check.
    lone(box(4, 1), "-"),
    lone(box(5, 1), ""),
    // No OCR reading (a text layer's cell), or no box to crop.
    lone(box(6, 1), "12", ["pdf-text"]),
    { ...lone(box(7, 1), "12"), bbox: undefined },
    // Its text stands on end (a turned heading): read upright, the crop gives junk.
    lone(box(8, 1), "Construction", ["ocr-1"]),
  ];
  const standing: Word[] = [{ ...readIn(box(8, 1), "Construction")[0]!, dir: 90 }];
  const table: Table = {
    ...tableFixture([[body, ...others]]),
    header_cells: [header, ...others.map(() => ({ value: "", confidence: "verified" as const, sources: [] }))],
  };
  assert.deepEqual(loneCells(table, standing), [box(0, 0), box(0, 1)]);
  assert.equal(loneCells(table).length, 3, "without the standing word the turned heading is asked about");
  const out = withLoneReadingsChecked(
    table,
    [...readIn(box(0, 0), "2009"), ...readIn(box(0, 1), "50,203"), ...others.flatMap((c) => (c.bbox ? readIn(c.bbox, "12") : []))],
    SETTINGS,
    standing,
  );
  assert.equal(out.header_cells[0]!.confidence, "resolved");
  assert.equal(out.rows[0]![0]!.confidence, "resolved");
  assert.deepEqual(out.rows[0]!.slice(1), others, "cells not asked about are left as they are");
});

test("a lone cell disputed by a comma read as a point is settled by its column, as the scan checks settle the two engines", () => {
  const column = ["12,480", "7,315", "40,027", "3,902", "61,150", "85,601"];
  // The first five cells both engines read alike (a column's format needs four); the last only
  // ocr-2 read.
  const agreed = (value: string, row: number): Cell => ({ value, confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox: box(0, row) });
  const table = tableFixture([...column.slice(0, 5).map((value, row) => [agreed(value, row)]), [lone(box(0, 5), "85,601")]]);
  // Before its column is asked, the cell is a lone dispute between the two readings.
  assert.equal(
    isLoneDispute({ ...lone(box(0, 5), "85,601"), confidence: "disputed", readings: { "ocr-2": "85,601", "ocr-3": "85.601" } }),
    true,
  );
  const settled = withLoneReadingsChecked(table, readIn(box(0, 5), "85.601"), SETTINGS).rows[5]![0]!;
  assert.equal(settled.value, "85,601");
  assert.equal(settled.confidence, "resolved");
  assert.deepEqual(settled.readings, { "ocr-2": "85,601", "ocr-3": "85.601" });
  // A digit read otherwise is a different value: the column does not settle it.
  const otherDigit = withLoneReadingsChecked(table, readIn(box(0, 5), "86,601"), SETTINGS);
  assert.equal(otherDigit.rows[5]![0]!.confidence, "disputed");
  // Only the cells named are looked at: the same slip between the two engines is the scan checks'.
  const between: Cell = {
    value: "85,601",
    confidence: "disputed",
    provisional: true,
    sources: ["ocr-2"],
    bbox: box(0, 5),
    readings: { "ocr-1": "85.601", "ocr-2": "85,601" },
  };
  assert.equal(isLoneDispute(between), false);
  const withBetween = tableFixture([...table.rows.slice(0, 5), [between]]);
  assert.deepEqual(withLoneReadingsChecked(withBetween, readIn(box(0, 5), "85.601"), SETTINGS).rows[5]![0], between);
  // A tie the third reading could not break has three OCR readings: not a lone dispute.
  assert.equal(isLoneDispute({ ...between, readings: { ...between.readings, "ocr-3": "85.60" } }), false);
});

test("a lone number both readings agree on but off its column's format stays one engine's unverified reading", () => {
  const agreed = (value: string, row: number): Cell => ({ value, confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox: box(0, row) });
  const column = ["12,480", "7,315", "40,027", "3,902", "61,150"].map((value, row) => [agreed(value, row)]);
  const hold = (value: string) =>
    withLoneReadingsChecked(tableFixture([...column, [lone(box(0, 5), value)]]), readIn(box(0, 5), value), SETTINGS).rows[5]![0]!;
  // Both read the thousands comma as a point: they agree, and the column says otherwise.
  assert.equal(hold("60.481").confidence, "unverified");
  assert.deepEqual(hold("60.481"), lone(box(0, 5), "60.481"));
  assert.equal(hold("60,481").confidence, "resolved");
  assert.equal(isLoneAgreement(hold("60,481")), true);
});
