import { test } from "node:test";
import assert from "node:assert/strict";
import { isIntervalPair } from "./interval-values";
import { lineToChunks, makeLine } from "./words-to-lines";
import type { Word } from "../types";

test("a bracketed interval's two halves are one value; other number pairs are not", () => {
  assert.equal(isIntervalPair("(12.3,", "15.6)"), true);
  assert.equal(isIntervalPair("[12.3,", "15.6]"), true);
  assert.equal(isIntervalPair("(-1.2,", "3.4)"), true);
  assert.equal(isIntervalPair("(12.3,", "15.6]"), false);
  assert.equal(isIntervalPair("12.3,", "15.6)"), false);
  assert.equal(isIntervalPair("(12.3)", "15.6"), false);
  assert.equal(isIntervalPair("12.3", "15.6"), false);
});

test("lineToChunks keeps an interval in one chunk and still splits two numbers a space apart", () => {
  const word = (text: string, x0: number, x1: number): Word => ({
    text,
    box: [x0, 100, x1, 109],
    size: 9,
    font: "Helvetica",
    bold: false,
    dir: 0,
  });
  const line = makeLine([word("(553.4,", 200, 228), word("615.6)", 230.5, 255), word("809.2", 257.5, 280)]);
  assert.deepEqual(
    lineToChunks(line, 1.0, 0.1).map((c) => c.text),
    ["(553.4, 615.6)", "809.2"],
  );
});
