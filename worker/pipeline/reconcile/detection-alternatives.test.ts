import { test } from "node:test";
import assert from "node:assert/strict";
import type { Table } from "../../../lib/result/schema";
import type { Box, TableModel } from "../types";
import { DETECTION, withDetectionAlternatives } from "./detection-alternatives";
import { tableFixture } from "../../../tests/result/table-fixture";

const model = (box: Box, mayContinueIn?: Box): TableModel => ({
  box,
  nRows: 2,
  nCols: 3,
  cells: [],
  headerRows: 0,
  rowGroups: [],
  source: "pdf-layout",
  disputed: mayContinueIn !== undefined,
  ...(mayContinueIn ? { structureDoubt: "split" as const, mayContinueIn } : {}),
});

const table = (index: number, extra: Partial<Table> = {}): Table => tableFixture([], { index, ...extra });

const upperBox: Box = [50, 100, 320, 130];
const lowerBox: Box = [50, 175, 320, 205];
const otherBox: Box = [50, 400, 320, 430];

test("the upper table of a split doubt offers one table with the next, proposed by detection", () => {
  const out = withDetectionAlternatives([table(0), table(1)], [model(upperBox, lowerBox), model(lowerBox)]);
  assert.deepEqual(out[0]!.alternatives, [{ kind: "merge-next", by: [DETECTION] }]);
  assert.equal(out[1]!.alternatives, undefined);
});

test("no alternative where the doubted continuation is not the next delivered table, or there is none", () => {
  const between = withDetectionAlternatives([table(0), table(1), table(2)], [model(upperBox, lowerBox), model(otherBox), model(lowerBox)]);
  assert.deepEqual(
    between.map((t) => t.alternatives),
    [undefined, undefined, undefined],
  );
  const last = withDetectionAlternatives([table(0)], [model(upperBox, lowerBox)]);
  assert.equal(last[0]!.alternatives, undefined);
  const plain = withDetectionAlternatives([table(0), table(1)], [model(upperBox), model(lowerBox)]);
  assert.deepEqual(
    plain.map((t) => t.alternatives),
    [undefined, undefined],
  );
});

test("a reading's own merge-next gains detection among its proposers; other alternatives are kept", () => {
  const alternatives: Table["alternatives"] = [
    { kind: "header-down", rows: 1, by: ["pdf-stream"] },
    { kind: "merge-next", by: ["pdf-tags"] },
  ];
  const out = withDetectionAlternatives([table(0, { alternatives }), table(1)], [model(upperBox, lowerBox), model(lowerBox)]);
  assert.deepEqual(out[0]!.alternatives, [
    { kind: "header-down", rows: 1, by: ["pdf-stream"] },
    { kind: "merge-next", by: [DETECTION, "pdf-tags"] },
  ]);
});

test("a doubted lone band is offered over each other run it is centred over, where the table delivers it", () => {
  const banded = (extra: Partial<Table> = {}) => table(0, { colbands: [{ label: "Private", start_col: 1, end_col: 4 }], ...extra });
  const doubted: TableModel = {
    ...model(upperBox),
    structureDoubt: "lone-band",
    bandAlternatives: [{ label: "Private", start: 2, end: 3 }],
  };
  const [out] = withDetectionAlternatives([banded()], [doubted]);
  assert.deepEqual(out!.alternatives, [{ kind: "band-span", band: 0, label: "Private", start_col: 2, end_col: 3, by: [DETECTION] }]);
  // The band not delivered (read as its column's name): nothing to move.
  const [plain] = withDetectionAlternatives([table(0)], [doubted]);
  assert.equal(plain!.alternatives, undefined);
  // A reading proposed the same span: detection joins it, not a second entry.
  const [joined] = withDetectionAlternatives(
    [banded({ alternatives: [{ kind: "band-span", band: 0, label: "Private", start_col: 2, end_col: 3, by: ["pdf-stream"] }] })],
    [doubted],
  );
  assert.deepEqual(joined!.alternatives, [
    { kind: "band-span", band: 0, label: "Private", start_col: 2, end_col: 3, by: [DETECTION, "pdf-stream"] },
  ]);
});

test("a merge doubt offers the table cut where the second table may start, proposed by detection", () => {
  const merged: TableModel = { ...model(upperBox), disputed: true, structureDoubt: "merge", mayStartAt: 4 };
  const out = withDetectionAlternatives([table(0)], [merged]);
  assert.deepEqual(out[0]!.alternatives, [{ kind: "split", rows: [4], by: [DETECTION] }]);
  // A reading that proposed the same cut gains detection among its proposers.
  const read = withDetectionAlternatives([table(0, { alternatives: [{ kind: "split", rows: [4], by: ["pdf-stream"] }] })], [merged]);
  assert.deepEqual(read[0]!.alternatives, [{ kind: "split", rows: [4], by: [DETECTION, "pdf-stream"] }]);
});
