// The crop mosaic Tesseract reads cell crops and unread pieces from: crops on paper are copied
// pixel for pixel; a crop on a tint (a zebra row, a shaded header) is levelled on its own, so one
// threshold over the whole mosaic finds its text as it finds the others'.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boxesToMosaic, cropWithMargin, lightOnDark, mosaicWordsToPage } from "./crop-mosaic";
import { OCR_SETTINGS } from "./settings";
import { seededRng } from "../../../tests/pdf/corpus/content";

const SCALE = 300 / 72;
const SETTINGS = OCR_SETTINGS.tesseract.crops;
const NEGATIVE = OCR_SETTINGS.legacy.invertLightOnDark!;

/** A page of paper (255) with two text-like blocks: one on paper, one on a tint of `tint`; text
 * strokes at `ink`, sensor noise of a few levels. */
function page(tint: number, ink: number) {
  const width = Math.round(200 * SCALE);
  const height = Math.round(100 * SCALE);
  const grey = new Uint8Array(width * height).fill(255);
  const random = seededRng(tint);
  const fill = (x0: number, y0: number, x1: number, y1: number, level: number) => {
    for (let y = Math.round(y0 * SCALE); y < Math.round(y1 * SCALE); y++)
      for (let x = Math.round(x0 * SCALE); x < Math.round(x1 * SCALE); x++) grey[y * width + x] = level;
  };
  fill(100, 0, 200, 100, tint); // the tinted half
  for (const left of [20, 120]) for (let x = left; x < left + 50; x += 3) fill(x, 40, x + 1, 48, ink); // strokes
  for (let i = 0; i < grey.length; i++) grey[i] = Math.max(0, Math.min(255, grey[i]! + Math.round((random() - 0.5) * 6)));
  return { grey, width, height };
}

test("a crop on paper is copied as it is; a crop on a tint is levelled to white paper and black ink", () => {
  for (const tint of [140, 180, 215]) {
    const { grey, width, height } = page(tint, 40);
    const mosaic = boxesToMosaic(
      grey,
      width,
      height,
      SCALE,
      [
        [15, 35, 75, 53],
        [115, 35, 175, 53],
      ],
      SETTINGS,
    );
    assert.equal(mosaic.pieces.length, 2);
    const [paper, tinted] = mosaic.pieces;
    const pixelsOf = (p: typeof paper) => {
      const out: number[] = [];
      for (let row = 0; row < p!.height; row++)
        for (let k = 0; k < p!.width; k++) out.push(mosaic.grey[(p!.mosaicY + row) * mosaic.width + p!.mosaicX + k]!);
      return out;
    };
    // Paper: pixel for pixel the page.
    const original: number[] = [];
    for (let row = 0; row < paper!.height; row++)
      for (let k = 0; k < paper!.width; k++) original.push(grey[(paper!.y + row) * width + paper!.x + k]!);
    assert.deepEqual(pixelsOf(paper), original);
    // Tint: its background now as light as paper, its strokes as dark as ink, the contrast kept.
    const sorted = pixelsOf(tinted).sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.floor(share * (sorted.length - 1))]!;
    assert.ok(at(0.7) >= 245, `tint ${tint}: background ${at(0.7)}`);
    assert.ok(at(0.05) <= 15, `tint ${tint}: ink ${at(0.05)}`);
  }
});

test("words read from the mosaic land back on their crops", () => {
  const { grey, width, height } = page(180, 40);
  const mosaic = boxesToMosaic(
    grey,
    width,
    height,
    SCALE,
    [
      [15, 35, 75, 53],
      [115, 35, 175, 53],
    ],
    SETTINGS,
  );
  const second = mosaic.pieces[1]!;
  const words = mosaicWordsToPage(
    [{ text: "12.5", bbox: [second.mosaicX + 10, second.mosaicY + 5, second.mosaicX + 60, second.mosaicY + 30], confidence: 0.9 }],
    mosaic,
    SCALE,
  );
  assert.equal(words.length, 1);
  assert.ok(words[0]!.bbox[0] > 115 && words[0]!.bbox[2] < 175, JSON.stringify(words[0]));
});

