import { test } from "node:test";
import assert from "node:assert/strict";
import { gridToRelations, normalizeText, scoreDocument } from "./adjacency";

test("normalizeText folds accents, drops non-ASCII and whitespace", () => {
  assert.equal(normalizeText("Café  ﬁnal €5"), "Cafefinal5");
});

test("gridToRelations skips empty slots and counts a spanning cell once per neighbour", () => {
  // | A (span 2) |
  // | B  |  ""  | C |
  const rel = gridToRelations([
    { row: 0, col: 0, rowSpan: 1, colSpan: 2, text: "A" },
    { row: 1, col: 0, rowSpan: 1, colSpan: 1, text: "B" },
    { row: 1, col: 1, rowSpan: 1, colSpan: 1, text: "" },
    { row: 1, col: 2, rowSpan: 1, colSpan: 1, text: "C" },
  ]);
  assert.deepEqual([...rel.entries()].sort(), [
    ["A\tB\tv", 1],
    ["B\tC\th", 1],
  ]);
});

test("scoreDocument matches tables one to one and charges unmatched predictions", () => {
  const t = gridToRelations([
    { row: 0, col: 0, rowSpan: 1, colSpan: 1, text: "a" },
    { row: 0, col: 1, rowSpan: 1, colSpan: 1, text: "b" },
  ]);
  const s = scoreDocument(
    [{ page: 1, rel: t }],
    [
      { page: 1, rel: t },
      { page: 1, rel: t },
    ],
  );
  assert.deepEqual(s, { tp: 1, gt: 1, pred: 2 });
});
