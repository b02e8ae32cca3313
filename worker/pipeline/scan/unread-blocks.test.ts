// Ink a scan's first reading left unread: a generated levelled page (white paper, black toner) with
// a word the reading found, a column of numbers it dropped (as Tesseract's layout analysis drops a
// sparse table's value columns), a table ruling and a frame, and scattered noise. Only the dropped
// numbers come back as pieces to read again, one per number, each covering its ink.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { isDroppedBlock, unreadInkPieces, wordsFromPieces, wordsOfDroppedBlocks } from "./unread-blocks";

const SCALE = 300 / 72;
function page(): PageRender {
  const width = Math.round(300 * SCALE);
  const height = Math.round(200 * SCALE);
  return {
    pageNumber: 1,
    widthPt: 300,
    heightPt: 200,
    dpi: 300,
    scale: SCALE,
    width,
    height,
    rgba: new Uint8Array(width * height * 4).fill(255),
    textSizePt: null,
  };
}
function paint(render: PageRender, box: BBox, level = 0): void {
  for (let y = Math.round(box[1] * SCALE); y < Math.round(box[3] * SCALE); y++) {
    for (let x = Math.round(box[0] * SCALE); x < Math.round(box[2] * SCALE); x++) {
      const i = (y * render.width + x) * 4;
      render.rgba[i] = render.rgba[i + 1] = render.rgba[i + 2] = level;
    }
  }
}
/** Glyph-like strokes (0.8 pt wide, 0.7 pt apart) filling a word's box. */
function word(render: PageRender, box: BBox): void {
  for (let x = box[0]; x + 0.8 <= box[2]; x += 1.5) paint(render, [x, box[1], x + 0.8, box[3]]);
}

const READ: BBox = [20, 20, 60, 28];
const DROPPED: BBox[] = [
  [150, 40, 166, 47],
  [150, 60, 163, 67],
  [148, 80, 166, 87],
];

test("the numbers the reading dropped come back as pieces; the word it read, rulings and noise do not", () => {
  const render = page();
  word(render, READ);
  for (const box of DROPPED) word(render, box);
  paint(render, [10, 100, 290, 100.8]); // a ruling across the page
  paint(render, [100, 10, 100.8, 190]); // a column ruling
  const random = seededRng(4);
  for (let k = 0; k < 300; k++) {
    const x = 5 + random() * 290;
    const y = 110 + random() * 85;
    paint(render, [x, y, x + 0.3, y + 0.3]); // specks of a pixel or so
  }
  const pieces = unreadInkPieces(render, [{ bbox: READ }]);
  assert.equal(pieces.length, DROPPED.length, JSON.stringify(pieces));
  for (const box of DROPPED) {
    assert.ok(
      pieces.some((p) => p[0] <= box[0] && p[1] <= box[1] && p[2] >= box[2] && p[3] >= box[3]),
      `a piece covers ${box}`,
    );
  }
  // Everything read: nothing left.
  assert.deepEqual(unreadInkPieces(render, [{ bbox: READ }, ...DROPPED.map((bbox) => ({ bbox }))]), []);
});

test("words read in the pieces: unsure ones and ones over a word already read are left out", () => {
  const read = [
    { text: "46.8", bbox: DROPPED[0]!, confidence: 0.93 },
    { text: "~~", bbox: DROPPED[1]!, confidence: 0.2 },
    { text: "Area", bbox: READ, confidence: 0.95 },
  ];
  assert.deepEqual(
    wordsFromPieces(read, [{ bbox: READ }]).map((w) => w.text),
    ["46.8"],
  );
});

test("the pieces' words join the reading only when the layout analysis dropped a block", () => {
  assert.equal(isDroppedBlock(30, 36), true);
  assert.equal(isDroppedBlock(37, 0), true);
  assert.equal(isDroppedBlock(14, 114), false);
  assert.equal(isDroppedBlock(0, 0), false);
});

test("a word two padded pieces both held is kept once, the surer reading", () => {
  const box: BBox = [150, 40, 166, 47];
  const out = wordsFromPieces(
    [
      { text: "46.8", bbox: box, confidence: 0.7 },
      { text: "46.8%", bbox: [149.5, 40, 167, 47], confidence: 0.9 },
    ],
    [],
  );
  assert.deepEqual(
    out.map((w) => w.text),
    ["46.8%"],
  );
});

