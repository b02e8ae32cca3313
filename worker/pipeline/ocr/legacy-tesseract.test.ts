// Tesseract's legacy classifier, the real model from @tesseract.js-data/eng: each box read as its
// own crop, the words placed back on the page inside their boxes, nothing read in an empty box.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { renderPage, type PageRender } from "../render/render-page";
import { makeTextPdf } from "../../../tests/pdf/ocr-test-pdfs";
import { isCentreIn } from "../geometry/box";
import { LegacyTesseract, cropWithMargin } from "./legacy-tesseract";
import type { BBox } from "../../../lib/result/schema";

let render: PageRender;
let reader: LegacyTesseract;

const TEXTS = [
  { text: "Austria", x: 80, baseline: 200, size: 11 },
  { text: "2,517", x: 260, baseline: 200, size: 11 },
  { text: "Total 1995", x: 80, baseline: 240, size: 11 },
];

before(async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "legacy-tesseract-test-"));
  const file = path.join(dir, "page.pdf");
  await fs.promises.writeFile(file, await makeTextPdf(TEXTS));
  const opened = await openPdf(file);
  render = await renderPage(await opened.doc.getPage(1), 1, 200);
  await opened.close();
  await fs.promises.rm(dir, { recursive: true, force: true });
  reader = await LegacyTesseract.create();
});

after(async () => {
  await reader?.release();
});

/** The box of a placed text: from its top (baseline less the size) to a little below the baseline. */
const boxOf = (t: (typeof TEXTS)[number], width: number): BBox => [t.x - 3, t.baseline - t.size - 2, t.x + width, t.baseline + 4];

test("each box is read alone and its words come back inside it, in page points", async () => {
  const boxes = [boxOf(TEXTS[0]!, 50), boxOf(TEXTS[1]!, 36), boxOf(TEXTS[2]!, 70), [400, 500, 470, 520] as BBox];
  const words = await reader.readCells(render, boxes);
  const textIn = (box: BBox) =>
    words
      .filter((w) => isCentreIn(w.bbox, box))
      .map((w) => w.text)
      .join(" ");
  assert.equal(textIn(boxes[0]!), "Austria");
  assert.equal(textIn(boxes[1]!), "2,517");
  assert.equal(textIn(boxes[2]!), "Total 1995");
  assert.equal(textIn(boxes[3]!), "", "an empty box reads nothing");
  for (const word of words)
    assert.ok(
      boxes.some((box) => isCentreIn(word.bbox, box)),
      `${word.text} at ${word.bbox} is in no box`,
    );
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
