// Marks in empty cells nothing read: generated levelled page images (white paper, black toner,
// as prepare-scan makes them) with empty slots holding a colon, a dash, a full stop, nothing,
// a grey tint, a ruling along the slot's edge or noise; only the colon and the dash are marks.
// Then the cells around a marked slot lose `verified`, and nothing else does.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Ruling } from "../types";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { doubtNeighboursOfMarks, inkAreaPt2, slotsWithUnreadMarks } from "./unread-marks";
import { SETTINGS } from "../settings";
import type { EmptySlot } from "./empty-slots";

const SCALE = 300 / 72;
const SIZE = { width: Math.round(400 * SCALE), height: Math.round(100 * SCALE), scale: SCALE };

function blank(): Uint8Array {
  return new Uint8Array(SIZE.width * SIZE.height).fill(255);
}

/** Fills [x0, y0, x1, y1] (points) with `level`. */
function paint(grey: Uint8Array, box: BBox, level: number): void {
  for (let y = Math.round(box[1] * SCALE); y < Math.round(box[3] * SCALE); y++) {
    for (let x = Math.round(box[0] * SCALE); x < Math.round(box[2] * SCALE); x++) grey[y * SIZE.width + x] = level;
  }
}

const SLOT: BBox = [100, 40, 140, 54];

test("a colon or a dash in an empty slot is a mark; a full stop, a tint, a ruling on its edge or noise is not", () => {
  const random = seededRng(3);
  for (let k = 0; k < 20; k++) {
    // Where in the slot the mark stands, and how dark its toner came out.
    const cx = 110 + random() * 20;
    const cy = 45 + random() * 4;
    const toner = Math.floor(random() * 40);
    const colon = blank();
    paint(colon, [cx, cy, cx + 0.8, cy + 0.8], toner);
    paint(colon, [cx, cy + 3, cx + 0.8, cy + 3.8], toner);
    const dash = blank();
    paint(dash, [cx - 1.5, cy + 2, cx + 1.5, cy + 2.6], toner);
    const stop = blank();
    paint(stop, [cx, cy + 3, cx + 0.5, cy + 3.5], toner);
    const tint = blank();
    paint(tint, SLOT, 200);
    const ruled = blank();
    paint(ruled, [SLOT[2] - 1.2, 0, SLOT[2] - 0.4, 100], toner);
    const rulings: Ruling[] = [{ orientation: "v", pos: SLOT[2] - 0.8, start: 0, end: 100 }];
    const noisy = blank();
    for (let i = 0; i < noisy.length; i++) if (random() < 0.001) noisy[i] = toner;
    const min = SETTINGS.unreadMarkMinInkPt2;
    assert.ok(inkAreaPt2(colon, SIZE, SLOT, []) >= min, "colon");
    assert.ok(inkAreaPt2(dash, SIZE, SLOT, []) >= min, "dash");
    assert.ok(inkAreaPt2(stop, SIZE, SLOT, []) < min, "full stop");
    assert.ok(inkAreaPt2(tint, SIZE, SLOT, []) < min, "tint");
    assert.ok(inkAreaPt2(ruled, SIZE, SLOT, rulings) < min, "ruling on the edge");
    assert.ok(inkAreaPt2(noisy, SIZE, SLOT, []) < min, "noise");
  }
});

function cell(value: string, x: number, y: number): Cell {
  return { value, confidence: "verified", sources: ["ocr-1", "ocr-2"], bbox: [x, y, x + 20, y + 10] };
}

function table(): Table {
  // Header "A B C", body 3 x 3 with the middle cell empty, and row 2 col 0 empty.
  const header = [cell("A", 20, 10), cell("B", 100, 10), cell("C", 180, 10)];
  const rows = [
    [cell("1", 20, 40), cell("2", 100, 40), cell("3", 180, 40)],
    [cell("4", 20, 60), { value: "", confidence: "unverified", sources: [] } as Cell, cell("6", 180, 60)],
    [{ value: "", confidence: "unverified", sources: [] } as Cell, cell("8", 100, 80), cell("9", 180, 80)],
  ];
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: "ruled",
    column_major: false,
    header: ["A", "B", "C"],
    header_cells: header,
    row_groups: [null, null, null],
    rows,
  };
}

test("the nearest cells left, right, above and below a marked empty cell lose verified; the rest keep it", () => {
  const marked: EmptySlot[] = [{ ref: { kind: "body", row: 1, col: 1 }, box: [100, 58, 120, 72] }];
  const out = doubtNeighboursOfMarks(table(), marked);
  const level = (r: number, c: number) => out.rows[r]![c]!.confidence;
  assert.equal(level(1, 0), "unverified");
  assert.equal(level(1, 2), "unverified");
  assert.equal(level(0, 1), "unverified");
  assert.equal(level(2, 1), "unverified");
  for (const [r, c] of [
    [0, 0],
    [0, 2],
    [2, 2],
  ] as const)
    assert.equal(level(r, c), "verified");
  assert.ok(out.header_cells.every((h) => h.confidence === "verified"));
  // A mark under the header's first name with an empty cell below it: the header name above and
  // the body cell below the gap are its neighbours.
  const top = doubtNeighboursOfMarks(table(), [{ ref: { kind: "body", row: 2, col: 0 }, box: [20, 78, 40, 92] }]);
  assert.equal(top.rows[1]![0]!.confidence, "unverified");
  assert.equal(top.rows[2]![1]!.confidence, "unverified");
  assert.equal(top.header_cells[0]!.confidence, "verified");
});

test("only slots still empty are looked at", () => {
  const grey = blank();
  paint(grey, [105, 45, 108, 45.6], 0);
  paint(grey, [105, 48, 108, 48.6], 0);
  const t = table();
  const slots: EmptySlot[] = [
    { ref: { kind: "body", row: 1, col: 1 }, box: SLOT },
    { ref: { kind: "body", row: 0, col: 1 }, box: SLOT },
  ];
  assert.deepEqual(
    slotsWithUnreadMarks(t, slots, grey, SIZE, []).map((s) => s.ref),
    [{ kind: "body", row: 1, col: 1 }],
  );
});
