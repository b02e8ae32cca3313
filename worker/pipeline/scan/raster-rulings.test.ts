// Raster rulings on generated ruled tables as a scanner delivers them: a filled (shaded) header
// row the vertical rulings start in, horizontal rulings drawn as a cell border per cell (pieces a
// pixel apart), sensor noise. Every ruling must come back once, over its length; the fill must not.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { PageRender } from "../render/render-page";
import type { Ruling } from "../types";
import { renderToRulings } from "./raster-rulings";
import { RASTER_RULINGS } from "./settings";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { noisyGreyRender } from "../../../tests/pdf/grey-page";

interface DrawnTable {
  render: PageRender;
  /** Where the rulings are, points. */
  columns: number[];
  rows: number[];
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** A ruled table of `cols` columns and `rowCount` body rows under a dark header fill, at `scale`
 * pixels a point, with Gaussian-ish noise of `noise` grey levels. */
function drawTable(random: () => number, scale: number, noise: number, splitBorders: boolean): DrawnTable {
  const widthPt = 400;
  const heightPt = 420;
  const width = Math.round(widthPt * scale);
  const height = Math.round(heightPt * scale);
  const grey = new Uint8Array(width * height).fill(235);
  const fill = (x0: number, y0: number, x1: number, y1: number, level: number) => {
    for (let y = Math.max(0, Math.round(y0 * scale)); y < Math.min(height, Math.round(y1 * scale)); y++) {
      for (let x = Math.max(0, Math.round(x0 * scale)); x < Math.min(width, Math.round(x1 * scale)); x++) grey[y * width + x] = level;
    }
  };
  const cols = 3 + Math.floor(random() * 4);
  const rowCount = 6 + Math.floor(random() * 12);
  const left = 30 + random() * 20;
  const right = widthPt - 30 - random() * 20;
  const top = 40 + random() * 30;
  const headerPt = 14 + random() * 14;
  const rowPt = 11 + random() * 6;
  const bottom = top + headerPt + rowCount * rowPt;
  const lineHalf = (0.6 + random() * 0.6) / scale; // 1.2 - 2.4 px wide lines
  const columns = Array.from({ length: cols + 1 }, (_, c) => left + ((right - left) * c) / cols);
  const rows = Array.from({ length: rowCount + 1 }, (_, r) => top + headerPt + r * rowPt);
  fill(left, top, right, top + headerPt, 70 + Math.floor(random() * 50)); // the shaded header
  for (const x of columns) fill(x - lineHalf, top, x + lineHalf, bottom, 40);
  for (const y of rows) {
    if (!splitBorders) fill(left, y - lineHalf, right, y + lineHalf, 40);
    // One border per cell, each a pixel off its neighbour's, as some producers draw them.
    else
      for (let c = 0; c < cols; c++)
        fill(columns[c]!, y - lineHalf + ((c % 2) * 1) / scale, columns[c + 1]!, y + lineHalf + ((c % 2) * 1) / scale, 40);
  }
  const render = noisyGreyRender(grey, { widthPt, heightPt, width, height, scale }, noise, random);
  return { render, columns, rows, top, bottom, left, right };
}

const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

test("every vertical ruling of a table with a filled header is found, over the body, once", () => {
  for (let seed = 1; seed <= 12; seed++) {
    const random = seededRng(seed);
    const scale = [2, 200 / 72, 300 / 72][seed % 3]!;
    const table = drawTable(random, scale, 8, false);
    const found = renderToRulings(table.render).filter((r) => r.orientation === "v");
    for (const x of table.columns) {
      const at = found.filter((r) => near(r.pos, x, 1));
      assert.equal(at.length, 1, `seed ${seed}: vertical ruling at ${x.toFixed(1)} found ${at.length} times`);
      // From the header's bottom (at most) to the table's bottom.
      assert.ok(at[0]!.start <= table.rows[0]! + 1 && near(at[0]!.end, table.bottom, 1.5), `seed ${seed}: ${JSON.stringify(at[0])}`);
    }
    assert.equal(found.length, table.columns.length, `seed ${seed}: no other vertical rulings (${found.length})`);
  }
});

test("horizontal rulings drawn as one border per cell, a pixel apart, are one ruling each", () => {
  for (let seed = 20; seed <= 28; seed++) {
    const random = seededRng(seed);
    const scale = [2, 200 / 72, 300 / 72][seed % 3]!;
    const table = drawTable(random, scale, 8, true);
    const found: Ruling[] = renderToRulings(table.render).filter((r) => r.orientation === "h");
    // The first ruling is the header fill's bottom edge, where line and fill are one band of ink.
    const body = table.rows.slice(1);
    for (const y of body) {
      const at = found.filter((r) => near(r.pos, y, 1.5));
      assert.equal(
        at.length,
        1,
        `seed ${seed}: horizontal ruling at ${y.toFixed(1)} found ${at.length} times ${JSON.stringify(at)} ${scale}`,
      );
      assert.ok(near(at[0]!.start, table.left, 1.5) && near(at[0]!.end, table.right, 1.5), `seed ${seed}: ${JSON.stringify(at[0])}`);
    }
    // The filled header is no ruling.
    assert.equal(found.filter((r) => r.pos < table.rows[0]! - 1.5).length, 0, `seed ${seed}: a ruling inside the header`);
    assert.ok(found.length <= table.rows.length, `seed ${seed}: ${found.length} horizontal rulings for ${table.rows.length}`);
  }
});

/** Lines of blurred digits ("0"-like rings, 0.6-1 pt strokes, 0.1-0.13 em apart: a digit's two
 * side bearings) on a scanned page
 * at `scale`, a ruling under some of them 1-3 pt below their feet, noise. Returns
 * the render, the lines' boxes and the rulings' heights (points). */
function drawDigitLines(random: () => number, scale: number, noise: number) {
  const widthPt = 420;
  const heightPt = 300;
  const width = Math.round(widthPt * scale);
  const height = Math.round(heightPt * scale);
  const grey = new Float32Array(width * height).fill(235);
  const ink = (xPt: number, yPt: number) => {
    const x = Math.round(xPt * scale);
    const y = Math.round(yPt * scale);
    if (x >= 0 && x < width && y >= 0 && y < height) grey[y * width + x] = 30;
  };
  const lines: Array<[number, number, number, number]> = [];
  const rulings: number[] = [];
  for (let top = 20; top < heightPt - 30; top += 14 + random() * 8) {
    const size = 7 + random() * 3; // point size: digits ~0.7 em tall, ~0.55 em wide
    const h = 0.7 * size;
    const w = 0.5 * size;
    const stroke = 0.6 + random() * 0.4;
    const gap = (0.1 + random() * 0.03) * size;
    const count = 4 + Math.floor(random() * 12);
    const left = 20 + random() * 100;
    for (let c = 0; c < count; c++) {
      const cx = left + c * (w + gap) + w / 2;
      const cy = top + h / 2;
      // A ring: every pixel whose distance from the ellipse is within the stroke's half width.
      for (let y = top - 1; y <= top + h + 1; y += 0.5 / scale) {
        for (let x = cx - w / 2 - 1; x <= cx + w / 2 + 1; x += 0.5 / scale) {
          const r = Math.hypot((x - cx) / (w / 2), (y - cy) / (h / 2));
          if ((Math.abs(r - 1) * Math.min(w, h)) / 2 <= stroke / 2) ink(x, y);
        }
      }
    }
    const right = left + count * (w + gap);
    lines.push([left, top, right, top + h]);
    if (random() < 0.4) {
      // A ruling under the line, 1-3 pt below its feet, wider than it.
      const y = top + h + 1 + random() * 2;
      for (let x = left - 10; x <= right + 10; x += 0.5 / scale) for (let t = -0.35; t <= 0.35; t += 0.5 / scale) ink(x, y + t);
      rulings.push(y);
    }
  }
  // The scanner's slight blur (one pass of [1 2 1] / 4 each way, as the eval's realistic scans).
  const blurred = new Float32Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (xx: number) => grey[y * width + Math.max(0, Math.min(width - 1, xx))]!;
      blurred[y * width + x] = (at(x - 1) + 2 * at(x) + at(x + 1)) / 4;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (yy: number) => blurred[Math.max(0, Math.min(height - 1, yy)) * width + x]!;
      grey[y * width + x] = (at(y - 1) + 2 * at(y) + at(y + 1)) / 4;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < grey.length; i++) {
    const v = Math.max(0, Math.min(255, Math.round(grey[i]! + (random() + random() + random() - 1.5) * 2 * noise)));
    rgba.fill(v, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  const render: PageRender = { pageNumber: 1, widthPt, heightPt, dpi: scale * 72, scale, width, height, rgba, textSizePt: null };
  return { render, lines, rulings };
}

test("the blurred feet and tops of a line of digits are no ruling; a ruling under the line is", () => {
  let textRuns = 0;
  for (let seed = 40; seed <= 47; seed++) {
    const random = seededRng(seed);
    const scale = [200 / 72, 300 / 72][seed % 2]!;
    const page = drawDigitLines(random, scale, 8);
    const found = renderToRulings(page.render).filter((r) => r.orientation === "h");
    for (const y of page.rulings)
      assert.equal(found.filter((r) => near(r.pos, y, 1)).length, 1, `seed ${seed}: the ruling at ${y.toFixed(1)}`);
    const inside = found.filter((r) => !page.rulings.some((y) => near(r.pos, y, 1)));
    assert.deepEqual(inside, [], `seed ${seed}: rulings inside lines of digits`);
    // Without the glyph-bottom test, the same pages give rulings inside the lines (the test can fail).
    const unchecked = renderToRulings(page.render, { ...RASTER_RULINGS, textThinShare: 0, textGapShare: 1 }).filter(
      (r) => r.orientation === "h",
    );
    textRuns += unchecked.filter((r) => !page.rulings.some((y) => near(r.pos, y, 1))).length;
  }
  assert.ok(textRuns >= 8, `the drawn digits do run together (${textRuns} runs without the test)`);
});

test("a page image is searched once: the same rulings again, as a copy the caller may change", () => {
  const table = drawTable(seededRng(3), 300 / 72, 8, false);
  const first = renderToRulings(table.render);
  first.splice(0, first.length);
  const again = renderToRulings(table.render);
  assert.ok(again.length > 0);
  assert.deepEqual(again, renderToRulings(table.render, { ...RASTER_RULINGS }));
});
