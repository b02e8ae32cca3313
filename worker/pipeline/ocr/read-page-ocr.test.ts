// The OCR readings on generated PDFs. Engines load once for the whole file (model loads are the
// slow part); every OcrEngines below borrows them.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { cellSchema, type BBox } from "../../../lib/result/schema";
import { rasterisePdf } from "../../../scripts/rasterise-pdf";
import { ocrNonTextRegions, ocrWordReadings, reconcileCell, isOcrUnsupported, verifyFigure, type BoxedWord } from "../reconcile";
import { OcrEngines, type PageOcrEngine } from "./read-page-ocr";
import { TesseractEngine } from "./tesseract-engine";
import { PaddleEngine } from "./paddle/paddle-engine";
import { ocrCachePath } from "./ocr-cache";
import {
  FIGURE_BOX,
  makeDisagreeingPdf,
  makeFigurePdf,
  makeTextPdf,
  placedTextBox,
  renderTextToPng,
  type PlacedText,
} from "../../../tests/pdf/ocr-test-pdfs";
import { isOcrFailure, type OcrOutcome, type OcrPageReading, type Word } from "./types";

let tesseract: TesseractEngine;
let paddle: PaddleEngine;
let dir: string;

/** A borrowed engine: released by this file, not by the OcrEngines that uses it. */
const borrow = (engine: PageOcrEngine): PageOcrEngine => ({
  readPage: (r) => engine.readPage(r),
  readCrops: (r, boxes) => engine.readCrops!(r, boxes),
  release: async () => {},
});
const sharedReaders = () => new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "ocr-test-"));
  [tesseract, paddle] = await Promise.all([TesseractEngine.create(), PaddleEngine.create()]);
});

after(async () => {
  await Promise.all([tesseract?.release(), paddle?.release()]);
  if (!process.env.KEEP_OCR_TEST_DIR) await fs.promises.rm(dir, { recursive: true, force: true });
});

const NUMBERS: PlacedText[] = [
  { text: "1234.56", x: 72, baseline: 120, size: 12 },
  { text: "-78.9", x: 250, baseline: 120, size: 12 },
  { text: "42", x: 420, baseline: 120, size: 12 },
  { text: "3,141", x: 72, baseline: 180, size: 12 },
  { text: "Total", x: 250, baseline: 180, size: 12 },
];

async function writePdf(name: string, bytes: Uint8Array): Promise<{ file: string; sha: string }> {
  const file = path.join(dir, name);
  await fs.promises.writeFile(file, bytes);
  return { file, sha: createHash("sha256").update(bytes).digest("hex") };
}

async function readFilePage(readers: OcrEngines, file: string, sha: string, cacheDir: string | null) {
  const opened = await openPdf(file);
  try {
    const page = await opened.doc.getPage(1);
    return await readers.readPage({ page, pageNumber: 1, fileSha256: sha, cacheDir });
  } finally {
    await opened.close();
  }
}

function reading(outcome: OcrOutcome | undefined): OcrPageReading {
  if (outcome === undefined) assert.fail("the engine did not run");
  if (isOcrFailure(outcome)) assert.fail(`engine failed: ${outcome.error}`);
  return outcome;
}

/** The text-layer words of page 1, as the pdf-text reader would give them ({text, box}). */
async function textLayerWords(file: string): Promise<BoxedWord[]> {
  const opened = await openPdf(file);
  try {
    const page = await opened.doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const words: BoxedWord[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [, , , d, e, f] = item.transform as number[];
      const [x0, y0] = viewport.convertToViewportPoint(e!, f! + d!);
      const [x1, y1] = viewport.convertToViewportPoint(e! + item.width, f!);
      words.push({ text: item.str, box: [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)] });
    }
    return words;
  } finally {
    await opened.close();
  }
}

function findWord(words: Word[], text: string): Word | undefined {
  return words.find((w) => w.text.replace(/\u2212/g, "-") === text);
}

