import { test } from "node:test";
import assert from "node:assert/strict";
import { makeLine } from "../geometry/words-to-lines";
import { SETTINGS } from "../settings";
import type { Box, TextLine, Word } from "../types";
import { isStubLabel, rowPitch, sectionGapLimit } from "./section-breaks";

const word = (text: string, x0: number, x1: number, top: number, size = 8): Word => ({
  text,
  box: [x0, top, x1, top + size],
  size,
  font: "F",
  bold: false,
  dir: 0,
});
/** A row at `top`: a label and values 40 pt apart from x = 200. */
const row = (top: number, label: string, values: string[], indent = 0): TextLine =>
  makeLine([
    word(label, 20 + indent, 20 + indent + label.length * 4, top),
    ...values.map((v, k) => word(v, 200 + 40 * k, 225 + 40 * k, top)),
  ]);

test("a group heading and a subheading between two parts at a loose pitch: within the limit in pitches, not in ems", () => {
  // 8 pt type at a pitch of 16 pt (2 em a line); a blank of one pitch above the group.
  const above = [row(100, "Total", ["1", "2"]), row(116, "Mining", ["3", "4"]), row(132, "Water", ["5", "6"])];
  const heading = makeLine([word("Central government (estimated)", 20, 140, 164)]);
  const sub = makeLine([word("Local government", 28, 100, 180)]);
  const below = [row(196, "Wheat", ["7", "8"], 16), row(212, "Health", ["9", "1"], 16), row(228, "Energy", ["2", "3"], 16)];
  const lines = [...above, heading, sub, ...below];
  const prev: Box = [20, 100, 265, 140];
  const next: Box = [36, 196, 265, 236];
  assert.equal(rowPitch(prev, lines), 16);
  const gap = next[1] - prev[3];
  // 56 pt: over the 5 em (40 pt) rule, inside two label lines plus two pitches of blank.
  assert.ok(gap > 8 * SETTINGS.sectionGapEm);
  assert.ok(gap <= sectionGapLimit(prev, next, 2, lines, 8, SETTINGS));
  // With nothing between them, the rule in ems alone.
  assert.equal(sectionGapLimit(prev, next, 0, lines, 8, SETTINGS), 8 * SETTINGS.sectionGapEm);
  // The heading is a row label set in the stub; a line running over the values is not.
  assert.ok(isStubLabel(heading, 200, SETTINGS));
  assert.ok(!isStubLabel(makeLine([word("Source: national accounts and estimates", 20, 260, 164)]), 200, SETTINGS));
  assert.ok(!isStubLabel(makeLine([word("1,234", 20, 45, 164)]), 200, SETTINGS));
});
