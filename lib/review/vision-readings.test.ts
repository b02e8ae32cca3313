// The review page offers vision readings like any other, under their source names, and a cell an
// AI reviewer settled stays in the queue.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cell } from "../result/schema";
import { buildQueue, queueCount } from "./queue";
import { choicesOf, valueReadingsDisagree } from "./readings";
import { tableFixture } from "../../tests/result/table-fixture";

const reviewed: Cell = {
  value: "1,458",
  confidence: "reviewed",
  sources: ["vision-review", "vision-1", "vision-2"],
  readings: { "vision-review": "1,458", "vision-2": "1,458", "pdf-text": "1,452", "vision-1": "1,458" },
  bbox: [10, 10, 40, 20],
};

test("vision readings are choices under their source names, in vocabulary order", () => {
  assert.deepEqual(choicesOf(reviewed), [
    { source: "pdf-text", value: "1,452" },
    { source: "vision-review", value: "1,458" },
    { source: "vision-1", value: "1,458" },
    { source: "vision-2", value: "1,458" },
  ]);
  // A vision reader's grid is a structure reading: alone it is no disagreement on the text.
  assert.equal(valueReadingsDisagree({ readings: { "pdf-text": "982", "vision-2-cells": "982 1,045" } }), false);
  assert.equal(valueReadingsDisagree({ readings: { "pdf-text": "982", "vision-single": "932" } }), true);
});

test("a reviewed cell is queued right after the disputed ones, by default", () => {
  const cell = (value: string, confidence: Cell["confidence"]): Cell => ({ value, confidence, sources: ["pdf-text"], bbox: [0, 0, 1, 1] });
  const table = tableFixture(
    [[cell("x", "unverified"), reviewed, { ...cell("y", "disputed"), provisional: true, readings: { "pdf-text": "y", "ocr-1": "v" } }]],
    { kind: "unruled", header_cells: [cell("a", "verified"), cell("b", "verified"), cell("c", "verified")] },
  );
  assert.deepEqual(
    buildQueue([table]).map((entry) => entry.level),
    ["disputed", "reviewed", "unverified"],
  );
  assert.equal(queueCount([table]), 3);
});
