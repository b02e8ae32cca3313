// Raster rulings on generated ruled tables as a scanner delivers them: a filled (shaded) header
// row the vertical rulings start in, horizontal rulings drawn as a cell border per cell (pieces a
// pixel apart), sensor noise. Every ruling must come back once, over its length; the fill must not.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { PageRender } from "../render/render-page";
import type { Ruling } from "../types";
import { renderToRulings } from "./raster-rulings";
import { seededRng } from "../../../tests/pdf/corpus/content";

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
    else for (let c = 0; c < cols; c++) fill(columns[c]!, y - lineHalf + ((c % 2) * 1) / scale, columns[c + 1]!, y + lineHalf + ((c % 2) * 1) / scale, 40);
  }
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(grey[i]! + (random() + random() + random() - 1.5) * 2 * noise)));
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < grey.length; i++) rgba.fill(grey[i]!, i * 4, i * 4 + 3), (rgba[i * 4 + 3] = 255);
  const render: PageRender = { pageNumber: 1, widthPt, heightPt, dpi: scale * 72, scale, width, height, rgba, textSizePt: null };
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
      assert.equal(at.length, 1, `seed ${seed}: horizontal ruling at ${y.toFixed(1)} found ${at.length} times ${JSON.stringify(at)} ${scale}`);
      assert.ok(near(at[0]!.start, table.left, 1.5) && near(at[0]!.end, table.right, 1.5), `seed ${seed}: ${JSON.stringify(at[0])}`);
    }
    // The filled header is no ruling.
    assert.equal(found.filter((r) => r.pos < table.rows[0]! - 1.5).length, 0, `seed ${seed}: a ruling inside the header`);
    assert.ok(found.length <= table.rows.length, `seed ${seed}: ${found.length} horizontal rulings for ${table.rows.length}`);
  }
});