test("a crop is the box grown by the padding, clamped to the page, with a white margin", () => {
  const grey = new Uint8Array(100 * 50).fill(0);
  const crop = cropWithMargin(grey, { width: 100, height: 50, scale: 2 }, [1, 1, 10, 5], 2, 3)!;
  // 1 pt - 2 pt is off the page: clamped to pixel 0; 10 pt + 2 pt is pixel 24; 5 pt + 2 pt is 14.
  assert.deepEqual([crop.left, crop.top], [0, 0]);
  const header = `P5\n${24 + 6} ${14 + 6}\n255\n`;
  assert.equal(crop.pgm.subarray(0, header.length).toString("ascii"), header);
  const pixels = crop.pgm.subarray(header.length);
  assert.equal(pixels.length, 30 * 20);
  assert.equal(pixels[0], 255, "margin");
  assert.equal(pixels[3 * 30 + 3], 0, "the page's pixel");
  assert.equal(cropWithMargin(grey, { width: 100, height: 50, scale: 2 }, [60, 30, 61, 31], 0, 3), null, "a box off the page");
});

test("a crop of light text on a darker ground is turned negative when asked; dark text on a tint is not", () => {
  // A reversed heading: ground 30, strokes 230. A shaded header: ground 170, strokes 20.
  const reversed = page(30, 230);
  const shaded = page(170, 20);
  const render = { width: reversed.width, height: reversed.height, scale: SCALE };
  const box: [number, number, number, number] = [110, 30, 190, 60];
  const pixelsOf = (crop: { pgm: Buffer } | null) => {
    const pgm = crop!.pgm;
    let lines = 0;
    let at = 0;
    while (lines < 3) if (pgm[at++] === 0x0a) lines += 1;
    return pgm.subarray(at);
  };
  const median = (pixels: Uint8Array) => [...pixels].sort((a, b) => a - b)[Math.floor(pixels.length / 2)]!;
  const rect = { x: Math.floor(110 * SCALE), y: Math.floor(30 * SCALE), width: Math.round(80 * SCALE), height: Math.round(30 * SCALE) };
  assert.equal(lightOnDark(reversed.grey, reversed.width, rect, NEGATIVE) !== null, true);
  assert.equal(lightOnDark(shaded.grey, shaded.width, rect, NEGATIVE) !== null, false);
  // Paper with dark strokes (the left half) is not light on dark either.
  assert.equal(lightOnDark(reversed.grey, reversed.width, { ...rect, x: Math.floor(10 * SCALE) }, NEGATIVE) !== null, false);
  // White text on a mid-grey fill (a tinted heading) is as reversed as on black; grey strokes on
  // paper, or a grey fill with strokes barely lighter than it (grain), are not.
  assert.equal(lightOnDark(page(165, 230).grey, reversed.width, rect, NEGATIVE) !== null, true);
  assert.equal(lightOnDark(page(195, 250).grey, reversed.width, rect, NEGATIVE) !== null, true);
  assert.equal(lightOnDark(page(165, 185).grey, reversed.width, rect, NEGATIVE) !== null, false);
  assert.equal(lightOnDark(page(165, 230).grey, reversed.width, { ...rect, x: Math.floor(10 * SCALE) }, NEGATIVE) !== null, false);
  const asIs = pixelsOf(cropWithMargin(reversed.grey, render, box, 0, 0));
  const turned = pixelsOf(cropWithMargin(reversed.grey, render, box, 0, 0, NEGATIVE));
  assert.ok(median(asIs) < 60, "the reversed crop as it is: a dark ground");
  assert.ok(median(turned) > 195, "turned negative: a light ground");
  assert.ok(Math.min(...turned) < 60, "...with dark strokes");
  // A mid-grey ground turned negative is levelled too: a light ground, dark strokes.
  const tinted = pixelsOf(cropWithMargin(page(165, 230).grey, render, box, 0, 0, NEGATIVE));
  assert.ok(median(tinted) > 235, `turned negative and levelled: a light ground (${median(tinted)})`);
  assert.ok(Math.min(...tinted) < 30, "...with dark strokes");
  assert.deepEqual(
    pixelsOf(cropWithMargin(shaded.grey, render, box, 0, 0, NEGATIVE)),
    pixelsOf(cropWithMargin(shaded.grey, render, box, 0, 0)),
    "a shaded crop is read as it is",
  );
});
