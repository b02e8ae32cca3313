// Pure parts of the OCR readings, without models.
import { test } from "node:test";
import assert from "node:assert/strict";
import { probabilityMapToBoxes } from "./paddle/db-postprocess";
import { charsToWords, ctcDecode } from "./paddle/ctc-decode";
import { dropTallBoxes } from "./paddle/paddle-engine";
import { findNonTextRegions } from "./paddle/non-text-regions";
import { tsvToWords } from "./tesseract-engine";
import { ocrCachePath } from "./ocr-cache";
import { textSizeToDpi } from "../render/render-page";

test("DB post-processing: one box per text kernel, grown by the unclip distance", () => {
  const width = 40;
  const height = 20;
  const prob = new Float32Array(width * height);
  for (let y = 8; y < 12; y++) for (let x = 5; x < 25; x++) prob[y * width + x] = 0.9;
  prob[0] = 0.9; // a single-pixel speck is noise
  const boxes = probabilityMapToBoxes(prob, width, height, { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSide: 3 });
  assert.equal(boxes.length, 1);
  const box = boxes[0]!;
  const d = (20 * 4 * 1.5) / (2 * 24);
  assert.deepEqual([box.x0, box.y0, box.x1, box.y1], [5 - d, 8 - d, 25 + d, 12 + d]);
  assert.equal(box.grow, d);
});

test("CTC decoding collapses repeats and blanks and keeps time steps for word boxes", () => {
  const dictionary = ["1", "2", " ", "x"];
  const classes = dictionary.length + 1;
  const steps = [1, 1, 0, 1, 2, 0, 3, 0, 4, 4];
  const probs = new Float32Array(steps.length * classes);
  steps.forEach((k, t) => (probs[t * classes + k] = 0.9));
  const chars = ctcDecode(probs, 0, steps.length, classes, dictionary);
  assert.equal(chars.map((c) => c.char).join(""), "112 x");
  assert.deepEqual(
    charsToWords(chars).map((w) => [w.text, w.firstStep, w.lastStep]),
    [
      ["112", 0, 4],
      ["x", 8, 8],
    ],
  );
});

test("boxes much taller than the text are pictures", () => {
  const box = (h: number) => ({ x0: 0, y0: 0, x1: 50, y1: h + 4, score: 0.9, grow: 2 });
  assert.deepEqual(
    dropTallBoxes([box(10), box(12), box(200)], 10, 5).map((b) => b.y1),
    [14, 16],
  );
  assert.equal(dropTallBoxes([box(10), box(11), box(12), box(300)], null, 5).length, 3);
});

test("non-text regions: a filled shape is found, rulings and masked text are not", () => {
  const width = 200;
  const height = 200;
  const grey = new Uint8Array(width * height).fill(255);
  for (let y = 120; y < 180; y++) for (let x = 120; x < 180; x++) grey[y * width + x] = 30; // figure
  for (let x = 0; x < width; x++) grey[20 * width + x] = 0; // a ruling
  for (let y = 50; y < 60; y++) for (let x = 10; x < 90; x++) grey[y * width + x] = 0; // "text"
  const regions = findNonTextRegions(grey, width, height, [{ x0: 8, y0: 48, x1: 92, y1: 62 }], {
    inkBelow: 160,
    lineRun: 20,
    lineThickness: 4,
    cell: 8,
    minSide: 16,
    minCellShare: 0.2,
  });
  assert.equal(regions.length, 1);
  const r = regions[0]!;
  assert.ok(r.x0 <= 120 && r.y0 <= 120 && r.x1 >= 180 && r.y1 >= 180, JSON.stringify(r));
});

test("Tesseract TSV rows become words in points", () => {
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "4\t1\t1\t1\t1\t0\t100\t200\t300\t40\t-1\t",
    "5\t1\t1\t1\t1\t1\t100\t200\t120\t40\t96.5\t1,234",
    "5\t1\t1\t1\t1\t2\t250\t200\t60\t40\t-1\t ",
  ].join("\n");
  assert.deepEqual(tsvToWords(tsv, 2), [{ text: "1,234", bbox: [50, 100, 110, 120], confidence: 0.965 }]);
});

test("render resolution follows the text size, within bounds; cache paths are validated", () => {
  assert.equal(textSizeToDpi(10), 187);
  assert.equal(textSizeToDpi(8), 234);
  assert.equal(textSizeToDpi(4), 400);
  assert.equal(textSizeToDpi(24), 150);
  assert.equal(textSizeToDpi(null), 300);
  const sha = "a".repeat(64);
  assert.match(ocrCachePath("/c", { fileSha256: sha, pageNumber: 3, engine: "ocr-2" }), /\/c\/a{64}\/p3\.ocr-2\.ocr-[\d.-]+\.json$/);
  assert.throws(() => ocrCachePath("/c", { fileSha256: "../x", pageNumber: 1, engine: "ocr-1" }));
});
