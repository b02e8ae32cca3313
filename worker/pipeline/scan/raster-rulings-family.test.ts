// Raster rulings on whole generated layout families, scanned as the eval scans them (200 dpi grey,
// turned a little, blurred, noisy, JPEG; worker/cli/eval/realistic-scans.ts) and prepared as the
// pipeline prepares them (prepare-scan.ts). No horizontal ruling may run through the text of a
// cell (the truth's cell boxes are known by construction): blurred glyph bottoms ran together
// into such "rulings" under "Potatoes", "Country" and "51,130" and cut these tables (see
// raster-rulings.ts). Families of unruled tables with stub columns, spanner rules and long rows.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { renderPageForOcr } from "../render/render-page";
import { prepareScan, preparedBoxToPage } from "./prepare-scan";
import { renderToRulings } from "./raster-rulings";
import { RASTER_RULINGS, type RasterRulingSettings } from "./settings";
import type { BBox } from "../../../lib/result/schema";

const FAMILY_NAMES = ["multi-level-header", "flush-left-bands", "indented-stub", "stub-head"];

/** Horizontal rulings (page points, top-left origin) whose middle lies inside the middle 70% of a
 * cell's text box and which run through that box for at least half their length. */
function rulingsThroughText(rulings: BBox[], cells: BBox[]): BBox[] {
  return rulings.filter((r) => {
    const y = (r[1] + r[3]) / 2;
    return cells.some((c) => {
      const h = c[3] - c[1];
      const across = Math.min(r[2], c[2]) - Math.max(r[0], c[0]);
      return y > c[1] + 0.15 * h && y < c[3] - 0.15 * h && across >= 0.5 * (r[2] - r[0]);
    });
  });
}

type TruthDoc = Awaited<ReturnType<typeof import("../../../tests/pdf/corpus/generate").generateCorpus>>[number];

/** A cell of the truth with its box in page points, top-left origin (as rulings are found). */
type PageCell = { text: string; box: BBox };

/** Each seed 13 draw of `names`, scanned as the eval scans it and prepared as the pipeline
 * prepares it: `read` gets the draw, its page 1 cells and the horizontal rulings found with
 * `settings`, in page points. */
async function eachScannedDraw(
  names: readonly string[],
  variants: number,
  read: (doc: TruthDoc, cells: PageCell[], rulings: (settings: RasterRulingSettings) => BBox[]) => void,
): Promise<void> {
  const { generateCorpus, FAMILIES } = await import("../../../tests/pdf/corpus/generate");
  const { makeRealisticScan } = await import("../../cli/eval/realistic-scans");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "raster-family-"));
  const families = FAMILIES.filter((f) => names.includes(f.name));
  assert.equal(families.length, names.length);
  try {
    const docs = await generateCorpus({ outDir: dir, seed: 13, variants, families });
    for (const doc of docs) {
      const scan = path.join(dir, `${doc.name}-scan.pdf`);
      await makeRealisticScan(path.join(dir, `${doc.name}.pdf`), scan);
      const opened = await openPdf(scan);
      try {
        const page = await opened.doc.getPage(1);
        const heightPt = page.getViewport({ scale: 1 }).height;
        const { render, transform } = prepareScan(await renderPageForOcr(page, 1));
        const cells = doc.tables
          .filter((t) => t.page === 1)
          .flatMap((t) =>
            t.cells.map((c): PageCell => ({ text: c.text, box: [c.box[0], heightPt - c.box[3], c.box[2], heightPt - c.box[1]] })),
          );
        read(doc, cells, (settings) =>
          renderToRulings(render, settings)
            .filter((r) => r.orientation === "h")
            .map((r) => preparedBoxToPage([r.start, r.pos, r.end, r.pos], transform)),
        );
      } finally {
        await opened.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("family: no ruling found in a realistic scan runs through a cell's text", { timeout: 300_000 }, async () => {
  // Without the glyph-bottom test the same pages must show such rulings, or this test proves nothing.
  const unchecked: RasterRulingSettings = { ...RASTER_RULINGS, textThinShare: 0, textGapShare: 1 };
  let throughTextUnchecked = 0;
  let kept = 0;
  await eachScannedDraw(FAMILY_NAMES, 3, (doc, cells, rulings) => {
    const texts = cells.filter((c) => c.text.trim() !== "").map((c) => c.box);
    const found = rulings(RASTER_RULINGS);
    kept += found.length;
    assert.deepEqual(rulingsThroughText(found, texts), [], `${doc.name}: rulings through the text of a cell`);
    throughTextUnchecked += rulingsThroughText(rulings(unchecked), texts).length;
  });
  assert.ok(throughTextUnchecked >= 10, `without the test, glyph bottoms are found as rulings (${throughTextUnchecked})`);
  assert.ok(kept >= 6, `the families' real rulings are still found (${kept})`);
});

/** The horizontal rules of a table's grid found across its whole width: rulings (page points) that
 * overlap the span of the table's cell boxes for at least 95% of it. */
function rulesAcross(rulings: BBox[], cells: BBox[]): number {
  const left = Math.min(...cells.map((c) => c[0]));
  const right = Math.max(...cells.map((c) => c[2]));
  return rulings.filter((r) => Math.min(r[2], right) - Math.max(r[0], left) >= 0.95 * (right - left)).length;
}

test("family: a grid's rules are found across a tinted stub column", { timeout: 300_000 }, async () => {
  // A mid-grey tint scans at 120-190 after the levels are stretched: under the fixed ink level
  // (160) the whole tint is ink, so a rule crossing it is thick there and ends at the tint, and the
  // stub column falls out of the ruled grid. With the ink level scaled by the tint, the rule is thin.
  const untinted: RasterRulingSettings = { ...RASTER_RULINGS, tints: null };
  let expected = 0;
  let found = 0;
  let foundUntinted = 0;
  await eachScannedDraw(["shaded-stub-grid"], 6, (doc, cells, rulings) => {
    // A rule above the header and under every row.
    expected += new Set(doc.tables[0]!.cells.map((c) => c.row)).size + 1;
    const boxes = cells.map((c) => c.box);
    found += rulesAcross(rulings(RASTER_RULINGS), boxes);
    foundUntinted += rulesAcross(rulings(untinted), boxes);
  });
  // Measured: 83 of 86 rules with the level scaled on tints, 38 of 86 without.
  assert.ok(foundUntinted < 0.6 * expected, `without the scaling the rules end at the tint (${foundUntinted} of ${expected})`);
  assert.ok(found >= 0.85 * expected, `rules found across the tinted stub (${found} of ${expected})`);
});
