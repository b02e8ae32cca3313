// The levels a scan is read with: generated pages made to look scanned by the eval's own recipe
// (toned paper and toner, blur, sensor noise; worker/cli/eval/realistic-scans.ts), from a sparse
// page (one small table, ink on ~0.2% of the page) to a dense one (~8%). On every one the paper's
// grain must come out white (Tesseract's page layout analysis took a sparse page's table for an
// image while half its grain stayed grey) and the toner black.
import { test } from "node:test";
import assert from "node:assert/strict";
import { degradePage } from "../../cli/eval/realistic-scans";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { stretchLevels } from "./prepare-scan";

const WIDTH = 1240;
const HEIGHT = 1754;

/** A white page with `glyphs` dark strokes (4 x 20 px, a stroke of a 10 pt glyph at 150 dpi)
 * in rows, and the mask of where they are. */
function page(glyphs: number, random: () => number): { grey: Uint8Array; ink: Uint8Array } {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const ink = new Uint8Array(WIDTH * HEIGHT);
  const perRow = 120;
  for (let g = 0; g < glyphs; g++) {
    const x0 = 100 + (g % perRow) * 8 + Math.floor(random() * 2);
    const y0 = 150 + Math.floor(g / perRow) * 30;
    for (let y = y0; y < y0 + 20 && y < HEIGHT; y++) {
      for (let x = x0; x < x0 + 4 && x < WIDTH; x++) {
        grey[y * WIDTH + x] = 0;
        ink[y * WIDTH + x] = 1;
      }
    }
  }
  return { grey, ink };
}

/** Shares of the paper far from any stroke that come out pure white, and of stroke cores (away
 * from their blurred edges) that come out at most `blackAtMost`. */
function levelsOf(stretched: Uint8Array, ink: Uint8Array, blackAtMost: number): { paperWhite: number; inkBlack: number } {
  let paper = 0;
  let white = 0;
  let core = 0;
  let black = 0;
  for (let y = 2; y < HEIGHT - 2; y += 1) {
    for (let x = 2; x < WIDTH - 2; x += 1) {
      const i = y * WIDTH + x;
      const near = ink[i] || ink[i - 2] || ink[i + 2] || ink[i - 2 * WIDTH] || ink[i + 2 * WIDTH];
      const inside = ink[i] && ink[i - 1] && ink[i + 1] && ink[i - WIDTH] && ink[i + WIDTH];
      if (!near) {
        paper += 1;
        if (stretched[i] === 255) white += 1;
      } else if (inside) {
        core += 1;
        if (stretched[i]! <= blackAtMost) black += 1;
      }
    }
  }
  return { paperWhite: white / paper, inkBlack: black / core };
}

test("on scanned pages from sparse to dense the paper's grain comes out white and the toner black", () => {
  const random = seededRng(6);
  // 60 strokes: a few words; 600: a small table (~0.3% of the page); 6,000: a dense page (~3%).
  for (const glyphs of [60, 600, 2000, 6000]) {
    const drawn = page(glyphs, random);
    const scanned = degradePage(drawn.grey, WIDTH, HEIGHT, random, 0);
    const { paperWhite, inkBlack } = levelsOf(stretchLevels(scanned, WIDTH, HEIGHT), drawn.ink, 64);
    assert.ok(paperWhite >= 0.99, `${glyphs} strokes: ${(paperWhite * 100).toFixed(1)}% of the paper white`);
    assert.ok(inkBlack >= 0.95, `${glyphs} strokes: ${(inkBlack * 100).toFixed(1)}% of the toner black`);
  }
});

test("a page with a shaded cell keeps its levels as stretched (the shading does not stand out on white paper); without one the grain goes white", () => {
  const random = seededRng(8);
  for (const glyphs of [600, 3000]) {
    const drawn = page(glyphs, random);
    // One shaded cell, 60 x 15 pt at 150 dpi (125 x 31 px), tinted 35 levels below white.
    const shaded = Uint8Array.from(drawn.grey);
    for (let y = 1200; y < 1231; y++) for (let x = 300; x < 425; x++) shaded[y * WIDTH + x] = 220;
    const plain = stretchLevels(degradePage(drawn.grey, WIDTH, HEIGHT, random, 0), WIDTH, HEIGHT);
    const tinted = stretchLevels(degradePage(shaded, WIDTH, HEIGHT, random, 0), WIDTH, HEIGHT);
    assert.ok(levelsOf(plain, drawn.ink, 64).paperWhite >= 0.99, `${glyphs} strokes, no shading: grain white`);
    const tintedWhite = levelsOf(tinted, drawn.ink, 64).paperWhite;
    assert.ok(
      tintedWhite < 0.9,
      `${glyphs} strokes and a shaded cell: levels as stretched (${(tintedWhite * 100).toFixed(1)}% of the paper white)`,
    );
  }
});
