// Ink beside a verified cell's words that no reading holds: generated levelled page lines (white
// paper, black toner, as prepare-scan makes them) of a cell "4%" whose word box the first reading
// drew around the digits, with a leading full stop left outside it (".4%" read "4%" by both
// engines), with nothing beside it, with noise, with a ruling beside it, and with its
// neighbour's word close by. Only the full stop makes the cell lose `verified`.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Ruling } from "../types";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { doubtCellsBesideUnreadInk } from "./unread-ink";

const SCALE = 300 / 72;
const SIZE = { width: Math.round(300 * SCALE), height: Math.round(60 * SCALE), scale: SCALE };
const blank = () => new Uint8Array(SIZE.width * SIZE.height).fill(255);
function paint(grey: Uint8Array, box: BBox, level: number): void {
  for (let y = Math.round(box[1] * SCALE); y < Math.round(box[3] * SCALE); y++) {
    for (let x = Math.round(box[0] * SCALE); x < Math.round(box[2] * SCALE); x++) grey[y * SIZE.width + x] = level;
  }
}
/** Glyph-like strokes filling a word box (bars 0.8 pt wide, 0.6 pt apart). */
function word(grey: Uint8Array, box: BBox, level: number): void {
  for (let x = box[0]; x + 0.8 <= box[2]; x += 1.4) paint(grey, [x, box[1], x + 0.8, box[3]], level);
}

const CELL: BBox = [100, 20, 112, 28];
const NEIGHBOUR: BBox = [150, 20, 170, 28];
const verified = (value: string, bbox: BBox): Cell => ({ value, confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox });
const table = (): Table =>
  ({
    page: 1,
    index: 0,
    header: [],
    header_cells: [],
    rows: [[verified("4%", CELL), verified("12.5", NEIGHBOUR)]],
    bbox: [90, 15, 180, 35],
  }) as unknown as Table;
const confidences = (grey: Uint8Array, rulings: Ruling[] = []) =>
  doubtCellsBesideUnreadInk(table(), grey, SIZE, [CELL, NEIGHBOUR], rulings).rows[0]!.map((c) => c.confidence);

test("a full stop left outside the word box both readings agree on: the cell is no longer verified", () => {
  const random = seededRng(5);
  for (let k = 0; k < 10; k++) {
    const toner = Math.floor(random() * 50);
    const gap = 0.6 + random() * 0.6;
    const grey = blank();
    word(grey, CELL, toner);
    word(grey, NEIGHBOUR, toner);
    // The stop on the baseline, `gap` points left of the digits, 0.6-0.9 pt across.
    const d = 0.6 + random() * 0.3;
    paint(grey, [CELL[0] - gap - d, CELL[3] - d, CELL[0] - gap, CELL[3]], toner);
    assert.deepEqual(confidences(grey), ["unverified", "verified"], `draw ${k}`);
  }
});

test("nothing beside the words, noise, a ruling beside them or a neighbour's word close by: verified stays", () => {
  const random = seededRng(9);
  const clean = blank();
  word(clean, CELL, 0);
  word(clean, NEIGHBOUR, 0);
  assert.deepEqual(confidences(clean), ["verified", "verified"]);
  const noisy = blank();
  word(noisy, CELL, 0);
  word(noisy, NEIGHBOUR, 0);
  for (let i = 0; i < noisy.length; i++) if (random() < 0.002) noisy[i] = Math.floor(random() * 60);
  assert.deepEqual(confidences(noisy), ["verified", "verified"]);
  const ruled = blank();
  word(ruled, CELL, 0);
  word(ruled, NEIGHBOUR, 0);
  paint(ruled, [96.6, 0, 97.4, 60], 0);
  assert.deepEqual(confidences(ruled, [{ orientation: "v", pos: 97, start: 0, end: 60 }]), ["verified", "verified"]);
  // A neighbouring word 2 pt to the right, inside the line's reach: it is read, so it is no mark.
  const close = blank();
  word(close, CELL, 0);
  word(close, NEIGHBOUR, 0);
  const near: BBox = [114, 20, 120, 28];
  word(close, near, 0);
  assert.deepEqual(
    doubtCellsBesideUnreadInk(table(), close, SIZE, [CELL, NEIGHBOUR, near], []).rows[0]!.map((c) => c.confidence),
    ["verified", "verified"],
  );
});

test("a word both readings missed in a tinted ruled cell, beyond a mark's reach: the cell is no longer verified", () => {
  // The cell's slot runs from ruling to ruling; its words were read, the label's first word ("Net"
  // of "Net lending") was not. The print on a tint is the tint's level times the toner's share.
  const random = seededRng(17);
  for (let k = 0; k < 10; k++) {
    const tint = 130 + Math.floor(random() * 60);
    const print = Math.floor(tint * (0.3 + random() * 0.2));
    const grey = blank();
    paint(grey, [80, 16, 145, 32], tint);
    word(grey, CELL, print);
    word(grey, NEIGHBOUR, 0);
    const missed: BBox = [85, 20, 92 + random() * 2, 28];
    word(grey, missed, print);
    paint(grey, [79.6, 0, 80.4, 60], 0);
    paint(grey, [144.6, 0, 145.4, 60], 0);
    const rulings: Ruling[] = [
      { orientation: "v", pos: 80, start: 0, end: 60 },
      { orientation: "v", pos: 145, start: 0, end: 60 },
    ];
    assert.deepEqual(confidences(grey, rulings), ["unverified", "verified"], `draw ${k}`);
    // Without the rulings the line is looked at only a mark's reach beside the words: the missed
    // word lies beyond it (so the reach, not the level, decides here). The neighbour, with the
    // rulings' ink unknown, is not looked at.
    assert.equal(confidences(grey)[0], "verified", `draw ${k}, no rulings`);
  }
});
