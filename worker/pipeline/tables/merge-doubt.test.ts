// The merge doubt (merge-doubt.ts), drawn as a family with varied parameters: two tables stacked
// under a blank line, each with its own right-aligned columns, read as one region (type size,
// column count, column widths and places, the blank's height, rows per part all drawn); and the
// same tables with their columns kept across the blank (one table's row groups), which must not
// be doubted. Then the pipeline: the generated stacked-typed-tables family read with detection
// made to join across every gap, so that each draw comes out as one table: every such table whose
// parts set their own columns is disputed, and a page detection splits is not.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TableModel, TextLine } from "../types";
import { markPossibleMerges, type MergeDoubtSettings } from "./merge-doubt";
import { boxUnion } from "../geometry/box";
import { SETTINGS, type Settings } from "../settings";
import { int, seededRng } from "../../../tests/pdf/corpus/content";
import { FAMILIES, generateDocument } from "../../../tests/pdf/corpus/generate";
import { readDrawWithoutOcr } from "../../../tests/pdf/corpus/read-draw";

const HERE: MergeDoubtSettings = {
  blankPitches: SETTINGS.mergeDoubtBlankPitches,
  alignEm: SETTINGS.mergeDoubtAlignEm,
  minLinesBelow: SETTINGS.mergeDoubtMinLinesBelow,
};

/** A chunk of text at [x0, x1] on the line whose top is `y`. */
function chunk(text: string, x0: number, x1: number, y: number, size: number): TextLine {
  return { words: [], box: [x0, y, x1, y + size], text, size, bold: false };
}

/** Lines of a part: a label, then values right-aligned on `rights`, `rows` lines from `y`. */
function part(rng: () => number, rights: number[], rows: number, y: number, size: number, pitch: number): TextLine[][] {
  return Array.from({ length: rows }, (_, r) => {
    const top = y + r * pitch;
    const values = rights.map((right) => {
      const text = String(int(rng, 10, 99_999));
      return chunk(text, right - text.length * size * 0.55, right, top, size);
    });
    return [chunk("Label", 40, 40 + size * 3, top, size), ...values];
  });
}

/** The table model detection would deliver over `lines` (only its box and rows matter here). */
function tableOver(lines: TextLine[][]): TableModel {
  const box = boxUnion(lines.flat().map((c) => c.box))!;
  const cells = lines.flatMap((chunks, row) => chunks.map((c, col) => ({ row, col, rowSpan: 1, colSpan: 1, text: c.text, box: c.box })));
  return {
    box,
    nRows: lines.length,
    nCols: Math.max(...lines.map((l) => l.length)),
    cells,
    headerRows: 0,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

function draw(seed: number, shifted: boolean) {
  const rng = seededRng(seed);
  const size = int(rng, 7, 11);
  const pitch = size * (1.1 + rng() * 0.3);
  const cols = int(rng, 2, 5);
  const first = 150 + int(rng, 0, 60);
  const width = size * (4 + rng() * 3);
  const rights = Array.from({ length: cols }, (_, c) => first + c * width);
  // A table of its own sets its columns at least half an em away from the upper table's.
  const shift = size * (0.5 + rng() * 3) * (rng() < 0.5 ? -1 : 1);
  const lowerRights = shifted ? rights.map((r) => r + shift) : rights;
  const above = int(rng, 3, 8);
  const below = int(rng, 2, 8);
  const blank = pitch * (1.7 + rng() * 1.3);
  const upper = part(rng, rights, above, 100, size, pitch);
  const lower = part(rng, lowerRights, below, 100 + (above - 1) * pitch + blank, size, pitch);
  return { lines: [...upper, ...lower], above };
}

test("generated: two parts under a blank line, each with its own columns, are doubted as one table", () => {
  for (let seed = 1; seed <= 60; seed++) {
    const { lines, above } = draw(seed, true);
    const table = tableOver(lines);
    markPossibleMerges([table], lines, HERE);
    assert.equal(table.disputed, true, `seed ${seed}`);
    assert.equal(table.structureDoubt, "merge", `seed ${seed}`);
    // The cut the review page offers: the lower part's first row.
    assert.equal(table.mayStartAt, above, `seed ${seed}`);
  }
});

test("generated: row groups under a blank line keep the table's columns and are not doubted", () => {
  for (let seed = 1; seed <= 60; seed++) {
    const { lines } = draw(seed, false);
    const table = tableOver(lines);
    markPossibleMerges([table], lines, HERE);
    assert.equal(table.disputed, false, `seed ${seed}`);
    assert.equal(table.mayStartAt, undefined, `seed ${seed}`);
  }
});

test("no blank line, or one line of values under it: no doubt", () => {
  const rng = seededRng(7);
  const tight = [...part(rng, [200, 260], 4, 100, 10, 12), ...part(rng, [230, 290], 3, 148, 10, 12)];
  const one = tableOver(tight);
  markPossibleMerges([one], tight, HERE);
  assert.equal(one.disputed, false);
  // A total set on its own under a blank, in its own place.
  const total = [...part(rng, [200, 260], 4, 100, 10, 12), ...part(rng, [230, 290], 1, 160, 10, 12)];
  const two = tableOver(total);
  markPossibleMerges([two], total, HERE);
  assert.equal(two.disputed, false);
});

test("a line of years naming the lower part's columns does not put it in the upper part's columns", () => {
  const rng = seededRng(11);
  const upper = part(rng, [200, 260], 4, 100, 10, 12);
  const years = [chunk("Sector", 40, 70, 160, 10), chunk("2008", 238, 260, 160, 10), chunk("2009", 298, 320, 160, 10)];
  // 2009 ends 0 pt from nothing above, 2008 on the upper table's second column's edge.
  const lower = part(rng, [230, 290], 3, 172, 10, 12);
  const lines = [...upper, [years[0]!, chunk("2008", 238, 260, 160, 10), years[2]!], ...lower];
  const table = tableOver(lines);
  markPossibleMerges([table], lines, HERE);
  assert.equal(table.disputed, true);
});

test("generated family stacked-typed-tables read as one table: each joined draw whose parts set their own columns is disputed", async () => {
  const family = FAMILIES.find((f) => f.name === "stacked-typed-tables")!;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "merge-doubt-"));
  // Detection made to join across any gap: each draw comes out as one region.
  const joining = { ...SETTINGS, regionGapEm: 12, sectionGapEm: 12 } as unknown as Settings;
  let joined = 0;
  let disputed = 0;
  try {
    for (let seed = 21; seed <= 40; seed++) {
      const doc = await generateDocument(family, 0, seed);
      const { result } = await readDrawWithoutOcr(doc, root, joining);
      if (result.tables.length !== 1) continue;
      const truth = doc.tables;
      // Parts that set their own columns: the right edges of the two header lines' last names differ.
      const lastRight = (t: (typeof truth)[number]) => Math.max(...t.cells.filter((c) => c.row === 0 && c.box).map((c) => c.box[2]));
      const size = Math.min(...truth[0]!.cells.filter((c) => c.box).map((c) => c.box[3] - c.box[1]));
      if (Math.abs(lastRight(truth[0]!) - lastRight(truth[1]!)) < size) continue;
      joined++;
      if (result.tables[0]!.layout_disputed === true) disputed++;
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  assert.ok(joined >= 5, `only ${joined} draws joined with their own columns: the test reads too few`);
  assert.equal(disputed, joined);
});
