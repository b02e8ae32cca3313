import { test } from "node:test";
import assert from "node:assert/strict";
import { chunksToColumns } from "../geometry/chunks-to-columns";
import type { TextLine } from "../types";
import { restoreBandGutters } from "./band-gutters";
import { isNumeric } from "./build-table";

const chunk = (text: string, x0: number, x1: number): TextLine => ({ words: [], box: [x0, 0, x1, 10], text, size: 10, bold: false });
const rule = { minGap: 4, crossingShare: 0.15, isNumeric };

test("a band and its units line over a band's inner gutter: the gutter is restored", () => {
  const rows = [
    [chunk("Stub", 0, 40), chunk("Foreign", 105, 170), chunk("Public", 215, 295)],
    [chunk("(Millions of dollars)", 90, 170), chunk("(Millions of dollars)", 210, 290)],
    [chunk("2018", 100, 120), chunk("2019", 160, 180), chunk("2018", 220, 240), chunk("2019", 280, 300)],
    [chunk("Butter", 0, 30), chunk("40,805", 95, 120), chunk("348", 165, 180), chunk("32,313", 215, 240), chunk("94,189", 275, 300)],
    [chunk("Eggs", 0, 25), chunk("22,479", 95, 120), chunk("95,689", 155, 180), chunk("75,496", 215, 240), chunk("3,780", 280, 300)],
  ];
  const read = chunksToColumns(rows, 4, 1);
  // Two lines crossing each band's inner gutter close it.
  assert.equal(read.length, 3);
  const restored = restoreBandGutters(read, rows, rule);
  assert.deepEqual(
    restored.map((c) => [c.x0, c.x1]),
    [
      [0, 30],
      [95, 120],
      [155, 180],
      [215, 240],
      [275, 300],
    ],
  );
});

test("a column holding only band text inside a body gutter is dropped; a column keeps its own text's extent", () => {
  const rows = [
    [chunk("2018", 188, 208)],
    [chunk("Country", 54, 90), chunk("Estimate", 135, 173), chunk("Margin of error", 195, 264)],
    [chunk("Mining", 54, 83), chunk("210.1", 151, 173), chunk("±6.0", 245, 263)],
    [chunk("Hotels", 54, 80), chunk("4.0", 161, 173), chunk("±0.1", 245, 263)],
  ];
  const read = [
    { x0: 54, x1: 90 },
    { x0: 135, x1: 173 },
    { x0: 188, x1: 208 },
    { x0: 240, x1: 263 },
  ];
  assert.deepEqual(
    restoreBandGutters(read, rows, rule).map((c) => [c.x0, c.x1]),
    [
      [54, 90],
      [135, 173],
      [245, 263],
    ],
  );
  // Without a band line above the leaf names nothing changes.
  assert.deepEqual(restoreBandGutters(read, rows.slice(1), rule), read);
});
