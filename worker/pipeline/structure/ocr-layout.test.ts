// ocr-layout: table detection on the OCR engine's words alone (no rulings, no text layer): its own
// regions, rows and columns; nothing without OCR, nor on a scan without the other engine's words
// (detection read the page's own OCR words already; scan-regions.test.ts reads a scan with them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { ocrLayoutReader } from "./ocr-layout";
import type { StructureContext } from "./types";
import type { OcrPageReading, Word as OcrWord } from "../ocr/types";
import { SETTINGS } from "../settings";

/** Five rows of a label and two numbers, 10 pt type, 18 pt apart, as an engine reads them. */
function tableWords(top: number): OcrWord[] {
  const rows = [
    ["Item", "2021", "2022"],
    ["Wheat", "12.5", "13.1"],
    ["Barley", "8.0", "7.9"],
    ["Maize", "21.4", "22.0"],
    ["Rice", "3.2", "3.6"],
  ];
  return rows.flatMap((row, r) =>
    row.map((text, c): OcrWord => {
      const x = [72, 220, 300][c]!;
      return { text, bbox: [x, top + r * 18, x + text.length * 5.5, top + r * 18 + 10], confidence: 95 };
    }),
  );
}

function context(words: OcrWord[], wordsFromOcr = false): StructureContext {
  const reading: OcrPageReading = { words, nonTextRegions: [], dpi: 200, seconds: 0, fromCache: false };
  return {
    pageNumber: 1,
    words: [],
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions: [],
    ocr: { "ocr-2": reading },
    page: null,
    wordsFromOcr,
    settings: SETTINGS,
  };
}

test("two tables on the page image, a gap between them: two tables of three columns, read from the OCR words", async () => {
  const reading = await ocrLayoutReader.read(context([...tableWords(100), ...tableWords(260)]));
  assert.ok(reading && reading.kind === "tables");
  assert.equal(reading.source, "ocr-layout");
  assert.deepEqual(
    reading.tables.map((t) => [t.nRows, t.nCols]),
    [
      [5, 3],
      [5, 3],
    ],
  );
  assert.ok(reading.tables[0]!.box[3] < reading.tables[1]!.box[1]);
});

test("on a scan without the other engine's words, or with no OCR reading, no opinion", async () => {
  assert.equal(await ocrLayoutReader.read(context(tableWords(100), true)), null);
  assert.equal(await ocrLayoutReader.read({ ...context([]), ocr: {} }), null);
});
