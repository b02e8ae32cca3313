import { test } from "node:test";
import assert from "node:assert/strict";
import { rowStarts, type GridLineTexts } from "./grid-text-rows";
import { isNumeric } from "./build-table";

const line = (cells: Record<number, string>): GridLineTexts => new Map(Object.entries(cells).map(([c, t]) => [Number(c), t]));

test("a label's lower-case second line (no values) joins the row above", () => {
  const lines = [line({ 0: "Total, 16 years and", 1: "1,234", 2: "56.7" }), line({ 0: "over" }), line({ 0: "Men", 1: "600", 2: "12.1" })];
  assert.deepEqual(rowStarts(lines, 0, isNumeric), [true, false, true]);
});

test("values on the label's last line: the label line and the line of values are one row", () => {
  const lines = [
    line({ 0: "Government workers," }),
    line({ 0: "State and local", 1: "88", 2: "4.5" }),
    line({ 0: "Women", 1: "634", 2: "13.0" }),
  ];
  assert.deepEqual(rowStarts(lines, 0, isNumeric), [true, false, true]);
});

test("a capitalised label line without values is a row of its own (a section label)", () => {
  const lines = [line({ 0: "Women", 1: "634" }), line({ 0: "Employed persons:" }), line({ 0: "Agriculture", 1: "12" })];
  assert.deepEqual(rowStarts(lines, 0, isNumeric), [true, true, true]);
});

test("a lower-case line of values under a row that has values starts a row", () => {
  const lines = [line({ 0: "Employment", 1: "100" }), line({ 0: "of which women", 1: "40" })];
  assert.deepEqual(rowStarts(lines, 0, isNumeric), [true, true]);
});
