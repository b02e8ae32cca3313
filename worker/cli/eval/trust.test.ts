import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Confidence } from "../../../lib/result/schema";
import { gridToRelations } from "./adjacency";
import { labelledRelations, summariseTrust, tableTrustRelations, trustDocument, weaker, type LabelledCell } from "./trust";
import { tableFixture } from "../../../tests/result/table-fixture";

const cell = (row: number, col: number, text: string, confidence: Confidence, colSpan = 1): LabelledCell => ({
  row,
  col,
  rowSpan: 1,
  colSpan,
  text,
  confidence,
});
const c = (value: string, confidence: Confidence): Cell => ({ value, confidence, sources: [] });

test("weaker: the less sure of two levels, in the trust order", () => {
  assert.equal(weaker("verified", "resolved"), "resolved");
  assert.equal(weaker("exact", "confirmed"), "confirmed");
  assert.equal(weaker("unverified", "disputed"), "disputed");
  assert.equal(weaker("reviewed", "verified"), "reviewed");
});

test("labelledRelations: each relation takes the weaker confidence of its two cells", () => {
  // | a (verified) | b (resolved) |
  // | c (verified) | d (verified) |
  const rel = labelledRelations([
    cell(0, 0, "a", "verified"),
    cell(0, 1, "b", "resolved"),
    cell(1, 0, "c", "verified"),
    cell(1, 1, "d", "verified"),
  ]);
  const byKey = Object.fromEntries(rel.map((r) => [r.key, r.confidence]));
  assert.deepEqual(byKey, { "a\tb\th": "resolved", "a\tc\tv": "verified", "b\td\tv": "resolved", "c\td\th": "verified" });
});

test("tableTrustRelations lays the table out as the scorer does: band line, header line, body with span_grid", () => {
  // Band "Sales" over columns 1-2 (no confidence of its own -> unverified), header "Item|2019|2020",
  // body row "x|1|2" and a row "Total" merged over all three columns.
  const table = tableFixture(
    [
      [c("x", "verified"), c("1", "verified"), c("2", "disputed")],
      [c("Total", "verified"), c("", "unverified"), c("", "unverified")],
    ],
    {
      order: null,
      kind: "unruled",
      header_cells: [c("Item", "verified"), c("2019", "verified"), c("2020", "verified")],
      span_grid: [{ row: 1, col: 0, row_span: 1, col_span: 3 }],
      colbands: [{ label: "Sales", start_col: 1, end_col: 2 }],
    },
  );
  const rel = tableTrustRelations(table)
    .map((r) => `${r.key.replace(/\t/g, "|")}:${r.confidence}`)
    .sort();
  assert.deepEqual(rel, [
    "1|2|h:disputed",
    "1|Total|v:verified",
    "2019|1|v:verified",
    "2019|2020|h:verified",
    "2020|2|v:disputed",
    "2|Total|v:disputed",
    "Item|2019|h:verified",
    "Item|x|v:verified",
    "Sales|2019|v:unverified",
    "Sales|2020|v:unverified",
    "x|1|h:verified",
    "x|Total|v:verified",
  ]);
});

test("trustDocument: right relations per level after matching; a merged column is wrong where it should be", () => {
  // Ground truth: | A | B |      Predicted (B and C read as one cell "B C"):  | A | B C (verified) |
  //               | C | D |                                                  | C | D             |
  const gt = [
    {
      page: 1,
      rel: gridToRelations([cell(0, 0, "A", "exact"), cell(0, 1, "B", "exact"), cell(1, 0, "C", "exact"), cell(1, 1, "D", "exact")]),
    },
  ];
  const pred = labelledRelations([
    cell(0, 0, "A", "verified"),
    cell(0, 1, "B C", "verified"),
    cell(1, 0, "C", "resolved"),
    cell(1, 1, "D", "verified"),
  ]);
  const counts = trustDocument(gt, [{ page: 1, relations: pred }]);
  // A-BC h (verified, wrong), BC-D v (verified, wrong), A-C v (resolved, right), C-D h (resolved, right).
  assert.deepEqual(counts.perLevel, { verified: { relations: 2, right: 0 }, resolved: { relations: 2, right: 2 } });
  const summary = summariseTrust(counts);
  assert.equal(summary.wrong, 2);
  assert.equal(summary.wrongNotVerified, 0);
  assert.equal(summary.wrongNotVerifiedShare, 0);
  assert.equal(summary.verifiedOrAboveRight, 0);
  assert.equal(summary.verifiedOrAboveShare, 0.5);
});

test("trustDocument: surplus copies of a key are charged to the most confident relations; an unmatched table is all wrong", () => {
  // Ground truth has "1|1|v" once; the prediction has it twice (once verified, once disputed).
  const gt = [{ page: 1, rel: gridToRelations([cell(0, 0, "h", "exact"), cell(1, 0, "1", "exact"), cell(2, 0, "1", "exact")]) }];
  const pred = [
    {
      page: 1,
      relations: [
        { key: "h\t1\tv", confidence: "verified" as const },
        { key: "1\t1\tv", confidence: "verified" as const },
        { key: "1\t1\tv", confidence: "disputed" as const },
      ],
    },
    // A spurious table on the same page (shares nothing with the ground truth): never matched.
    { page: 1, relations: [{ key: "x\ty\th", confidence: "verified" as const }] },
    // A table on a page without ground truth.
    { page: 2, relations: [{ key: "h\t1\tv", confidence: "unverified" as const }] },
  ];
  const counts = trustDocument(gt, pred);
  assert.deepEqual(counts.perLevel, {
    verified: { relations: 3, right: 1 },
    disputed: { relations: 1, right: 1 },
    unverified: { relations: 1, right: 0 },
  });
  const summary = summariseTrust(counts);
  assert.equal(summary.relations, 5);
  assert.deepEqual(
    summary.levels.map((l) => [l.level, l.relations, l.shareOfAll, l.shareRight]),
    [
      ["disputed", 1, 0.2, 1],
      ["unverified", 1, 0.2, 0],
      ["verified", 3, 0.6, 1 / 3],
    ],
  );
  assert.equal(summary.wrong, 3);
  assert.equal(summary.wrongNotVerified, 1);
  assert.equal(summary.wrongNotVerifiedShare, 1 / 3);
});
