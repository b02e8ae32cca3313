// The ink grid's column check where the ink reads fewer columns than the segmentation it checks,
// on whole generated layout families drawn as realistic scans and prepared as the pipeline
// prepares them. The worst case is built as in ink-grid-family.test.ts: pdf-layout and pdf-model
// both read exactly the delivered structure, so the ink is the only check. The delivered structure
// cuts one value column of the truth in two (its rows alternately in the left and the right half:
// a column the reading splits where the page has one). The ink sees the truth's columns, one fewer
// than the reading's, unless a gutter inside the cut column (a currency sign set apart from its
// amount) makes up the count.
//   - No wrong relation (one the truth does not hold) is verified: the ink's gutters must stand in
//     the blanks between the reading's columns (ink-grid.ts seenBoundaries), so a gutter inside the
//     cut column does not stand in for the cut. Without the gate the wrong relations are verified
//     (the hazard is real).
// Seed 43: neither the eval (13-15 seen, 90001... unseen), nor training (7), nor the other scan
// family tests (31-33, 41-42, 44-45) draw it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Table } from "../../../lib/result/schema";
import { scanned } from "../../../tests/pdf/scanned-family-page";
import { inkGatedVote } from "../../../tests/pdf/ink-gated-vote";
import { columnSplit, verifiedWrong } from "../../../tests/pdf/wrong-structures";

const SEEDS = [43];
const VARIANTS = [0, 1, 2];
const FAMILIES = ["total-rows", "wrapped-labels", "indented-groups", "currency-columns", "multi-level-header"];

const verifiedCells = (t: Table) =>
  [...t.header_cells, ...t.rows.flat()].filter((c) => c.value !== "" && c.confidence === "verified").length;

test(
  "family: a column the reading cuts in two where the ink sees one gets no wrong relation verified",
  { timeout: 1_800_000 },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ink-grid-coarse-"));
    let tables = 0;
    let kept = 0;
    let hazard = 0;
    let turned = 0;
    try {
      for (const family of FAMILIES)
        for (const seed of SEEDS)
          for (const variant of VARIANTS) {
            const page = await scanned(family, seed, variant, dir);
            if (page.quarterTurns !== 0) {
              turned++;
              continue;
            }
            for (const truth of page.tables) {
              const bodyRows = new Set(truth.cells.filter((c) => c.row >= truth.headerRows).map((c) => c.row)).size;
              if (truth.nCols < 3 || bodyRows < 4) continue;
              // The last column: a value column in every family drawn here.
              const split = columnSplit(truth, truth.nCols - 1);
              tables++;
              const open = inkGatedVote(page, split, false);
              if (verifiedWrong(truth, open).length > 0) hazard++;
              const gated = inkGatedVote(page, split, true);
              assert.deepEqual(verifiedWrong(truth, gated), [], `${page.name}: no wrong relation verified`);
              if (verifiedCells(gated) > 0) kept++;
            }
          }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      `column cut in two: ${tables} tables; verified cells kept under the gate ${kept}; wrong relations verified without the gate ${hazard}; ${turned} draws turned`,
    );
    assert.ok(tables >= 8, `${tables} tables drawn upright`);
    assert.ok(hazard >= tables / 2, `the hazard: ${hazard} of ${tables} verify wrong relations without the gate`);
  },
);
