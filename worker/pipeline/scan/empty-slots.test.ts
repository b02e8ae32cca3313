// Empty cells of scanned tables: generated grids (seeded: rows, columns, widths, right- and
// left-aligned values, a header line, merged regions), some cells holding a mark the first OCR
// engine missed (the second engine reads it in the slot's crop), some truly blank. Every empty
// slot gets a box that holds where its mark stands and no neighbour's text; filled slots carry the
// one reading that saw them, `unverified`; blank ones and merged regions stay as they were.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { voteOnReadings } from "../reconcile/vote";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { emptySlotsOf, fillEmptySlots } from "./empty-slots";

const MARKS = [":", "-", "–", "n.a.", "..", "x", "0.0"];

interface Drawn {
  table: Table;
  /** The mark standing in each cell the first reading left empty (null: the cell is blank). */
  missed: Map<string, { mark: string | null; box: BBox }>;
  /** The second engine's crop words: one per missed mark. */
  words: Array<{ text: string; bbox: BBox }>;
}

function cell(value: string, box: BBox): Cell {
  return { ...voteOnReadings({ "ocr-1": value, "ocr-2": value }), bbox: box };
}

function empty(): Cell {
  return { value: "", confidence: "unverified", sources: [] };
}

/** A table of `rows` x `cols`: a stub column, value columns of 8 pt glyphs, right-aligned numbers
 * of 2-6 characters, rows 14 pt apart; each value cell is missed with probability 0.15, a missed
 * cell holding a mark (centred) two times in three, else blank. */
function drawTable(random: () => number): Drawn {
  const rows = 3 + Math.floor(random() * 12);
  const cols = 3 + Math.floor(random() * 6);
  const glyph = 5 + random() * 2;
  const widths = [60 + random() * 60, ...Array.from({ length: cols - 1 }, () => 30 + random() * 40)];
  const gutter = 8 + random() * 20;
  const lefts: number[] = [];
  let x = 40;
  for (const w of widths) {
    lefts.push(x);
    x += w + gutter;
  }
  const missed = new Map<string, { mark: string | null; box: BBox }>();
  const words: Drawn["words"] = [];
  const rowTop = (r: number) => 100 + r * 14;
  const place = (r: number, c: number, text: string, align: "left" | "right" | "centre"): BBox => {
    const w = Math.min(widths[c]!, text.length * glyph);
    const x0 = align === "left" ? lefts[c]! : align === "right" ? lefts[c]! + widths[c]! - w : lefts[c]! + (widths[c]! - w) / 2;
    return [x0, rowTop(r), x0 + w, rowTop(r) + 9];
  };
  const header = Array.from({ length: cols }, (_, c) => (c === 0 ? empty() : cell(`Col ${c}`, place(0, c, `Col ${c}`, "right"))));
  const body = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      if (c === 0) return cell(`Row ${r}`, place(r + 1, 0, `Row ${r}`, "left"));
      // Every column keeps at least its first body cell, so it has an extent to measure.
      if (r > 0 && random() < 0.15) {
        const mark = random() < 2 / 3 ? MARKS[Math.floor(random() * MARKS.length)]! : null;
        const box = place(r + 1, c, mark ?? "0", "centre");
        missed.set(`${r}:${c}`, { mark, box });
        if (mark) words.push({ text: mark, bbox: box });
        return empty();
      }
      const value = String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 5))));
      return cell(value, place(r + 1, c, value, "right"));
    }),
  );
  const table: Table = {
    page: 1,
    index: 0,
    order: 0,
    kind: "ruled",
    column_major: false,
    header: header.map((h) => h.value),
    header_cells: header,
    row_groups: body.map(() => null),
    rows: body,
  };
  return { table, missed, words };
}