/** A left-aligned column of `rows` names at a row pitch of `pitch` points, 7 pt tall boxes. */
function column(rows: number, pitch: number, left = 60, top = 120): Array<{ text: string; bbox: BBox; confidence: number }> {
  const random = seededRng(rows * 100 + Math.round(pitch));
  return Array.from({ length: rows }, (_, r) => {
    const y = top + r * pitch;
    const words = 1 + Math.floor(random() * 2);
    const out: BBox[] = [];
    let x = left;
    for (let k = 0; k < words; k++) {
      const width = 14 + random() * 24;
      out.push([x, y, x + width, y + 6 + random() * 2]);
      x += width + 2.5; // a word space, within joinGapPt
    }
    return out.map((bbox) => ({ text: "Name", bbox, confidence: 0.9 }));
  }).flat();
}

test("below the share, a dropped column of three lines or more joins the reading; scattered words do not", () => {
  // A stub column the layout analysis dropped beside the 120 values it read, at row
  // pitches from tight (9 pt) to double-spaced (16 pt) tables.
  for (const pitch of [9, 12, 13.5, 16]) {
    for (const rows of [3, 6, 12]) {
      const words = column(rows, pitch);
      assert.equal(isDroppedBlock(words.length, 120), false);
      assert.equal(wordsOfDroppedBlocks(words).length, words.length, `${rows} rows at ${pitch} pt`);
    }
  }
  // Two lines are no column: marks, a superscript and its word, a heading.
  assert.deepEqual(wordsOfDroppedBlocks(column(2, 12)), []);
  // A chart's axis labels, one above the other 24 pt apart, and marks scattered over a page.
  assert.deepEqual(wordsOfDroppedBlocks(column(6, 24)), []);
  const random = seededRng(9);
  const scattered = Array.from({ length: 12 }, () => {
    const x = 40 + random() * 400;
    const y = 40 + random() * 600;
    return { text: "a", bbox: [x, y, x + 5, y + 6] as BBox, confidence: 0.9 };
  });
  assert.deepEqual(wordsOfDroppedBlocks(scattered), []);
  // Beside a column, the scattered marks stay out and the column comes in.
  const both = [...column(6, 12), ...scattered.filter((w) => w.bbox[0] > 150)];
  assert.equal(wordsOfDroppedBlocks(both).length, column(6, 12).length);
});

test("numbers the reading dropped from shaded rows and a dark header band come back; the bands alone do not", () => {
  for (const band of [130, 170, 215]) {
    const render = page();
    word(render, READ);
    // Three shaded rows across the page (zebra), one with no text in it; a dropped number in two.
    paint(render, [10, 38, 290, 49], band);
    paint(render, [10, 58, 290, 69], band);
    paint(render, [10, 98, 290, 109], band);
    word(render, DROPPED[0]!);
    word(render, DROPPED[1]!);
    const pieces = unreadInkPieces(render, [{ bbox: READ }]);
    for (const box of DROPPED.slice(0, 2)) {
      assert.ok(
        pieces.some((p) => p[0] <= box[0] && p[1] <= box[1] && p[2] >= box[2] && p[3] >= box[3]),
        `band ${band}: a piece covers ${box} (${JSON.stringify(pieces)})`,
      );
    }
    assert.equal(pieces.length, 2, `band ${band}: ${JSON.stringify(pieces)}`);
  }
});

test("a line under a word whose box reaches near it is read again; a mark or glyph edge beside the word is not", () => {
  const render = page();
  // The word read, its box bloated by a band's noise down to y 36 (the ink ends at 28)...
  const bloated: BBox = [20, 20, 60, 36];
  word(render, [20, 20, 60, 28]);
  // ...a line of its own 2 pt under that box (a shaded row the reading dropped)...
  const nextLine: BBox = [20, 38, 58, 46];
  word(render, nextLine);
  // ...and, 2 pt beside the box, a mark 3 pt tall (a footnote sign the box left out).
  word(render, [62, 21, 64, 24]);
  const pieces = unreadInkPieces(render, [{ bbox: bloated }]);
  assert.equal(pieces.length, 1, JSON.stringify(pieces));
  assert.ok(pieces[0]![1] <= nextLine[1] && pieces[0]![3] >= nextLine[3] && pieces[0]![0] <= nextLine[0], JSON.stringify(pieces));
});
