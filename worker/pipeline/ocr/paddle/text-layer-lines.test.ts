// Line crops from the text layer (text-layer-lines.ts) and the check for ink outside them
// (unexplained-ink.ts), on generated layouts: rows of words at varied sizes and gaps, ruled grids
// of varied pitch and thickness, and the ink a lying text layer leaves outside its own words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { textLayerLineBoxes } from "./text-layer-lines";
import { unexplainedInkPixels, type UnexplainedInkOptions } from "./unexplained-ink";
import { OCR_SETTINGS } from "../settings";
import type { Word } from "../../types";
import type { BBox } from "../../../../lib/result/schema";

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const word = (text: string, x: number, top: number, width: number, size: number, dir: Word["dir"] = 0): Word => ({
  text,
  box: [x, top, x + width, top + size],
  size,
  font: "Helvetica",
  bold: false,
  dir,
});

const inside = (inner: BBox, outer: BBox) => inner.every((v, i) => (i < 2 ? v >= outer[i]! - 1e-9 : v <= outer[i]! + 1e-9));

test("generated rows: words a gap of at most joinGapEm apart share a crop, wider gutters split, every word in exactly one", () => {
  const settings = OCR_SETTINGS.textLayerLines;
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = random(seed);
    const words: Word[] = [];
    const expectedRuns: number[] = [];
    let top = 40;
    for (let row = 0; row < 3 + Math.floor(rnd() * 5); row++) {
      const size = 6 + rnd() * 10;
      let x = 30 + rnd() * 20;
      let runs = 1;
      const count = 1 + Math.floor(rnd() * 6);
      for (let i = 0; i < count; i++) {
        // A baseline jitter of up to a tenth of the size (mixed fonts on one line).
        words.push(word(`w${row}-${i}`, x, top + (rnd() - 0.5) * 0.2 * size, size * (1 + rnd() * 4), size));
        const last = words[words.length - 1]!;
        const wide = rnd() < 0.4;
        if (i < count - 1 && wide) runs++;
        x = last.box[2] + (wide ? (settings.joinGapEm + 0.3 + rnd() * 3) * size : rnd() * (settings.joinGapEm - 0.2) * size);
      }
      expectedRuns.push(runs);
      top += size * (1.3 + rnd());
    }
    const crops = textLayerLineBoxes(
      [...words].sort(() => rnd() - 0.5),
      settings,
    );
    assert.equal(
      crops.length,
      expectedRuns.reduce((a, b) => a + b, 0),
      `seed ${seed}`,
    );
    for (const w of words) {
      const holding = crops.filter((c) => inside(w.box, c));
      assert.equal(holding.length, 1, `seed ${seed}: ${w.text} in ${holding.length} crops`);
      const crop = holding[0]!;
      const h = crop[3] - crop[1];
      // Padded on every side, by the settings' share of the line's height.
      assert.ok(crop[0] < w.box[0] || crop[2] > w.box[2], `seed ${seed}`);
      assert.ok(h > w.size, `seed ${seed}`);
    }
  }
});

test("a raised footnote mark stays on its line; words set in another direction get no crop", () => {
  const settings = OCR_SETTINGS.textLayerLines;
  const crops = textLayerLineBoxes(
    [word("Revenue", 50, 100, 40, 10), word("1", 91, 97, 3, 6), word("2023", 200, 100, 20, 10), word("Standing", 300, 80, 10, 40, 90)],
    settings,
  );
  assert.equal(crops.length, 2);
  assert.ok(crops[0]![0] < 50 && crops[0]![2] > 94);
});

const OPTIONS: UnexplainedInkOptions = { inkBelow: OCR_SETTINGS.textLayerLines.inkBelow, lineRun: 28, lineThickness: 4 };

