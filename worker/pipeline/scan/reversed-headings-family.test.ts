// Reversed headings on realistic scans of the generated family (white text on fills from near
// black to mid-grey), end to end with the real engines (tests/pdf/scanned-family.ts). The page
// reading (Tesseract's LSTM) reads light glyphs on a fill as junk; PaddleOCR reads them. The third
// reading (Tesseract's legacy classifier, scan/tie-break.ts) breaks that tie only if it reads the
// crop turned negative (ocr/crop-mosaic.ts lightOnDark): on a mid-grey fill as on a dark one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";
import { comparisonKey } from "../reconcile/normalise";
import { TIE_BREAK_SOURCE } from "./tie-break";

const VARIANTS = 6;

test(
  "family: reversed headings, scanned: a heading the engines read differently is settled by the negative third reading",
  { timeout: 900_000 },
  async () => {
    let headings = 0;
    let headingsRight = 0;
    let headingsSettled = 0;
    let resolvedByThird = 0;
    const wrongResolutions: string[] = [];
    const queued: string[] = [];
    await forEachScannedDocument("reversed-header", VARIANTS, (doc, output) => {
      const truth = doc.tables.flatMap((t) => t.cells);
      const headingKeys = new Set(doc.tables.flatMap((t) => t.cells.filter((c) => c.row < t.headerRows).map((c) => comparisonKey(c.text))));
      const pageValues = new Set(truth.map((c) => comparisonKey(c.text)));
      headings += doc.tables.reduce((n, t) => n + t.cells.filter((c) => c.row < t.headerRows).length, 0);
      for (const cell of output.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()])) {
        const resolvedHere = cell.confidence === "resolved" && cell.sources.includes(TIE_BREAK_SOURCE);
        if (resolvedHere) {
          resolvedByThird += 1;
          if (!pageValues.has(comparisonKey(cell.value)))
            wrongResolutions.push(`${doc.name}: ${cell.value} ${JSON.stringify(cell.readings)}`);
        }
        if (!headingKeys.has(comparisonKey(cell.value))) continue;
        headingsRight += 1;
        if (cell.confidence === "verified" || cell.confidence === "resolved") headingsSettled += 1;
        else queued.push(`${doc.name}: ${cell.value} ${cell.confidence} ${JSON.stringify(cell.readings)}`);
      }
    });
    console.log(
      JSON.stringify({ headings, headingsRight, headingsSettled, resolvedByThird, wrong: wrongResolutions.length }),
      queued.slice(0, 12),
    );
    assert.deepEqual(wrongResolutions, [], "every cell the third reading resolves holds a value of the page");
    // Measured at these draws: 18 of 42 headings delivered with their text. The rest are lost with
    // their header row: on a scan neither engine's page reading finds the white words of some
    // fills (a mid-grey band, a ruled variant's dark header boxes), a gap the scan steps still have.
    assert.ok(headingsRight >= headings * 0.4, `${headingsRight} of ${headings} headings delivered with their text`);
    // Measured: 11 of those 18 settled (`resolved` by the third reading); 8 with the negative for
    // dark grounds alone, before one reading's junk stopped barring the tie-break by its marks.
    assert.ok(headingsSettled >= headingsRight * 0.55, `${headingsSettled} of ${headingsRight} right headings settled`);
  },
);
