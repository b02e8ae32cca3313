// Tinted table cells on a noisy scan: generated pages with paper, cells tinted at several greys
// holding dark strokes (glyphs), and a dark header bar holding light strokes. The tint must come
// out at the paper's level with the strokes still dark; paper and the dark bar must not change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { flattenBackground } from "./flatten-background";
import { SCAN_PREP_SETTINGS } from "./settings";
import { seededRng } from "../../../tests/pdf/corpus/content";

test("tinted cells are lifted to the paper's level, their text stays dark, paper and dark fills are untouched", () => {
  for (let seed = 1; seed <= 6; seed++) {
    const random = seededRng(seed);
    const width = 600;
    const height = 400;
    const paper = 225 + Math.floor(random() * 20);
    const tint = 180 + Math.floor(random() * 40);
    const noise = () => (random() + random() + random() - 1.5) * 16;
    const kind = new Uint8Array(width * height); // 0 paper, 1 tint, 2 stroke in tint, 3 dark bar, 4 stroke in bar
    const inRect = (x: number, y: number, r: number[]) => x >= r[0]! && x < r[2]! && y >= r[1]! && y < r[3]!;
    const tinted = [60, 120, 400, 300];
    const bar = [60, 40, 400, 100];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        // Glyph strokes: 3 px wide, 24 px tall, every 10 px along text lines every 40 px.
        const stroke = x % 10 < 3 && y % 40 >= 8 && y % 40 < 32;
        if (inRect(x, y, tinted)) kind[i] = stroke && x > tinted[0]! + 20 && x < tinted[2]! - 20 ? 2 : 1;
        else if (inRect(x, y, bar)) kind[i] = stroke && y > 50 && y < 90 ? 4 : 3;
      }
    }
    const level = [paper, tint, 40, 100, 230];
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, Math.round(level[kind[i]!]! + noise())));
    // 300 dpi: the settings' window in pixels.
    const window = Math.round(SCAN_PREP_SETTINGS.backgroundWindowPt * (300 / 72));
    const flat = flattenBackground(
      grey,
      width,
      height,
      window,
      SCAN_PREP_SETTINGS.backgroundAtLeast,
      SCAN_PREP_SETTINGS.backgroundPaperMargin,
    );
    const mean = (k: number, inner = (_x: number, _y: number) => true) => {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < flat.length; i++) {
        if (kind[i] === k && inner(i % width, (i / width) | 0)) {
          sum += flat[i]!;
          n++;
        }
      }
      return sum / n;
    };
    for (let i = 0; i < grey.length; i++) {
      const x = i % width;
      const y = (i / width) | 0;
      // Paper away from the tinted cell and bar (their edges' blocks mix in darker means).
      if (kind[i] === 0 && (x > 420 || y > 320)) assert.equal(flat[i], grey[i], `seed ${seed}: paper changed at ${x},${y}`);
      // The dark bar, more than a window inside its edges (within ~22 px of its edges the paper is within reach).
      const insideBar = x > bar[0]! + 22 && x < bar[2]! - 22 && y > bar[1]! + 22 && y < bar[3]! - 22;
      if ((kind[i] === 3 || kind[i] === 4) && insideBar) assert.equal(flat[i], grey[i], `seed ${seed}: dark bar changed at ${x},${y}`);
    }
    const awayFromEdges = (x: number, y: number) =>
      x > tinted[0]! + 15 && x < tinted[2]! - 15 && y > tinted[1]! + 15 && y < tinted[3]! - 15;
    const lifted = mean(1, awayFromEdges);
    assert.ok(Math.abs(lifted - paper) <= 8, `seed ${seed}: tint ${tint} came out at ${lifted.toFixed(1)}, paper ${paper}`);
    assert.ok(mean(2) < 80, `seed ${seed}: strokes in the tint came out at ${mean(2).toFixed(1)}`);
  }
});
