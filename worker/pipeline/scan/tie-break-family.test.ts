// The third reading on realistic scans of a generated family, end to end with the real engines
// (tests/pdf/scanned-family.ts): cells the two engines read differently are read again by
// Tesseract's legacy classifier, and every cell it resolves holds a value the page really has.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";
import { comparisonKey } from "../reconcile/normalise";
import { TIE_BREAK_SOURCE } from "./tie-break";

test(
  "family: generated marker values, scanned: every cell the third reading resolves is a value of the page",
  { timeout: 600_000 },
  async () => {
    let read = 0;
    let resolved = 0;
    const wrong: string[] = [];
    await forEachScannedDocument("marker-values", 2, (doc, output) => {
      const truth = new Set(doc.tables.flatMap((t) => t.cells.map((c) => comparisonKey(c.text))));
      for (const cell of output.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()])) {
        if (cell.readings?.[TIE_BREAK_SOURCE] === undefined) continue;
        read += 1;
        if (cell.confidence !== "resolved" || !cell.sources.includes(TIE_BREAK_SOURCE)) continue;
        resolved += 1;
        if (!truth.has(comparisonKey(cell.value))) wrong.push(`${doc.name}: ${cell.value} (${JSON.stringify(cell.readings)})`);
      }
    });
    console.log(`cells read a third time ${read}, resolved ${resolved}, not a value of the page ${wrong.length}`);
    assert.ok(resolved >= 1, `resolved ${resolved} of ${read}`);
    assert.deepEqual(wrong, []);
  },
);