test("both engines read the numbers of a generated PDF, in PDF points; the cache then skips OCR", async () => {
  const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const { file, sha } = await writePdf("numbers.pdf", await makeTextPdf(NUMBERS));
  const readers = sharedReaders();
  const cacheDir = path.join(dir, "cache");
  const first = await readFilePage(readers, file, sha, cacheDir);
  assert.ok(first.render, "the page was rendered");
  for (const name of ["ocr-1", "ocr-2"] as const) {
    const { words, fromCache } = reading(first.readings[name]);
    assert.equal(fromCache, false);
    for (const placed of NUMBERS) {
      const found = findWord(words, placed.text);
      assert.ok(found, `${name} read ${placed.text} (got ${words.map((w) => w.text).join(" ")})`);
      const [x0, y0, x1, y1] = placedTextBox(helvetica, placed);
      const [cx, cy] = [(found.bbox[0] + found.bbox[2]) / 2, (found.bbox[1] + found.bbox[3]) / 2];
      assert.ok(
        Math.abs(cx - (x0 + x1) / 2) < 4 && Math.abs(cy - (y0 + y1) / 2) < 4,
        `${name} box of ${placed.text}: ${found.bbox.join(",")}`,
      );
    }
  }
  assert.deepEqual(readers.stats.engineRuns, { "ocr-1": 1, "ocr-2": 1 });
  // Each engine's reading time is counted (the worker's pdftables_ocr_seconds_total).
  for (const name of ["ocr-1", "ocr-2"] as const) assert.equal(readers.stats.engineSeconds[name], reading(first.readings[name]).seconds);
  assert.ok(fs.existsSync(ocrCachePath(cacheDir, { fileSha256: sha, pageNumber: 1, engine: "ocr-1" })));
  assert.ok(fs.existsSync(ocrCachePath(cacheDir, { fileSha256: sha, pageNumber: 1, engine: "ocr-2" })));

  // Second call, fresh readers whose engines would throw if asked: everything from the cache.
  const exploding: PageOcrEngine = { readPage: async () => assert.fail("OCR ran on a cache hit"), release: async () => {} };
  const cachedReaders = new OcrEngines({ "ocr-1": async () => exploding, "ocr-2": async () => exploding });
  const second = await readFilePage(cachedReaders, file, sha, cacheDir);
  assert.equal(second.render, null, "nothing rendered on a full cache hit");
  assert.deepEqual(cachedReaders.stats, {
    engineRuns: { "ocr-1": 0, "ocr-2": 0 },
    engineLoads: { "ocr-1": 0, "ocr-2": 0 },
    cacheHits: 2,
    cropRuns: { "ocr-1": 0, "ocr-2": 0 },
    cropsRead: { "ocr-1": 0, "ocr-2": 0 },
    engineSeconds: { "ocr-1": 0, "ocr-2": 0 },
  });
  assert.deepEqual(reading(second.readings["ocr-1"]).words, reading(first.readings["ocr-1"]).words);
  assert.equal(reading(second.readings["ocr-2"]).fromCache, true);
});

test("an engine failing on a page is recorded and the other reading still returned", async () => {
  const { file, sha } = await writePdf("numbers-fail.pdf", await makeTextPdf(NUMBERS));
  const failing: PageOcrEngine = { readPage: async () => Promise.reject(new Error("model exploded")), release: async () => {} };
  const readers = new OcrEngines({ "ocr-1": async () => failing, "ocr-2": async () => borrow(paddle) });
  const cacheDir = path.join(dir, "cache-fail");
  const out = await readFilePage(readers, file, sha, cacheDir);
  assert.ok(isOcrFailure(out.readings["ocr-1"]));
  assert.match(out.readings["ocr-1"].error, /model exploded/);
  assert.ok(findWord(reading(out.readings["ocr-2"]).words, "42"));
  // Failures are not cached (a retry may succeed); the good reading is.
  assert.equal(fs.existsSync(ocrCachePath(cacheDir, { fileSha256: sha, pageNumber: 1, engine: "ocr-1" })), false);
  assert.ok(fs.existsSync(ocrCachePath(cacheDir, { fileSha256: sha, pageNumber: 1, engine: "ocr-2" })));
  // An engine that cannot even load fails the same way.
  const unloadable = new OcrEngines({ "ocr-1": async () => Promise.reject(new Error("no model")), "ocr-2": async () => borrow(paddle) });
  const again = await readFilePage(unloadable, file, sha, null);
  assert.ok(isOcrFailure(again.readings["ocr-1"]));
  assert.ok(!isOcrFailure(again.readings["ocr-2"]));
});

test("an engine stays loaded across pages, and one that failed a page is released and loaded afresh", async () => {
  const { file, sha } = await writePdf("numbers-reload.pdf", await makeTextPdf(NUMBERS));
  let loads = 0;
  let releases = 0;
  const flaky = (): PageOcrEngine => {
    const first = loads++ === 0;
    return {
      // The first engine loaded reads one page, then crashes (a dead worker thread).
      readPage: (() => {
        let pages = 0;
        return async (render) => {
          if (first && pages++ >= 1) throw new Error("worker thread died");
          return tesseract.readPage(render);
        };
      })(),
      release: async () => void releases++,
    };
  };
  const readers = new OcrEngines({ "ocr-1": async () => flaky() });
  const outcomes = [];
  for (let k = 0; k < 4; k++) outcomes.push((await readFilePage(readers, file, sha, null)).readings["ocr-1"]);
  assert.deepEqual(outcomes.map(isOcrFailure), [false, true, false, false]);
  assert.ok(findWord(reading(outcomes[3]).words, "42"));
  assert.deepEqual([loads, readers.stats.engineLoads["ocr-1"], readers.stats.engineRuns["ocr-1"]], [2, 2, 3]);
  await readers.release();
  assert.equal(releases, 2, "the crashed engine and the live one are both released");
});

