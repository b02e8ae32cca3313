// The ink grid on tables with a thin horizontal rule between their text lines (or an underline
// under each row), drawn as realistic scans with varied faces, sizes, pitches, column and row
// counts, rule thicknesses, placements and dashes (tests/pdf/ruled-rows-family.ts), and prepared as
// the pipeline prepares them. A rule is a run of a few inked pixel rows; with one under every row
// there are as many of them as text lines, the median run can be a rule, and read as text lines the
// rules close every gutter, so the gate fails the whole table (its cells keep one segmentation).
// The worst case is built as in ink-grid-family.test.ts: pdf-layout and pdf-model both read
// exactly the delivered structure, so the ink is the only check.
//   - Wrong structures (two columns folded into one, one column cut in two): no wrong cell or
//     relation is verified; without the gate they are (the hazard is real).
//   - Right structures (the truth delivered): how many keep half their cells verified is counted,
//     not asserted. A line reading that drops the rules (the ink-lines measurement note)
//     kept 11 of 11 here, but it is not shipped: on held-out scans it let a shared wrong reading be
//     verified. With the shipped reading a part of the tables fail whole (the family's hazard,
//     asserted: the lines read with fewer gutters than columns).
// Seeds 44-45: neither the eval (13-15 seen, 90001... unseen), nor training (7), nor the other scan
// family tests (31-33, 41-43) draw them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { guttersOf, inkLines, median } from "./page-ink";
import { STRUCTURE_SETTINGS } from "./settings";
import { scanned, type Scanned } from "../../../tests/pdf/scanned-family-page";
import { filledCells, inkGatedVote, verifiedValues } from "../../../tests/pdf/ink-gated-vote";
import { ruledRowsFamily } from "../../../tests/pdf/ruled-rows-family";
import { columnsFolded, columnSplit, verifiedWrong } from "../../../tests/pdf/wrong-structures";

const SEEDS = [44, 45];
const VARIANTS = [0, 1, 2, 3, 4, 5];

/** The draws the preparation left upright (one turned upside down would stand in reversed
 * columns); how many were turned. */
async function upright(): Promise<{ pages: Scanned[]; turned: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ink-grid-rules-"));
  const pages: Scanned[] = [];
  let turned = 0;
  try {
    for (const seed of SEEDS)
      for (const variant of VARIANTS) {
        const page = await scanned(ruledRowsFamily, seed, variant, dir);
        if (page.quarterTurns !== 0) turned++;
        else pages.push(page);
      }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { pages, turned };
}

test("family: tables with rules or underlines between rows: wrong structures get no cell verified", { timeout: 1_800_000 }, async () => {
  const settings = STRUCTURE_SETTINGS.pageInk;
  const { pages, turned } = await upright();
  let tables = 0;
  let mostlyVerified = 0;
  let closedByRules = 0;
  let folded = 0;
  let foldedOpen = 0;
  let split = 0;
  let splitOpen = 0;
  for (const page of pages)
    for (const truth of page.tables) {
      tables++;
      const gated = inkGatedVote(page, truth, true);
      const open = inkGatedVote(page, truth, false);
      // The gate only takes support away.
      assert.ok(verifiedValues(gated).length <= verifiedValues(open).length, page.name);
      if (verifiedValues(gated).length >= filledCells(gated).length / 2) mostlyVerified++;
      // The ink read as the grid reads it: fewer gutters than the table's.
      const asGrid = inkLines(page.image, truth.box, settings, settings.gridSolidRowShare);
      if (asGrid && asGrid.lines.length > 0) {
        const em = median(asGrid.lines.map((l) => l.bottom - l.top));
        const gutters = guttersOf(asGrid.lines, asGrid.w, settings.minGutterEm * em, settings.gutterCrossingShare);
        if (gutters.length < truth.nCols - 1) closedByRules++;
      } else closedByRules++;

      if (truth.nCols >= 3) {
        // Two value columns folded into one: every column right of the fold is misplaced.
        const wrong = columnsFolded(truth, 1);
        folded++;
        if (verifiedValues(inkGatedVote(page, wrong, false)).length > 0) foldedOpen++;
        assert.deepEqual(verifiedValues(inkGatedVote(page, wrong, true)), [], `${page.name}: columns folded, no cell verified`);
      }
      // The last column cut in two (its rows alternately in two columns).
      const cut = columnSplit(truth, truth.nCols - 1);
      split++;
      if (verifiedWrong(truth, inkGatedVote(page, cut, false)).length > 0) splitOpen++;
      assert.deepEqual(
        verifiedWrong(truth, inkGatedVote(page, cut, true)),
        [],
        `${page.name}: a column cut in two, no wrong relation verified`,
      );
    }
  console.log(
    `ruled rows: ${mostlyVerified} of ${tables} right tables with half their cells or more verified; ${closedByRules} read with fewer gutters; ` +
      `wrong verified without the gate: folded ${foldedOpen} of ${folded}, cut ${splitOpen} of ${split}; ${turned} draws turned`,
  );
  assert.ok(tables >= 8, `${tables} tables drawn upright`);
  // A rule midway under every other row, or dashed thin enough to fall under the pixel rows' ink
  // minimum, leaves the median run a text line: the hazard is in a part of the draws, not all.
  assert.ok(closedByRules >= tables / 4, `the family's hazard: ${closedByRules} of ${tables} tables read with fewer gutters`);
  assert.ok(folded >= 5 && foldedOpen >= folded / 2, `folded: ${foldedOpen} of ${folded} verified without the gate`);
  assert.ok(split >= 5 && splitOpen >= split / 2, `cut: ${splitOpen} of ${split} verified wrong relations without the gate`);
});
