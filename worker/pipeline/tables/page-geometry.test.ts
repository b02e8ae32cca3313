// pdf-layout-alt's second detection takes the delivered detection's page geometry (rulings,
// grids, stroked rulings, text lines) instead of deriving it again. That is only right while the
// geometry does not depend on the wrap rule the second detection flips: checked on every layout
// family, drawn at two seeds, the geometry read under either rule is the same, and detection given
// the delivered geometry returns exactly what it returns deriving its own. OCR off: fast.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import { readPage } from "../extract-page";
import { SETTINGS } from "../settings";
import { detectTables, pageGeometry } from "./detect-tables";

const SEEDS = [5, 29];

test("the page geometry does not depend on the wrap rule, and a second detection may reuse it", async () => {
  let pages = 0;
  let withGrids = 0;
  let differentTables = 0;
  // With the default settings and with the values rule off (tables/stub-wraps.ts): where the
  // values settle a hanging wrap, the wrap rule changes nothing, so on these draws it changes the
  // tables only with that rule off.
  for (const base of [SETTINGS, { ...SETTINGS, stubWrapsByValues: false }])
    for (const family of FAMILIES) {
      const flipped = { ...base, hangingWraps: !base.hangingWraps };
      for (const seed of SEEDS) {
        const drawn = await generateDocument(family, 0, seed);
        const opened = await openPdf({
          size: drawn.pdf.length,
          read: async (begin, end) => drawn.pdf.subarray(begin, Math.min(end, drawn.pdf.length)),
          close: async () => {},
        });
        try {
          for (let n = 1; n <= opened.doc.numPages; n++) {
            const page = await opened.doc.getPage(n);
            const { words, graphics, width, height } = await readPage(page, SETTINGS);
            page.cleanup();
            const delivered = detectTables(words, graphics, base, [width, height]);
            assert.ok(delivered.geometry, "detection returns the geometry it read the tables from");
            const label = `${drawn.name} (seed ${seed}) page ${n}`;
            assert.deepEqual(pageGeometry(words, graphics, flipped), delivered.geometry, label);
            const own = detectTables(words, graphics, flipped);
            const reused = detectTables(words, graphics, flipped, undefined, delivered.geometry);
            assert.deepEqual(reused.tables, own.tables, label);
            assert.deepEqual(reused.layoutRegions, own.layoutRegions, label);
            // Reusing never changes the delivered detection's own geometry.
            assert.deepEqual(delivered.geometry, pageGeometry(words, graphics, base), label);
            pages++;
            if (delivered.grids.length > 0) withGrids++;
            if (JSON.stringify(own.tables) !== JSON.stringify(delivered.tables)) differentTables++;
          }
        } finally {
          await opened.close();
        }
      }
    }
  // The families hold ruled tables, and the check is not vacuous about the wrap rule: on some pages
  // the flipped rule detects other tables.
  assert.ok(pages >= 2 * FAMILIES.length * SEEDS.length, `${pages} pages`);
  assert.ok(withGrids > 0, "some pages have ruled grids");
  assert.ok(differentTables > 0, "the flipped rule changes the tables on some page");
});
