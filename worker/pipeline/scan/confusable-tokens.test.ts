// Tokens mixing letters and digits with a look-alike glyph ("N2O" read "N20" by both engines on
// the EU realistic scans) lose `verified` on a scan; numbers, words and other cells keep it.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { doubtConfusableTokens, hasConfusableToken } from "./confusable-tokens";

test("which values hold a token both engines may read alike and wrongly", () => {
  for (const value of ["Nitrous oxide (N20)", "Sulphur oxides (SOx/S02)", "Q1 2015", "2015a", "CO2 emissions"])
    assert.equal(hasConfusableToken(value), true, value);
  for (const value of ["2,517", "-47.7", "Oxide", "Total, 16 years and over", "+62.9 %", "Système U", "(X)", "1 000"])
    assert.equal(hasConfusableToken(value), false, value);
});

test("only verified cells with such a token are capped at unverified", () => {
  const cell = (value: string, confidence: Cell["confidence"]): Cell => ({ value, confidence, sources: ["ocr-1", "ocr-2"] });
  const table = {
    header: ["Pollutant", "2015"],
    header_cells: [cell("Pollutant", "verified"), cell("2015", "verified")],
    rows: [
      [cell("N20", "verified"), cell("12.5", "verified")],
      [cell("S02", "disputed"), cell("7", "verified")],
    ],
  } as unknown as Table;
  const out = doubtConfusableTokens(table);
  assert.deepEqual(
    out.header_cells.map((c) => c.confidence),
    ["verified", "verified"],
  );
  assert.deepEqual(
    out.rows.map((r) => r.map((c) => c.confidence)),
    [
      ["unverified", "verified"],
      ["disputed", "verified"],
    ],
  );
});