test("golden: text layer says 17 where the page shows 42 -> disputed with both readings", async () => {
  // The drawn glyphs: "42" rendered from a PDF to pixels, placed as an image with no text layer.
  const imageBox: BBox = [280, 270, 360, 310];
  const { png } = await renderTextToPng({ text: "42", x: 300, baseline: 300, size: 20 }, imageBox);
  // Invisible (render mode 3) text-layer "17" exactly over the drawn "42".
  const { file, sha } = await writePdf(
    "disagree.pdf",
    await makeDisagreeingPdf([{ text: "17", x: 300, baseline: 300, size: 20 }], png, imageBox),
  );

  const readers = sharedReaders();
  const ocr = await readFilePage(readers, file, sha, null);
  const textLayer = await textLayerWords(file);
  assert.deepEqual(
    textLayer.map((w) => w.text),
    ["17"],
  );
  const ocrWords = ocrWordReadings(ocr.readings);
  const cellBox: BBox = [290, 276, 350, 306];

  // Text layer against one OCR engine (as on a page where the other failed): no majority.
  for (const engine of ["ocr-1", "ocr-2"] as const) {
    const cell = reconcileCell(cellBox, { "pdf-text": textLayer, [engine]: ocrWords[engine] });
    cellSchema.parse(cell);
    assert.equal(cell.confidence, "disputed", JSON.stringify(cell));
    assert.equal(cell.provisional, true);
    assert.equal(cell.value, "17", "the text layer's value, flagged provisional");
    assert.deepEqual(cell.readings, { "pdf-text": "17", [engine]: "42" });
  }
  // All three readings: both OCR engines see 42 against the text layer's 17. OCR never outvotes
  // the text layer (reconcile/vote.ts): disputed, the text layer's value, every reading kept.
  const three = reconcileCell(cellBox, { "pdf-text": textLayer, ...ocrWords });
  assert.equal(three.confidence, "disputed", JSON.stringify(three));
  assert.equal(three.value, "17");
  assert.deepEqual(three.readings, { "pdf-text": "17", "ocr-1": "42", "ocr-2": "42" });
  assert.equal(three.provisional, true);
});

test("scanned table: the rasterised page has no text layer and the two OCR readings verify each other", async () => {
  const born = await writePdf("born.pdf", await makeTextPdf(NUMBERS));
  const scanFile = path.join(dir, "scan.pdf");
  await rasterisePdf(born.file, scanFile);
  assert.deepEqual(await textLayerWords(scanFile), []);
  const sha = createHash("sha256")
    .update(await fs.promises.readFile(scanFile))
    .digest("hex");
  const ocr = await readFilePage(sharedReaders(), scanFile, sha, null);
  const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const words = ocrWordReadings(ocr.readings);
  for (const placed of NUMBERS) {
    const [x0, y0, x1, y1] = placedTextBox(helvetica, placed);
    const cell = reconcileCell([x0 - 4, y0 - 4, x1 + 4, y1 + 4], words);
    assert.equal(cell.value, placed.text, JSON.stringify(cell));
    assert.equal(cell.confidence, "verified");
    assert.deepEqual(cell.sources, ["ocr-1", "ocr-2"]);
  }
  assert.equal(isOcrUnsupported([50, 90, 500, 200], words), false);
  assert.equal(isOcrUnsupported([50, 500, 500, 700], words), true);
});

test("figures: the OCR layout finds the drawn figure as non-text ink, and nothing on a text page", async () => {
  const fig = await writePdf("figure.pdf", await makeFigurePdf());
  const ocr = await readFilePage(sharedReaders(), fig.file, fig.sha, null);
  const regions = ocrNonTextRegions(ocr.readings);
  assert.deepEqual(verifyFigure(FIGURE_BOX, ["layout"], regions), { confidence: "verified", sources: ["layout", "ocr"] });
  // The caption line above the figure is text, not a figure.
  assert.equal(verifyFigure([100, 235, 400, 255], ["layout"], regions).confidence, "unverified");
  const text = await writePdf("text-only.pdf", await makeTextPdf(NUMBERS));
  const plain = await readFilePage(sharedReaders(), text.file, text.sha, null);
  assert.deepEqual(ocrNonTextRegions(plain.readings), []);
});
