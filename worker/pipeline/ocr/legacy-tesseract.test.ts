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
import { LegacyTesseract } from "./legacy-tesseract";
import { OcrEngines } from "./read-page-ocr";
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

test("the engines' tie-break read counts its crops and seconds as ocr-1's and is cached with its boxes", async () => {
  const cacheDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "legacy-tesseract-cache-"));
  const readers = new OcrEngines({});
  try {
    const boxes = [boxOf(TEXTS[0]!, 50), boxOf(TEXTS[1]!, 36)];
    const input = { page: render, pageNumber: 1, fileSha256: "a".repeat(64), cacheDir, pageOcr: { readings: {}, render }, boxes };
    const first = await readers.readTieBreakCells(input);
    assert.deepEqual(
      first?.map((w) => w.text),
      ["Austria", "2,517"],
    );
    assert.deepEqual([readers.stats.cropRuns["ocr-1"], readers.stats.cropsRead["ocr-1"], readers.stats.engineLoads["ocr-1"]], [1, 2, 0]);
    assert.ok(readers.stats.engineSeconds["ocr-1"] > 0, "the reading's seconds are counted");
    const again = await readers.readTieBreakCells(input);
    assert.deepEqual(
      again?.map((w) => w.text),
      ["Austria", "2,517"],
    );
    assert.deepEqual([readers.stats.cropRuns["ocr-1"], readers.stats.cacheHits], [1, 1], "the second read comes from the cache");
  } finally {
    await readers.release();
    await fs.promises.rm(cacheDir, { recursive: true, force: true });
  }
});
