// ocr-2 reading a born-digital page on the text layer's own line crops (paddle/text-layer-lines.ts)
// must still dispute every lie: a generated family of cells whose text layer says one thing and
// whose drawn glyphs another (a sign, digits or a whole number the text layer lacks, or other
// digits in its place), through the whole pipeline with both engines. An honest page is read on
// the line crops (no detection) and verified.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Result } from "../../../lib/result/schema";
import { runPipeline } from "../run-pipeline";
import { OcrEngines, TEXT_LINES_VERSION, type PageOcrEngine } from "./read-page-ocr";
import { TesseractEngine } from "./tesseract-engine";
import { PaddleEngine } from "./paddle/paddle-engine";
import { readOcrCache } from "./ocr-cache";
import { OCR_SETTINGS_VERSION } from "./settings";
import { DISPUTED_CELL, makeDisputedTablePdf } from "../../../tests/pdf/ocr-test-pdfs";

let tesseract: TesseractEngine;
let paddle: PaddleEngine;
let dir: string;

/** A borrowed engine, its line-crop reading included. */
const borrow = (engine: PageOcrEngine): PageOcrEngine => ({
  readPage: (r) => engine.readPage(r),
  readCrops: (r, boxes) => engine.readCrops!(r, boxes),
  ...(engine.readLines ? { readLines: engine.readLines.bind(engine) } : {}),
  release: async () => {},
});

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "text-lines-lies-"));
  [tesseract, paddle] = await Promise.all([TesseractEngine.create(), PaddleEngine.create()]);
});

after(async () => {
  await Promise.all([tesseract?.release(), paddle?.release()]);
  await fs.promises.rm(dir, { recursive: true, force: true });
});

/** The disputed-table page through the pipeline with both engines; the cell at DISPUTED_CELL and
 * whether ocr-2 read the page on the text layer's lines. */
async function readCell(hidden: string, shown: string, lines = true) {
  const file = path.join(dir, `t-${hidden}-${shown}.pdf`.replace(/[^\w.-]/g, "_"));
  const bytes = await makeDisputedTablePdf(hidden, shown);
  await fs.promises.writeFile(file, bytes);
  const fileSha256 = createHash("sha256").update(bytes).digest("hex");
  const cacheDir = await fs.promises.mkdtemp(path.join(dir, "cache-"));
  const withoutLines = (e: PageOcrEngine): PageOcrEngine => ({ ...borrow(e), readLines: undefined });
  const readers = new OcrEngines({
    "ocr-1": async () => borrow(tesseract),
    "ocr-2": async () => (lines ? borrow(paddle) : withoutLines(paddle)),
  });
  const { result }: { result: Result } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256,
    cacheDir,
    outputDir: await fs.promises.mkdtemp(path.join(dir, "out-")),
    ocr: readers,
  });
  assert.equal(result.tables.length, 1);
  const cell = result.tables[0]!.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!;
  const reading = await readOcrCache(cacheDir, {
    fileSha256,
    pageNumber: 1,
    engine: "ocr-2",
    settingsVersion: `${OCR_SETTINGS_VERSION}.${TEXT_LINES_VERSION}`,
  });
  assert.ok(reading, "ocr-2's page reading is cached under the text-lines key");
  return { cell, onLines: reading.linesFrom === "text-layer" };
}

test("an honest page is read on the text layer's lines and its cells verified", async () => {
  const { cell, onLines } = await readCell("873", "873");
  assert.equal(onLines, true);
  assert.equal(cell.confidence, "verified", JSON.stringify(cell));
});

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

test("generated lies: a sign, digits or another number drawn over the text layer's: ocr-2 reads what is drawn, the cell ends as with detection", async () => {
  const rnd = random(7);
  const digits = (n: number) =>
    Array.from({ length: n }, (_, i) => String(i === 0 ? 1 + Math.floor(rnd() * 9) : Math.floor(rnd() * 10))).join("");
  let onLinesSeen = 0;
  for (let i = 0; i < 6; i++) {
    const told = digits(2 + Math.floor(rnd() * 3));
    const kind = i % 3;
    // kind 0: a minus sign the text layer lacks; 1: more digits drawn than it holds; 2: others
    // of the same length, which stay inside the line's crop.
    let drawn = kind === 0 ? `-${told}` : kind === 1 ? `${told}${digits(1 + Math.floor(rnd() * 2))}` : digits(told.length);
    if (drawn === told) drawn = `${told}1`;
    const onLines = await readCell(told, drawn, true);
    const detected = await readCell(told, drawn, false);
    if (onLines.onLines) onLinesSeen++;
    assert.equal(onLines.cell.readings?.["ocr-2"], drawn, `${told} told, ${drawn} drawn: ${JSON.stringify(onLines.cell)}`);
    assert.notEqual(onLines.cell.confidence, "verified");
    // The cell ends exactly as it does when ocr-2 detects the lines. (A number the text layer
    // cuts short, or whose sign it drops, can end "resolved" either way: ocr-1 reads the cell box
    // the text layer gives and then misses the drawn part, a reading this change does not touch.)
    assert.equal(onLines.cell.confidence, detected.cell.confidence, `${told} told, ${drawn} drawn`);
    assert.deepEqual(onLines.cell.readings, detected.cell.readings);
  }
  // Digits swapped in place leave no ink outside the crops: those pages were read on the lines.
  assert.ok(onLinesSeen >= 2, `${onLinesSeen} lies read on the text layer's lines`);
});
