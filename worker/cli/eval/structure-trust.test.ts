// The eval's structure-trust figures: table boundaries (split, merged, missed, spurious, and which
// wrong ones carry layout_disputed) and the readings' pairwise error matrix.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Table } from "../../../lib/result/schema";
import type { Box } from "../../pipeline/types";
import { boundariesOnPage } from "./boundary-figures";
import { readerErrorsOnPage, type ProposedTable } from "./reader-errors";
import { tableFixture } from "../../../tests/result/table-fixture";

function table(bbox: Box, disputed = false): Table {
  return tableFixture([], { order: null, bbox, ...(disputed ? { layout_disputed: true as const } : {}) });
}

test("boundaries: a true table read as two is split, two read as one merged, none missed, a chart spurious", () => {
  const truth: Box[] = [
    [0, 0, 100, 100],
    [0, 200, 100, 300],
    [0, 320, 100, 400],
    [300, 0, 400, 100],
  ];
  const delivered = [table([0, 0, 100, 45]), table([0, 55, 100, 100], true), table([0, 200, 100, 400]), table([500, 500, 600, 600])];
  const c = boundariesOnPage(truth, delivered);
  assert.deepEqual(
    {
      split: c.split,
      merged: c.merged,
      missed: c.missed,
      spurious: c.spurious,
      wrongDelivered: c.wrongDelivered,
      wrongDisputed: c.wrongDisputed,
      disputedDelivered: c.disputedDelivered,
    },
    { split: 1, merged: 1, missed: 1, spurious: 1, wrongDelivered: 4, wrongDisputed: 1, disputedDelivered: 1 },
  );
  const right = boundariesOnPage(truth.slice(0, 1), [table([2, 2, 98, 98])]);
  assert.equal(right.split + right.merged + right.missed + right.spurious + right.wrongDelivered, 0);
});

test("error matrix: relations two readings both get wrong, against either; a reading without a table there has no opinion", () => {
  const rel = (entries: Record<string, number>) => new Map(Object.entries(entries));
  const truth = [{ box: [0, 0, 100, 100] as Box, relations: rel({ "a\tb\th": 1, "b\tc\th": 1, "a\td\tv": 1 }) }];
  const proposals = new Map<string, ProposedTable[]>([
    // Both miss a-d and put a wrong b-x in its place; one also misses b-c.
    ["one", [{ box: [0, 0, 100, 100], relations: rel({ "a\tb\th": 1, "b\tc\th": 1, "a\tx\tv": 1 }) }]],
    ["two", [{ box: [10, 10, 90, 90], relations: rel({ "a\tb\th": 1, "a\tx\tv": 1 }) }]],
    ["far", [{ box: [500, 500, 600, 600], relations: rel({ "q\tr\th": 1 }) }]],
  ]);
  const c = readerErrorsOnPage(truth, proposals);
  assert.deepEqual(c.perReader.one, { tables: 1, relations: 3, wrong: 2 });
  assert.deepEqual(c.perReader.two, { tables: 1, relations: 3, wrong: 3 });
  assert.equal(c.perReader.far, undefined);
  assert.deepEqual(c.pairs["one|two"], { both: 2, either: 3, relations: 3 });
  assert.equal(Object.keys(c.pairs).length, 1);
});
