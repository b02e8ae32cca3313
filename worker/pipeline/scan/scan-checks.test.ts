// The scan checks registry: the checks run in this order, each on what the one before gave.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runScanChecks, SCAN_CHECKS, type ScanCheckContext } from "./scan-checks";
import { SETTINGS } from "../settings";
import type { Table } from "../../../lib/result/schema";

test("the eight checks after the vote, in order", () => {
  assert.deepEqual(
    SCAN_CHECKS.map((check) => check.name),
    ["empty-slots", "unread-marks", "unread-ink", "confusable-tokens", "column-format", "reading-slips", "letter-case", "column-sums"],
  );
});

test("a verified token both engines may misread is doubted by the chain, as by its own check", () => {
  const cell = (value: string) => ({
    value,
    confidence: "verified" as const,
    sources: ["ocr-1" as const, "ocr-2" as const],
    bbox: [0, 0, 10, 10] as [number, number, number, number],
  });
  const table: Table = {
    page: 1,
    index: 0,
    order: 0,
    kind: "ruled",
    column_major: false,
    header: ["Gas"],
    header_cells: [cell("Gas")],
    rows: [[cell("N2O")], [cell("CO2")]],
  } as unknown as Table;
  const ctx: ScanCheckContext = { slots: [], secondWords: [], image: null, grey: null, rulings: [], wordBoxes: [], settings: SETTINGS };
  const checked = runScanChecks(table, ctx);
  const alone = SCAN_CHECKS.find((check) => check.name === "confusable-tokens")!.check(table, ctx);
  assert.deepEqual(
    checked.rows.map((row) => row[0]!.confidence),
    alone.rows.map((row) => row[0]!.confidence),
  );
  assert.deepEqual(
    checked.rows.map((row) => row[0]!.confidence),
    ["unverified", "unverified"],
  );
});
