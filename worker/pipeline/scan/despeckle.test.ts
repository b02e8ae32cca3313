// Specks off a prepared scan: a rendered page of figures (decimal points and commas down to 5 pt
// type, leader dots, a lone "." in a cell down to 6 pt, accented and dotted letters) with specks
// (a dark pixel of a 200 dpi scan, blurred) dropped on its paper at seeded places, and the dashes of a broken faint ruling. Every speck
// goes; not one pixel of print or of the ruling does.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { renderPage, renderToGrey } from "../render/render-page";
import { makeTextPdf } from "../../../tests/pdf/ocr-test-pdfs";
import { seededRng } from "../../../tests/pdf/corpus/content";
import { despeckle } from "./despeckle";
import { DESPECKLE_SETTINGS } from "./settings";

let page: { grey: Uint8Array; width: number; height: number; scale: number };

before(async () => {
  const rows = ["Région", "Île-de-France", "Total . . . . . . . . . .", "Imports, c.i.f."];
  const texts = [
    ...rows.map((text, r) => ({ text, x: 60, baseline: 80 + r * 20, size: 9 })),
    ...[9, 7, 5].flatMap((size, k) =>
      ["1,234.5", "0.7", "12.25", "3,004"].map((text, c) => ({ text, x: 260 + c * 60, baseline: 80 + k * 20, size })),
    ),
    // A lone point in a cell stands clear of all print: only its size tells it from a speck, down
    // to 6 pt type (at 5 pt a point is a speck's two pixels, and goes).
    ...[9, 7, 6].map((size, k) => ({ text: ".", x: 500, baseline: 80 + k * 20, size })),
  ];
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "despeckle-test-"));
  const file = path.join(dir, "page.pdf");
  await fs.promises.writeFile(file, await makeTextPdf(texts));
  const opened = await openPdf(file);
  // The resolution OCR reads a 200 dpi scan at.
  const render = await renderPage(await opened.doc.getPage(1), 1, 300);
  await opened.close();
  await fs.promises.rm(dir, { recursive: true, force: true });
  page = { grey: renderToGrey(render), width: render.width, height: render.height, scale: render.scale };
});

/** How many pixels of `a` and `b` differ (a count, not a diff: the pages are millions of pixels). */
const differing = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v === b[i] ? 0 : 1), 0);

/** Whether any pixel within `r` of (x, y) is darker than paper. */
function nearInk(grey: Uint8Array, width: number, height: number, x: number, y: number, r: number): boolean {
  for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++)
    for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) if (grey[yy * width + xx]! < 250) return true;
  return false;
}

test("a clean page of figures keeps every pixel: points, commas, leaders and letters' dots are no specks", () => {
  const { grey, width, height, scale } = page;
  const out = despeckle(grey, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(out.specks, 0);
  assert.equal(differing(out.grey, grey), 0);
});

test("specks dropped on the paper are all taken off, and nothing else", () => {
  const { grey, width, height, scale } = page;
  const speckled = Uint8Array.from(grey);
  const random = seededRng(41);
  const specks: [number, number][] = [];
  // Clear of print by more than the clearance and of each other by more than the line reach.
  const apart = Math.ceil((DESPECKLE_SETTINGS.lineReachPt + 1) * scale);
  while (specks.length < 400) {
    const x = 2 + Math.floor(random() * (width - 4));
    const y = 2 + Math.floor(random() * (height - 4));
    if (nearInk(grey, width, height, x, y, apart)) continue;
    if (specks.some(([sx, sy]) => Math.abs(sx - x) <= apart && Math.abs(sy - y) <= apart)) continue;
    specks.push([x, y]);
    // One dark pixel of a 200 dpi scan, as the 300 dpi page shows it after the scanner's blur.
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) speckled[(y + dy) * width + x + dx] = dx === 0 && dy === 0 ? 90 : dx === 0 || dy === 0 ? 170 : 215;
  }
  const out = despeckle(speckled, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(out.specks, specks.length);
  assert.equal(differing(out.grey, grey), 0);
  // The input is left as it was.
  assert.equal(differing(speckled, grey), specks.length * 9);
});

test("specks next to print stay: a point's place cannot be told from a speck's", () => {
  const { grey, width, height, scale } = page;
  // A speck one pixel right of the first print on the page: within the clearance of a glyph.
  const first = grey.findIndex((v) => v < 128);
  const speckled = Uint8Array.from(grey);
  let x = (first % width) - 4;
  const y = Math.floor(first / width) + 2;
  while (grey[y * width + x]! >= 250 && x > 0) x--;
  speckled[y * width + x - 3] = 40;
  speckled[y * width + x - 4] = 40;
  const out = despeckle(speckled, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(out.specks, 0);
  assert.equal(differing(out.grey, speckled), 0);
});

test("the dashes of a faint ruling broken by the scan stay; the same dashes alone, far apart, go", () => {
  const { width, height, scale } = page;
  const blank = new Uint8Array(width * height).fill(255);
  const gap = Math.round(2.5 * scale);
  const dashes = (grey: Uint8Array, y: number, step: number, count: number) => {
    for (let k = 0; k < count; k++) {
      const x = 100 + k * step;
      // A faint grey line with a dark two-pixel core now and then.
      for (let dx = 0; dx < step - gap; dx++) grey[y * width + x + dx] = 200;
      grey[y * width + x] = grey[y * width + x + 1] = 60;
    }
  };
  const ruled = Uint8Array.from(blank);
  dashes(ruled, 400, gap + 3, 60);
  const kept = despeckle(ruled, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(kept.specks, 0);
  assert.equal(differing(kept.grey, ruled), 0);

  const scattered = Uint8Array.from(blank);
  for (let k = 0; k < 10; k++) scattered[(300 + k * 60) * width + 200 + k * 90] = scattered[(300 + k * 60) * width + 201 + k * 90] = 60;
  const taken = despeckle(scattered, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(taken.specks, 10);
  assert.equal(differing(taken.grey, blank), 0);
});

test("a dark clump of grain in a tinted cell stays: the tint around it is not paper", () => {
  const { width, height, scale } = page;
  const tinted = new Uint8Array(width * height).fill(255);
  for (let y = 200; y < 300; y++) for (let x = 200; x < 500; x++) tinted[y * width + x] = 205;
  tinted[250 * width + 300] = tinted[250 * width + 301] = 150;
  const out = despeckle(tinted, width, height, scale, DESPECKLE_SETTINGS);
  assert.equal(out.specks, 0);
  assert.equal(differing(out.grey, tinted), 0);
  // The same clump on paper goes.
  const onPaper = new Uint8Array(width * height).fill(255);
  onPaper[250 * width + 300] = onPaper[250 * width + 301] = 150;
  assert.equal(despeckle(onPaper, width, height, scale, DESPECKLE_SETTINGS).specks, 1);
});
