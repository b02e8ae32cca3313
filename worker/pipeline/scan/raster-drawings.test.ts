// Drawn lines on drawn scans: a line chart (axes, a grid, one or two series, tick labels) beside a
// ruled table with a dark header and glyphs in its cells, and a large letter of a heading. The
// chart's plot must come back as one drawing reaching its axes; the table, its fill, its glyphs and
// the letter (24 to 78 pt tall, its word's box around it) never.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { PageRender } from "../render/render-page";
import type { Box } from "../types";
import { renderToDrawings } from "./raster-drawings";
import { renderToRulings } from "./raster-rulings";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { noisyGreyRender } from "../../../tests/pdf/grey-page";

interface DrawnPage {
  render: PageRender;
  words: Array<{ box: Box }>;
  /** The chart's plot (its axes' box), the table's box and the letter's, points. */
  plot: Box;
  table: Box;
  letter: Box;
}

function drawPage(random: () => number, scale: number, noise: number, series: number, radius: number): DrawnPage {
  const [widthPt, heightPt] = [600, 800];
  const width = Math.round(widthPt * scale);
  const height = Math.round(heightPt * scale);
  const grey = new Uint8Array(width * height).fill(250);
  const fill = (x0: number, y0: number, x1: number, y1: number, level: number) => {
    for (let y = Math.max(0, Math.round(y0 * scale)); y < Math.min(height, Math.round(y1 * scale)); y++) {
      for (let x = Math.max(0, Math.round(x0 * scale)); x < Math.min(width, Math.round(x1 * scale)); x++) grey[y * width + x] = level;
    }
  };
  const words: Array<{ box: Box }> = [];
  // A word: glyph blobs a letter's width apart, with its box.
  const word = (x: number, y: number, letters: number, size: number) => {
    for (let k = 0; k < letters; k++) fill(x + k * size * 0.6, y, x + k * size * 0.6 + size * 0.45, y + size * 0.7, 30);
    words.push({ box: [x - 0.5, y - 0.5, x + letters * size * 0.6, y + size * 0.7 + 0.5] });
  };
  // The chart: axes, a grid every step, tick labels left of the y axis, series as polylines.
  const [px0, py0] = [70 + random() * 30, 60 + random() * 30];
  const [px1, py1] = [px0 + 220 + random() * 200, py0 + 150 + random() * 80];
  const step = 20 + random() * 20;
  for (let y = py1; y > py0; y -= step) {
    fill(px0, y - 0.3, px1, y + 0.3, 120);
    word(px0 - 22, y - 3, 3, 8);
  }
  fill(px0 - 0.6, py0, px0 + 0.6, py1, 20);
  fill(px0, py1 - 0.6, px1, py1 + 0.6, 20);
  const stroke = (0.5 + random() * 0.4) / 2;
  // Each series a polyline through a value every 2-8 points (monthly to yearly data), a random
  // walk kept inside the plot.
  for (let s = 0; s < series; s++) {
    const every = 2 + random() * 6;
    let [x, v] = [px0 + 2, py0 + (py1 - py0) * (0.3 + random() * 0.4)];
    while (x < px1 - 2 - every) {
      const next = Math.min(py1 - 4, Math.max(py0 + 4, v + (random() - 0.5) * every * 1.5));
      for (let t = 0; t <= 1; t += 0.1 / every)
        fill(x + t * every - stroke, v + t * (next - v) - stroke, x + t * every + stroke, v + t * (next - v) + stroke, 40);
      [x, v] = [x + every, next];
    }
  }
  // The table: a dark header with white-ish words, a grid of rulings, a word in every cell.
  const [tx0, ty0] = [60 + random() * 40, py1 + 80 + random() * 40];
  const cols = 3 + Math.floor(random() * 3);
  const rows = 5 + Math.floor(random() * 8);
  const [colPt, rowPt] = [80 + random() * 20, 14 + random() * 4];
  const [tx1, ty1] = [tx0 + cols * colPt, ty0 + (rows + 1) * rowPt];
  fill(tx0, ty0, tx1, ty0 + rowPt, 40);
  for (let c = 0; c <= cols; c++) fill(tx0 + c * colPt - 0.5, ty0, tx0 + c * colPt + 0.5, ty1, 30);
  for (let r = 0; r <= rows + 1; r++) fill(tx0, ty0 + r * rowPt - 0.5, tx1, ty0 + r * rowPt + 0.5, 30);
  for (let r = 1; r <= rows; r++)
    for (let c = 0; c < cols; c++) word(tx0 + c * colPt + 4, ty0 + r * rowPt + 4, 2 + Math.floor(random() * 6), 9);
  // A heading's large "O": a ring `radius` round, inside its word's box.
  const [lx, ly] = [480 + random() * 40, 720 + random() * 20];
  for (let a = 0; a < 2 * Math.PI; a += 0.002) {
    const [x, y] = [lx + Math.cos(a) * radius, ly + Math.sin(a) * radius];
    fill(x - 1.5, y - 1.5, x + 1.5, y + 1.5, 20);
  }
  const letter: Box = [lx - radius - 2, ly - radius - 2, lx + radius + 2, ly + radius + 2];
  words.push({ box: letter });
  const render = noisyGreyRender(grey, { widthPt, heightPt, width, height, scale }, noise, random);
  return { render, words, plot: [px0, py0, px1, py1], table: [tx0, ty0, tx1, ty1], letter };
}

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

test("family: a line chart's plot is one drawing reaching its axes; a ruled table, its fill and words, and a large letter are none", () => {
  for (let seed = 1; seed <= 9; seed++) {
    const random = seededRng(seed * 131);
    const scale = [200 / 72, 300 / 72, 150 / 72][seed % 3]!;
    const page = drawPage(random, scale, 6, 1 + (seed % 2), 12 + seed * 3);
    const drawings = renderToDrawings(page.render, renderToRulings(page.render), page.words);
    assert.equal(drawings.length, 1, `seed ${seed}: ${JSON.stringify(drawings)}`);
    const [d] = drawings as [Box];
    const [px0, py0, px1, py1] = page.plot;
    // The axes' corner and the far ends of the series: the plot, give or take a ruling's blur.
    assert.ok(
      d[0] <= px0 + 1.5 && d[3] >= py1 - 1.5 && d[2] >= px1 - 4 && d[1] <= py0 + (py1 - py0) * 0.3,
      `seed ${seed}: ${d} vs ${page.plot}`,
    );
    assert.ok(!overlaps(d, page.table) && !overlaps(d, page.letter), `seed ${seed}: ${d}`);
  }
});

test("the letter's ring is a drawing only when no word covers it", () => {
  const page = drawPage(seededRng(7), 200 / 72, 0, 1, 30);
  const rulings = renderToRulings(page.render);
  const uncovered = page.words.filter((w) => w.box !== page.letter);
  const drawings = renderToDrawings(page.render, rulings, uncovered);
  assert.equal(drawings.filter((d) => overlaps(d, page.letter)).length, 1);
  assert.equal(renderToDrawings(page.render, rulings, page.words).filter((d) => overlaps(d, page.letter)).length, 0);
});
