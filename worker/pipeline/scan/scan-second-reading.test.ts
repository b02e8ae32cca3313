// A scanned unruled table through the whole pipeline with both real OCR engines: the page's words
// come from ocr-1, so pdf-layout is its only segmentation of them; the second engine reads the
// whole page and pdf-model reads ITS words (scan/other-engine-words.ts), a second segmentation
// from another input, when STRUCTURE_SETTINGS.pdfModelScanVote gives it a say. With it the table's
// cells can be verified and name pdf-model; with the setting at its default ("off") or pdf-model
// switched off, none is, and the second engine reads no whole page.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { resultSchema, type Result } from "../../../lib/result/schema";
import { rasterisePdf } from "../../../scripts/rasterise-pdf";
import { runPipeline } from "../run-pipeline";
import { OcrEngines, type PageOcrEngine } from "../ocr/read-page-ocr";
import { TesseractEngine } from "../ocr/tesseract-engine";
import { PaddleEngine } from "../ocr/paddle/paddle-engine";
import { STRUCTURE_READER_NAMES, type StructureReaderName } from "../../../lib/structure/reader-names";
import { makeTextPdf, type PlacedText } from "../../../tests/pdf/ocr-test-pdfs";
import { STRUCTURE_SETTINGS } from "../structure/settings";

let tesseract: TesseractEngine;
let paddle: PaddleEngine;
let dir: string;
let scan: string;

const borrow = (engine: PageOcrEngine): PageOcrEngine => ({
  readPage: (r) => engine.readPage(r),
  readCrops: (r, boxes) => engine.readCrops!(r, boxes),
  release: async () => {},
});

const HEADER = ["Region", "2021", "2022", "2023"];
const ROWS = [
  ["North", "412", "398", "455"],
  ["South", "275", "301", "322"],
  ["East", "189", "204", "217"],
  ["West", "530", "517", "549"],
  ["Centre", "96", "118", "131"],
  ["Total", "1502", "1538", "1674"],
];

/** An unruled table: four columns set 110 pt apart, a row every 22 pt, 12 pt Helvetica. */
function tableTexts(): PlacedText[] {
  const texts: PlacedText[] = [];
  [HEADER, ...ROWS].forEach((row, r) => row.forEach((text, c) => texts.push({ text, x: 80 + c * 110, baseline: 150 + r * 22, size: 12 })));
  return texts;
}

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "scan-second-reading-"));
  [tesseract, paddle] = await Promise.all([TesseractEngine.create(), PaddleEngine.create()]);
  const born = path.join(dir, "born.pdf");
  await fs.promises.writeFile(born, await makeTextPdf(tableTexts()));
  scan = path.join(dir, "scan.pdf");
  await rasterisePdf(born, scan);
});

after(async () => {
  await Promise.all([tesseract?.release(), paddle?.release()]);
  await fs.promises.rm(dir, { recursive: true, force: true });
});

async function extract(readers: OcrEngines, structureReaders?: readonly StructureReaderName[]): Promise<Result> {
  const bytes = await fs.promises.readFile(scan);
  const outputDir = await fs.promises.mkdtemp(path.join(dir, "out-"));
  const { result } = await runPipeline({
    pdfPath: scan,
    pages: 1,
    withSourcePages: false,
    fileSha256: createHash("sha256").update(bytes).digest("hex"),
    cacheDir: null,
    outputDir,
    ocr: readers,
    ...(structureReaders ? { structureReaders } : {}),
  });
  resultSchema.parse(result);
  return result;
}

const engines = () => new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });

test("a scanned unruled table: pdf-model's reading of the other engine's words is its second segmentation", async () => {
  const settings = STRUCTURE_SETTINGS as { pdfModelScanVote: (typeof STRUCTURE_SETTINGS)["pdfModelScanVote"] };
  const saved = settings.pdfModelScanVote;
  const withModel = engines();
  settings.pdfModelScanVote = "full";
  let result: Result;
  try {
    result = await extract(withModel);
  } finally {
    settings.pdfModelScanVote = saved;
  }
  assert.equal(result.tables.length, 1);
  const table = result.tables[0]!;
  assert.deepEqual(
    table.rows.map((row) => row.map((cell) => cell.value)),
    ROWS,
  );
  // ocr-2 read the whole page once (for pdf-model), besides its crops of the cells.
  assert.equal(withModel.stats.engineRuns["ocr-2"], 1);
  assert.equal(withModel.stats.engineRuns["ocr-1"], 1);
  const numbers = table.rows.flatMap((row) => row.slice(1));
  const verified = numbers.filter((cell) => cell.confidence === "verified");
  assert.ok(verified.length >= numbers.length - 2, `${verified.length} of ${numbers.length} numbers verified`);
  for (const cell of verified) assert.ok(cell.sources.includes("pdf-model"), JSON.stringify(cell));

  // Without pdf-model's scan vote ("off", or pdf-model switched off): one segmentation of the
  // page's words, nothing verified; no whole-page ocr-2 with the vote off (with it on, ocr-layout
  // still reads the other engine's words for regions of its own).
  for (const [vote, readers] of [
    ["off", undefined],
    [saved, STRUCTURE_READER_NAMES.filter((name) => name !== "pdf-model")],
  ] as const) {
    const withoutModel = engines();
    settings.pdfModelScanVote = vote;
    let read: Result;
    try {
      read = await extract(withoutModel, readers);
    } finally {
      settings.pdfModelScanVote = saved;
    }
    const alone = read.tables[0]!;
    assert.deepEqual(
      alone.rows.map((row) => row.map((cell) => cell.value)),
      ROWS,
    );
    assert.equal(withoutModel.stats.engineRuns["ocr-2"], vote === "off" ? 0 : 1);
    const aloneNumbers = alone.rows.flatMap((row) => row.slice(1));
    assert.equal(aloneNumbers.filter((cell) => cell.confidence === "verified").length, 0);
    assert.ok(aloneNumbers.every((cell) => !cell.sources.includes("pdf-model")));
  }
});
