// Scanned tables judged by whether the two OCR engines read their cells alike: generated real
// tables (numbers and labels, a share of cells misread by one engine, down to
// 10%) are kept; generated chart "tables" (one engine read hatching as symbols, the other saw
// nothing or something else in each cell) are dropped; small tables are never judged.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { voteOnReadings } from "../reconcile/vote";
import { readTableIndexes, ocrAgreement } from "./unread-tables";
import { SETTINGS } from "../settings";
import { seededRng } from "../../../tests/pdf/corpus/content";

const NOISE = ["+", "*", "£8", "=", "-,", "©", "ote", "3s", "»", "Ee"];

function cellOf(readings: Record<string, string>): Cell {
  return { ...voteOnReadings(readings), bbox: [0, 0, 10, 10] };
}

function table(rows: Cell[][]): Table {
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header: [],
    header_cells: [],
    row_groups: rows.map(() => null),
    rows,
  };
}

/** A real table: every cell read by both; `misread` of them differently by the second engine. */
function realTable(random: () => number, misread: number): Table {
  const rows = 4 + Math.floor(random() * 20);
  const cols = 2 + Math.floor(random() * 5);
  return table(
    Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => {
        const value = c === 0 ? `Row ${r}` : String(Math.floor(random() * 10000) / 10);
        return cellOf({ "ocr-1": value, "ocr-2": random() < misread ? `${value}7` : value });
      }),
    ),
  );
}

/** A chart read as a table: symbols from ocr-1, nothing or other symbols from ocr-2. */
function chartTable(random: () => number): Table {
  const rows = 3 + Math.floor(random() * 30);
  const cols = 2 + Math.floor(random() * 8);
  return table(
    Array.from({ length: rows }, () =>
      Array.from({ length: cols }, () => {
        const noise = NOISE[Math.floor(random() * NOISE.length)]!;
        return cellOf(
          random() < 0.6 ? { "ocr-1": noise, "ocr-2": "" } : { "ocr-1": noise, "ocr-2": NOISE[Math.floor(random() * NOISE.length)]! + "x" },
        );
      }),
    ),
  );
}

test("real tables are kept, down to one cell in ten read alike; charts read as tables are dropped", () => {
  const random = seededRng(15);
  for (let k = 0; k < 40; k++) {
    const real = realTable(random, 0.9 * random());
    const chart = chartTable(random);
    assert.deepEqual(
      readTableIndexes([real, chart, real], SETTINGS),
      [0, 2],
      `case ${k}: agreement ${JSON.stringify(ocrAgreement(real))} / ${JSON.stringify(ocrAgreement(chart))}`,
    );
  }
});

test("a cell the structure vote lowered still counts as read alike; small tables are never judged", () => {
  const lowered = table([
    [{ ...cellOf({ "ocr-1": "12.5", "ocr-2": "12.5" }), confidence: "unverified" }, cellOf({ "ocr-1": "+", "ocr-2": "" })],
  ]);
  assert.deepEqual(ocrAgreement(lowered), { agreed: 1, cells: 2 });
  const tiny = table([
    [cellOf({ "ocr-1": "+", "ocr-2": "" }), cellOf({ "ocr-1": "*", "ocr-2": "" }), cellOf({ "ocr-1": "=", "ocr-2": "" })],
  ]);
  assert.deepEqual(readTableIndexes([tiny], SETTINGS), [0]);
});
