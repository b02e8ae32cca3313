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
import { OCR_SETTINGS } from "./settings";
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

/** "Austria" (its box and 2 pt round it) recoloured level by level with `recolour`, read by the
 * shared reader and by one without the negative: the texts each read in the box. */
async function readRecoloured(recolour: (level: number) => number): Promise<{ turned: string; plain: string }> {
  const box = boxOf(TEXTS[0]!, 50);
  const rgba = new Uint8Array(render.rgba);
  const [x0, y0, x1, y1] = [box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2].map((v) => Math.round(v * render.scale));
  for (let y = y0!; y < y1!; y++)
    for (let x = x0!; x < x1!; x++)
      for (let c = 0; c < 3; c++) rgba[(y * render.width + x) * 4 + c] = recolour(rgba[(y * render.width + x) * 4 + c]!);
  const recoloured: PageRender = { ...render, rgba };
  const textOf = async (r: LegacyTesseract) =>
    (await r.readCells(recoloured, [box]))
      .filter((w) => isCentreIn(w.bbox, box))
      .map((w) => w.text)
      .join(" ");
  const plainReader = await LegacyTesseract.create({ ...OCR_SETTINGS.legacy, invertLightOnDark: null });
  try {
    return { turned: await textOf(reader), plain: await textOf(plainReader) };
  } finally {
    await plainReader.release();
  }
}

test("a reversed heading (light text on a dark ground) is read turned negative, and not read without it", async () => {
  // The box filled dark and its glyphs light.
  const { turned, plain } = await readRecoloured((level) => 255 - level);
  assert.equal(turned, "Austria");
  assert.notEqual(plain, "Austria", "without the negative the classifier does not read it");
});

test("a heading in white on a mid-grey fill is read turned negative too, and not read without it", async () => {
  // Its paper a mid grey (165) and its glyphs near white (245): a tinted heading, lighter than any
  // ground a dark-fill rule expects.
  const { turned, plain } = await readRecoloured((level) => Math.round(245 - (level / 255) * 80));
  assert.equal(turned, "Austria");
  assert.notEqual(plain, "Austria", "without the negative the classifier does not read it");
});

test("a crop reads the same whatever the reader read before it (no learning between crops)", async () => {
  const fresh = await LegacyTesseract.create();
  try {
    const target = boxOf(TEXTS[2]!, 70);
    const first = await fresh.readCells(render, [target]);
    // Read every crop of the page a few times over, then the first crop again.
    const others = [boxOf(TEXTS[0]!, 50), boxOf(TEXTS[1]!, 36), target];
    for (let i = 0; i < 3; i++) await fresh.readCells(render, others);
    assert.deepEqual(await fresh.readCells(render, [target]), first);
  } finally {
    await fresh.release();
  }
});