/** A white page with a ruled grid and a glyph-like blob in each cell; the blobs' boxes. */
function ruledPage(rnd: () => number) {
  const thickness = 1 + Math.floor(rnd() * 3);
  const pitchX = 60 + Math.floor(rnd() * 40);
  const pitchY = 20 + Math.floor(rnd() * 10);
  const cols = 5;
  const rows = 15;
  const width = 40 + cols * pitchX;
  const height = 40 + rows * pitchY;
  const grey = new Uint8Array(width * height).fill(255);
  const rule = (x0: number, y0: number, x1: number, y1: number, level = 0) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) grey[y * width + x] = level;
  };
  for (let r = 0; r <= rows; r++) rule(20, 20 + r * pitchY, 20 + cols * pitchX + thickness, 20 + r * pitchY + thickness);
  for (let c = 0; c <= cols; c++) rule(20 + c * pitchX, 20, 20 + c * pitchX + thickness, 20 + rows * pitchY + thickness);
  const covered = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // Inset from the ruling by at least the width of a sign and its space (a cell's padding).
      const x0 = 20 + c * pitchX + thickness + 12 + Math.floor(rnd() * 6);
      const y0 = 20 + r * pitchY + 5;
      const w = 12 + Math.floor(rnd() * (pitchX - 44));
      rule(x0, y0, x0 + w, y0 + 10);
      covered.push({ x0: x0 - 2, y0: y0 - 3, x1: x0 + w + 2, y1: y0 + 13 });
    }
  }
  return { grey, width, height, covered, rule, pitchX, pitchY, thickness };
}

test("generated ruled pages: rulings and their crossings are explained, text inside the crops too", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const page = ruledPage(random(seed));
    assert.equal(unexplainedInkPixels(page.grey, page.width, page.height, page.covered, OPTIONS), 0, `seed ${seed}`);
  }
});

test("generated lies: a minus sign beside a word, a glyph against a ruling or a word with no crop is unexplained", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rnd = random(seed);
    const page = ruledPage(rnd);
    const target = page.covered[Math.floor(rnd() * page.covered.length)]!;
    const kind = seed % 3;
    if (kind === 0) {
      // A minus sign (5 x 2 px at this size) drawn left of a word the text layer gives unsigned,
      // a pixel or two clear of the crop. (One drawn touching a ruling is taken for what is left
      // of a ruling crossing: out of this check's reach.)
      const x = Math.floor(target.x0) - 6 - Math.floor(rnd() * 2);
      page.rule(x, target.y0 + 8, x + 5, target.y0 + 10);
    } else if (kind === 1) {
      // A digit drawn right against the cell's ruling, past the word's crop.
      const x = Math.ceil(target.x1) + 1;
      page.rule(x, target.y0 + 3, x + 4, target.y0 + 13);
    } else {
      // A whole word drawn where the text layer has none: its crop is missing.
      page.covered.splice(page.covered.indexOf(target), 1);
    }
    assert.ok(unexplainedInkPixels(page.grey, page.width, page.height, page.covered, OPTIONS) > 0, `seed ${seed}, kind ${kind}`);
  }
});

test("generated grey text: a word drawn light grey where the text layer has none is unexplained; a zebra tint is paper", () => {
  for (let seed = 1; seed <= 10; seed++) {
    const rnd = random(seed);
    const page = ruledPage(rnd);
    // A zebra row's tint over a whole row of the grid, behind its words: paper.
    const row = 1 + Math.floor(rnd() * 10);
    for (let y = 20 + row * page.pitchY + page.thickness; y < 20 + (row + 1) * page.pitchY; y++) {
      for (let x = 21 + page.thickness; x < page.width - 21; x++)
        if (page.grey[y * page.width + x] === 255) page.grey[y * page.width + x] = 215;
    }
    assert.equal(unexplainedInkPixels(page.grey, page.width, page.height, page.covered, OPTIONS), 0, `seed ${seed}`);
    const target = page.covered.splice(Math.floor(rnd() * page.covered.length), 1)[0]!;
    // Its glyphs drawn mid-grey (the grey text of a form, or a lie made faint), uncovered.
    const level = 120 + Math.floor(rnd() * 70);
    page.rule(Math.ceil(target.x0) + 2, Math.ceil(target.y0) + 3, Math.floor(target.x1) - 2, Math.floor(target.y1) - 3, level);
    assert.ok(unexplainedInkPixels(page.grey, page.width, page.height, page.covered, OPTIONS) > 0, `seed ${seed}, grey ${level}`);
  }
});
