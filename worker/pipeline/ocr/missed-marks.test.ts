// Which cells the first engine reads again as crops: nil marks it has no word in and the second
// engine does not back.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { isNilMark, marksFirstMissed } from "./missed-marks";
import type { Word } from "./types";

const cell = (value: string, bbox: BBox): Cell => ({ value, confidence: "unverified", sources: ["pdf-text"], bbox });
const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });

function row(values: string[]): Table {
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header: [],
    header_cells: [],
    row_groups: [null],
    rows: [values.map((v, c) => cell(v, [c * 40, 0, c * 40 + 10, 10]))],
  };
}

test("a nil mark is a value with no letter or digit", () => {
  for (const mark of ["-", "\u2013", "\u2014", "..", "*", "\u2020", "(-)"]) assert.ok(isNilMark(mark), mark);
  for (const value of ["", " ", "0", "x", "-5", "n.a.", "(X)"]) assert.ok(!isNilMark(value), value);
});

test("marks the first reading has nothing in, and the second does not back, are read again", () => {
  const table = row(["-", "..", "5", "-", "*"]);
  const first = [word("5", [82, 1, 88, 9]), word("-", [122, 1, 128, 9])];
  const second = [word("*", [162, 1, 168, 9])];
  // "-" and ".." are missed; "5" is no mark; the second "-" the first reading has; "*" the second backs.
  assert.deepEqual(marksFirstMissed([table], first, second), [
    [0, 0, 10, 10],
    [40, 0, 50, 10],
  ]);
});
