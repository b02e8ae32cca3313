// A scanned page turned a quarter turn the wrong way: word lists shaped like Tesseract's readings
// (standing boxes on a page it was handed sideways, lying ones upright), and the whole family end
// to end: the generated `continued-table` documents (a tall table of short values, the layout the
// orientation guess takes for a sideways page) scanned as the eval scans them, read by the real
// engines, each page with its table and its rows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachScannedDocument } from "../../../tests/pdf/scanned-family";
import type { BBox } from "../../../lib/result/schema";
import type { ScanTransform } from "./prepare-scan";
import { isReadSideways, quarterTurnsToTry, standingShare } from "./quarter-turn-check";
import { QUARTER_TURN_SETTINGS } from "./settings";

const word = (text: string, bbox: BBox) => ({ text, bbox });
// "Alabama +53.7 -84.5" read off a page handed over a quarter turn wrong: boxes 6 pt wide.
const STANDING = [
  word("Alabama", [88, 66, 94, 126]),
  word("+53.7", [88, 300, 94, 326]),
  word("-84.5", [88, 350, 94, 376]),
  word("Alaska", [101, 66, 107, 110]),
];
const LYING = [
  word("Alabama", [66, 174, 110, 182]),
  word("+53.7", [300, 174, 326, 182]),
  word("-84.5", [350, 174, 376, 182]),
  word("Alaska", [66, 190, 100, 198]),
];

test("a reading of standing word boxes is read sideways; lying ones, short marks and nothing are not", () => {
  assert.equal(standingShare(STANDING), 1);
  assert.equal(isReadSideways(STANDING), true);
  assert.equal(standingShare(LYING), 0);
  assert.equal(isReadSideways(LYING), false);
  // A "1" or "%" is as tall as wide either way: words under minWordChars do not count.
  assert.equal(standingShare([word("1", [10, 10, 13, 20]), word("%", [20, 10, 24, 20])]), 0);
  assert.equal(isReadSideways([]), false);
  // A few rotated column heads on an upright page stay under the line.
  const heads = [word("Employment", [200, 40, 208, 90]), word("Exports", [220, 40, 228, 80])];
  assert.ok(standingShare([...LYING, ...LYING, ...heads]) <= QUARTER_TURN_SETTINGS.sidewaysAboveShare);
});

test("the turns to try are a quarter turn more either way, wrapped", () => {
  const t: ScanTransform = { quarterTurns: 1, skewDeg: 0.4, originalWidthPt: 595, originalHeightPt: 842, widthPt: 842, heightPt: 595 };
  assert.deepEqual(quarterTurnsToTry(t), [2, 0]);
  assert.deepEqual(quarterTurnsToTry({ ...t, quarterTurns: 0 }), [1, 3]);
  assert.deepEqual(quarterTurnsToTry({ ...t, quarterTurns: 3 }), [0, 2]);
});

test("family: every page of generated continued tables, scanned, comes back upright with its table", { timeout: 600_000 }, async () => {
  // Seed 13 is the eval's: its first and third documents were the ones turned sideways.
  await forEachScannedDocument(
    "continued-table",
    3,
    (doc, output) => {
      const truth = doc.tables.filter((t) => t.page === 1);
      const truthRows = truth.reduce((n, t) => n + new Set(t.cells.map((c) => c.row)).size - t.headerRows, 0);
      const tables = output.result.tables.filter((t) => t.page === 1);
      assert.equal(tables.length, 1, `${doc.name}: one table on page 1`);
      assert.ok(tables[0]!.rows.length >= truthRows - 2, `${doc.name}: ${tables[0]!.rows.length} rows of ${truthRows}`);
    },
    (docs) => [docs[0]!, docs[2]!],
  );
});
