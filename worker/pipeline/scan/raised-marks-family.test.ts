// The generated `marker-values` family (values and labels carrying small raised footnote marks:
// "10.2 r", "63.8 e", "Rapeseed 6"), scanned as the eval scans it (worker/cli/eval/realistic-scans.ts)
// and run through the whole pipeline with both engines. Tesseract's page reading takes such a mark
// for a quote, a degree sign or a registered mark ("10.2"", "63.8°", "Rapeseed®"); read again alone
// (scan/raised-marks.ts) it is the letter or digit it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";

const norm = (text: string) => text.replace(/\s+/g, "");

test(
  "family: raised footnote marks of generated marker values, scanned, are read as letters and digits",
  { timeout: 600_000 },
  async () => {
    let marked = 0;
    let read = 0;
    let lookalikes = 0;
    await forEachScannedDocument("marker-values", 3, (doc, output) => {
      const shown = output.result.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]).map((c) => c.value);
      const shownKeys = new Set(shown.map(norm));
      // Cells whose truth ends in a one- or two-character mark set apart by a space.
      const truth = doc.tables.flatMap((t) => t.cells.map((c) => c.text)).filter((text) => /\S [A-Za-z0-9]{1,2}$/.test(text));
      marked += truth.length;
      read += truth.filter((text) => shownKeys.has(norm(text))).length;
      lookalikes += shown.filter((value) => /[’'"°®™ªº]$/u.test(value)).length;
    });
    console.log(`marks read ${read} of ${marked}; values still ending in a look-alike ${lookalikes}`);
    assert.ok(marked >= 15, `${marked} marked cells`);
    assert.ok(read >= 0.5 * marked, `marks read ${read} of ${marked}`);
  },
);