function inside(inner: BBox, outer: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

function overlaps(a: BBox, b: BBox): boolean {
  return Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
}

test("every empty slot of a generated scanned table gets a box around its mark that holds no neighbour's text", () => {
  const random = seededRng(15);
  let marks = 0;
  let whole = 0;
  for (let k = 0; k < 200; k++) {
    const { table, missed } = drawTable(random);
    const slots = emptySlotsOf(table);
    const bodySlots = slots.filter((s) => s.ref.kind === "body");
    assert.deepEqual(
      new Set(bodySlots.map((s) => (s.ref.kind === "body" ? `${s.ref.row}:${s.ref.col}` : ""))),
      new Set(missed.keys()),
      `table ${k}: one slot per empty body cell`,
    );
    // The stub head is the header line's only empty cell.
    assert.deepEqual(
      slots.filter((s) => s.ref.kind === "header").map((s) => (s.ref.kind === "header" ? s.ref.col : -1)),
      [0],
    );
    const texts = [...table.header_cells, ...table.rows.flat()].filter((c) => c.value !== "").map((c) => c.bbox!);
    for (const slot of bodySlots) {
      if (slot.ref.kind !== "body") continue;
      const drawn = missed.get(`${slot.ref.row}:${slot.ref.col}`)!;
      if (drawn.mark) {
        marks += 1;
        // The reconciler takes a word by its centre; the crop should show the whole mark.
        const [cx, cy] = [(drawn.box[0] + drawn.box[2]) / 2, (drawn.box[1] + drawn.box[3]) / 2];
        assert.ok(
          cx > slot.box[0] && cx < slot.box[2] && cy > slot.box[1] && cy < slot.box[3],
          `table ${k}: the slot holds its mark's centre`,
        );
        if (inside(drawn.box, slot.box)) whole += 1;
      }
      for (const box of texts) assert.ok(!overlaps(box, slot.box), `table ${k}: the slot takes in no other cell's text`);
    }
  }
  assert.ok(marks > 100, `enough marks drawn (${marks})`);
  // A mark wider than its column's values and gutter may be cut at the crop's edge; rarely.
  assert.ok(whole >= 0.95 * marks, `whole marks in the crop: ${whole} of ${marks}`);
});

test("a slot the second engine read a mark in holds it on that one reading; blank slots stay empty", () => {
  const random = seededRng(151);
  for (let k = 0; k < 100; k++) {
    const { table, missed, words } = drawTable(random);
    const filled = fillEmptySlots(table, emptySlotsOf(table), words);
    for (const [key, drawn] of missed) {
      const [r, c] = key.split(":").map(Number) as [number, number];
      const got = filled.rows[r]![c]!;
      if (drawn.mark) {
        assert.equal(got.value, drawn.mark, `table ${k} cell ${key}`);
        assert.equal(got.confidence, "unverified");
        assert.deepEqual(got.sources, ["ocr-2"]);
        assert.deepEqual(got.bbox, drawn.box);
      } else assert.deepEqual(got, table.rows[r]![c]!, `table ${k} blank cell ${key} untouched`);
    }
    // Cells that had a value are the very same cells.
    table.rows.forEach((row, r) => row.forEach((before, c) => before.value !== "" && assert.equal(filled.rows[r]![c], before)));
    assert.equal(filled.header_cells[0]!.value, "", "nothing read in the stub head");
  }
});

test("a merged region's covered cells and its empty top-left are not slots", () => {
  const { table } = drawTable(seededRng(7));
  const rows = table.rows.map((row) => [...row]);
  // Row 1, columns 1-2 merged: the value sits top-left, the covered cell is empty.
  rows[1]![1] = cell("merged", rows[1]![1]!.bbox ?? [100, 128, 140, 137]);
  rows[1]![2] = empty();
  // Row 2, columns 1-2 merged with nothing in it.
  rows[2]![1] = empty();
  rows[2]![2] = empty();
  const merged: Table = {
    ...table,
    rows,
    span_grid: [
      { row: 1, col: 1, row_span: 1, col_span: 2 },
      { row: 2, col: 1, row_span: 1, col_span: 2 },
    ],
  };
  const refs = emptySlotsOf(merged).flatMap((s) => (s.ref.kind === "body" ? [`${s.ref.row}:${s.ref.col}`] : []));
  for (const key of ["1:2", "2:1", "2:2"]) assert.ok(!refs.includes(key), key);
});

test("a word the second engine read for a filled cell is that cell's, even when most of its box lies in an empty slot", () => {
  // Seen on the EU realistic scans: a body row's line crop came back as a word whose box reached
  // up into the empty stub head, and "0reclassifications" was read into the header too.
  const random = seededRng(152);
  let tried = 0;
  for (let k = 0; k < 100; k++) {
    const { table } = drawTable(random);
    for (const slot of emptySlotsOf(table)) {
      if (slot.ref.kind !== "body") continue;
      const below = table.rows[slot.ref.row + 1]?.[slot.ref.col];
      if (!below?.bbox || below.value === "") continue;
      // A tall box over the cell below and up into the slot: its centre lies both within the
      // reconciler's margin of that cell and of the slot, so by position alone it would be read
      // into the slot too.
      const [x0, y0, x1, y1] = below.bbox;
      const word = { text: below.value, bbox: [x0, y0 - 12, x1, y1 + 0.5] as BBox };
      const [cx, cy] = [(word.bbox[0] + word.bbox[2]) / 2, (word.bbox[1] + word.bbox[3]) / 2];
      if (!(cy <= slot.box[3] + 1.5 && cx >= slot.box[0] && cx <= slot.box[2])) continue;
      tried += 1;
      const filled = fillEmptySlots(table, [slot], [word]);
      assert.equal(filled.rows[slot.ref.row]![slot.ref.col]!.value, "", `table ${k}: the word below stays out of the slot`);
    }
  }
  assert.ok(tried > 20, `cases drawn: ${tried}`);
});
