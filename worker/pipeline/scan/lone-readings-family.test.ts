// The second reading of a scanned cell only one engine read, on realistic scans of generated
// families, end to end with the real engines (tests/pdf/scanned-family.ts): every cell it resolves
// holds a value of the page, and every cell it disputes keeps the one engine's reading beside its
// own, unless the reading-slips step settles it afterwards on a slip it knows. Two families of
// unlike layout: bands flush left over country rows, and a table with a block of text under it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";
import { isOcrSource } from "../../../lib/ocr/engine-names";
import { comparisonKey } from "../reconcile/normalise";
import { TIE_BREAK_SOURCE } from "./tie-break";
import { slipBetween } from "./reading-slips";

test(
  "family: generated flush-left bands and block-under-table, scanned: every cell the lone check resolves is a value of the page",
  { timeout: 900_000 },
  async () => {
    let resolved = 0;
    let disputed = 0;
    let settledAsSlip = 0;
    const wrong: string[] = [];
    for (const family of ["flush-left-bands", "block-under-table"]) {
      await forEachScannedDocument(family, 2, (doc, output) => {
        const truth = new Set(doc.tables.flatMap((t) => t.cells.map((c) => comparisonKey(c.text))));
        for (const cell of output.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()])) {
          if (!cell.sources.includes(TIE_BREAK_SOURCE) && cell.readings?.[TIE_BREAK_SOURCE] === undefined) continue;
          const ocrReadings = Object.keys(cell.readings ?? {}).filter(isOcrSource);
          // A lone cell: resolved with no readings (the two agreed), or disputed between one
          // engine's reading and the third's. A tie the third broke has three OCR readings.
          if (cell.confidence === "resolved" && ocrReadings.length === 0) {
            resolved += 1;
            assert.equal(cell.sources.filter(isOcrSource).length, 2);
            if (!truth.has(comparisonKey(cell.value))) wrong.push(`${doc.name}: ${cell.value}`);
          } else if (ocrReadings.length === 2 && ocrReadings.includes(TIE_BREAK_SOURCE)) {
            const engine = cell.readings![ocrReadings.find((s) => s !== TIE_BREAK_SOURCE)!]!;
            const third = cell.readings![TIE_BREAK_SOURCE]!;
            if (cell.confidence === "disputed") {
              disputed += 1;
              assert.equal(engine, cell.value, JSON.stringify(cell));
              continue;
            }
            // The lone check disputed it; the reading-slips step may settle it afterwards, but only
            // on a slip it knows ("Denmark ." against "Denmark": a label's trailing point), keeping
            // the reading the slip names, and only to a value of the page.
            settledAsSlip += 1;
            assert.equal(cell.confidence, "resolved", JSON.stringify(cell));
            const slip = slipBetween(engine, third);
            assert.ok(slip !== null, JSON.stringify(cell));
            assert.equal(comparisonKey(cell.value), comparisonKey([engine, third][slip.keep]!), JSON.stringify(cell));
            if (!truth.has(comparisonKey(cell.value))) wrong.push(`${doc.name}: ${cell.value} (settled as a slip)`);
          }
        }
      });
    }
    console.log(
      `lone cells resolved ${resolved}, disputed ${disputed}, settled as slips ${settledAsSlip}, resolved to a value not on the page ${wrong.length}`,
    );
    assert.ok(resolved >= 1, `resolved ${resolved}`);
    assert.deepEqual(wrong, []);
  },
);
