import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { noRoomFor } from "./label-room";

// 8 pt type with a word space of a quarter em (the predicate's own setting, given here so the
// cases do not move with its tuned value): 2 pt. The label's line ends at
// x = 100; the next line's first word is 20 pt wide, so it needs the stub to reach 122.
const SIZE = 8;
const SETTINGS = { wrapSpaceEm: 0.25 };
const word = (x0: number, width: number): Word => ({
  text: "under",
  box: [x0, 0, x0 + width, SIZE],
  size: SIZE,
  font: "F",
  bold: false,
  dir: 0,
});

test("a label ran out of room when a word space and the next word pass the stub's right edge", () => {
  const cases: Array<{ name: string; lineRight: number; width: number; stubRight: number; noRoom: boolean }> = [
    { name: "room to spare", lineRight: 100, width: 20, stubRight: 140, noRoom: false },
    { name: "the word just fits (edge reached, not passed)", lineRight: 100, width: 20, stubRight: 122, noRoom: false },
    { name: "the word passes the edge by a fraction", lineRight: 100, width: 20, stubRight: 121.5, noRoom: true },
    { name: "the space alone passes the edge", lineRight: 100, width: 20, stubRight: 101, noRoom: true },
    { name: "a narrower word fits where a wider one did not", lineRight: 100, width: 10, stubRight: 121.5, noRoom: false },
    { name: "the label's line is the stub's widest", lineRight: 140, width: 4, stubRight: 140, noRoom: true },
  ];
  for (const c of cases) assert.equal(noRoomFor(c.lineRight, word(110, c.width), c.stubRight, SIZE, SETTINGS), c.noRoom, c.name);
});

test("only the word's width counts, not where the next line sets it", () => {
  for (const x0 of [60, 94, 200]) {
    assert.equal(noRoomFor(100, word(x0, 20), 121.5, SIZE, SETTINGS), true, `at ${x0}`);
    assert.equal(noRoomFor(100, word(x0, 20), 122, SIZE, SETTINGS), false, `at ${x0}`);
  }
});

test("the word space scales with the type size", () => {
  // At 16 pt the space is 4 pt: 100 + 4 + 20 = 124 passes 122, where at 8 pt it did not.
  assert.equal(noRoomFor(100, word(110, 20), 122, 16, SETTINGS), true);
  assert.equal(noRoomFor(100, word(110, 20), 124, 16, SETTINGS), false);
});
