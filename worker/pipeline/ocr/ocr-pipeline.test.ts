// The OCR readings inside the whole pipeline (runPipeline), on generated PDFs: a cell whose text
// layer and drawn glyphs disagree comes out disputed, with one OCR engine or two (OCR never
// outvotes the text layer), every reading kept; agreeing cells are verified; a scanned ruled table is rebuilt from the page image
// and verified by the two OCR engines; the cache makes a second run skip OCR. Engines load once
// for the file and are borrowed by each run.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Cell, Result } from "../../../lib/result/schema";
import { resultSchema } from "../../../lib/result/schema";
import { rasterisePdf } from "../../../scripts/rasterise-pdf";
import { runPipeline } from "../run-pipeline";
import { OcrEngines, type PageOcrEngine } from "./read-page-ocr";
import { TesseractEngine } from "./tesseract-engine";
import { PaddleEngine } from "./paddle/paddle-engine";
import { DISPUTED_CELL, disputedTableBody, makeDisputedTablePdf } from "../../../tests/pdf/ocr-test-pdfs";

let tesseract: TesseractEngine;
let paddle: PaddleEngine;
let dir: string;
let disputedPdf: string;

const borrow = (engine: PageOcrEngine): PageOcrEngine => ({
  readPage: (r) => engine.readPage(r),
  readCrops: (r, boxes) => engine.readCrops!(r, boxes),
  release: async () => {},
});

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "ocr-pipeline-test-"));
  [tesseract, paddle] = await Promise.all([TesseractEngine.create(), PaddleEngine.create()]);
  disputedPdf = path.join(dir, "disputed.pdf");
  await fs.promises.writeFile(disputedPdf, await makeDisputedTablePdf("17", "42"));
});

after(async () => {
  await Promise.all([tesseract?.release(), paddle?.release()]);
  await fs.promises.rm(dir, { recursive: true, force: true });
});

async function extract(file: string, readers: OcrEngines, cacheDir: string | null = null): Promise<Result> {
  const bytes = await fs.promises.readFile(file);
  const outputDir = await fs.promises.mkdtemp(path.join(dir, "out-"));
  const { result } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: createHash("sha256").update(bytes).digest("hex"),
    cacheDir,
    outputDir,
    ocr: readers,
  });
  resultSchema.parse(result);
  return result;
}

function onlyTable(result: Result) {
  assert.equal(result.tables.length, 1, JSON.stringify(result.tables.map((t) => t.rows.map((r) => r.map((c) => c.value)))));
  return result.tables[0]!;
}

/** Body cells other than the disputed one, and the row label column, that hold a number. */
function agreeingNumbers(rows: Cell[][]): Cell[] {
  return rows.flatMap((row, r) =>
    row.filter((cell, c) => c > 0 && !(r === DISPUTED_CELL.row && c === DISPUTED_CELL.column) && /\d/.test(cell.value)),
  );
}

test("text layer against one OCR engine: the cell is disputed, provisional, the text layer's value, both readings", async () => {
  const readers = new OcrEngines({ "ocr-1": async () => borrow(tesseract) });
  const table = onlyTable(await extract(disputedPdf, readers));
  assert.deepEqual(
    table.rows.map((row) => row.map((cell) => cell.value)),
    disputedTableBody("17"),
  );
  const cell = table.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!;
  assert.equal(cell.confidence, "disputed", JSON.stringify(cell));
  assert.equal(cell.provisional, true);
  assert.deepEqual(cell.readings, { "pdf-text": "17", "ocr-1": "42" });
  const others = agreeingNumbers(table.rows);
  assert.equal(others.length, 11);
  for (const other of others) {
    assert.equal(other.confidence, "verified", JSON.stringify(other));
    // pdf-model: the trained structure reading places the cell where the table does.
    assert.deepEqual([...other.sources].sort(), ["ocr-1", "pdf-model", "pdf-text"]);
    assert.equal(other.provisional, undefined);
    assert.equal(other.readings, undefined);
  }
  assert.equal(table.ocr_unsupported, undefined);
});

test("two OCR engines against the text layer: still disputed (OCR never outvotes the text layer), every reading kept", async () => {
  const readers = new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });
  const table = onlyTable(await extract(disputedPdf, readers));
  const cell = table.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!;
  assert.equal(cell.confidence, "disputed", JSON.stringify(cell));
  assert.equal(cell.value, "17");
  assert.deepEqual(cell.readings, { "pdf-text": "17", "ocr-1": "42", "ocr-2": "42" });
  assert.equal(cell.provisional, true);
  // The cascade: cells where the text layer and the first engine (ocr-2) agree are verified by
  // those two; the second engine (ocr-1) read only the cells in doubt, as crops, never the page.
  for (const other of agreeingNumbers(table.rows)) {
    assert.equal(other.confidence, "verified", JSON.stringify(other));
    assert.deepEqual([...other.sources].sort(), ["ocr-2", "pdf-model", "pdf-text"]);
  }
  assert.equal(readers.stats.engineRuns["ocr-1"], 0, "ocr-1 never read the whole page");
  assert.equal(readers.stats.engineRuns["ocr-2"], 1);
  assert.equal(readers.stats.cropRuns["ocr-1"], 1);
  const cells = table.header_cells.length + table.rows.flat().length;
  assert.ok(
    readers.stats.cropsRead["ocr-1"] >= 1 && readers.stats.cropsRead["ocr-1"] <= 3,
    `ocr-1 read ${readers.stats.cropsRead["ocr-1"]} of ${cells} cells`,
  );
});

test("a scanned ruled table: structure from the page image, every cell verified by the two OCR engines (ocr-2 on cell crops); the cache skips OCR the second time", async () => {
  const born = path.join(dir, "born.pdf");
  await fs.promises.writeFile(born, await makeDisputedTablePdf("42", "42"));
  const scan = path.join(dir, "scan.pdf");
  await rasterisePdf(born, scan);
  const cacheDir = path.join(dir, "cache");
  const readers = new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });
  const table = onlyTable(await extract(scan, readers, cacheDir));
  assert.deepEqual(
    table.rows.map((row) => row.map((cell) => cell.value)),
    disputedTableBody("42"),
  );
  const numbers = table.rows.flatMap((row) => row.slice(1));
  for (const cell of numbers) {
    assert.equal(cell.confidence, "verified", JSON.stringify(cell));
    assert.deepEqual([...cell.sources].sort(), ["ocr-1", "ocr-2"]);
  }
  // The scan cascade: ocr-1 reads the page, ocr-2 every cell's lines as crops (no detection).
  assert.equal(readers.stats.engineRuns["ocr-1"], 1);
  assert.equal(readers.stats.engineRuns["ocr-2"], 0);
  assert.equal(readers.stats.cropRuns["ocr-2"], 1);
  assert.equal(readers.stats.cropsRead["ocr-2"], numbers.length + table.rows.length + table.header_cells.filter((c) => c.value).length);
  const again = await extract(scan, readers, cacheDir);
  assert.equal(readers.stats.engineRuns["ocr-1"], 1, "the second run read the cache");
  assert.equal(readers.stats.cropRuns["ocr-2"], 1);
  // ocr-1's page, ocr-1's looks at the ink it left unread and at words a ruling runs through
  // (scan/scan-rereads.ts; no line stands on end, so that step has nothing to look at), ocr-2's crops.
  assert.equal(readers.stats.cacheHits, 4);
  assert.deepEqual(again.tables, [table]);
});

test("a born-digital page read again from the cache: ink-grid's opinions are read back, not made again from a render", async () => {
  const born = path.join(dir, "ink-cache.pdf");
  await fs.promises.writeFile(born, await makeDisputedTablePdf("42", "42"));
  const cacheDir = path.join(dir, "ink-cache");
  const readers = new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });
  const first = await extract(born, readers, cacheDir);
  const [fileDir] = await fs.promises.readdir(cacheDir);
  const inkFiles = (await fs.promises.readdir(path.join(cacheDir, fileDir!))).filter((name) => name.includes(".ink-grid."));
  assert.equal(inkFiles.length, 1, "the first run (the page rendered for OCR) wrote the opinions");
  const inkFile = path.join(cacheDir, fileDir!, inkFiles[0]!);
  const longAgo = new Date("2000-01-01T00:00:00Z");
  await fs.promises.utimes(inkFile, longAgo, longAgo);
  const engineRuns = { ...readers.stats.engineRuns };
  const again = await extract(born, readers, cacheDir);
  assert.deepEqual(readers.stats.engineRuns, engineRuns, "every OCR reading came from the cache");
  assert.equal((await fs.promises.stat(inkFile)).mtime.getTime(), longAgo.getTime(), "read, not written again");
  assert.deepEqual(again.tables, first.tables);
});

test("a scan fed crooked and upside down: turned upright and deskewed for OCR, the table read and verified, its boxes on the page as scanned", async () => {
  const { renderPage, renderToGrey } = await import("../render/render-page");
  const { rotateGrey, rotateQuarter } = await import("../scan/rotate-image");
  const { openPdf } = await import("../../../lib/pdf/open-pdf");
  const { PDFDocument } = await import("pdf-lib");
  const { default: sharp } = await import("sharp");
  const born = path.join(dir, "born-crooked.pdf");
  await fs.promises.writeFile(born, await makeDisputedTablePdf("42", "42"));
  const straight = onlyTable(await extract(born, new OcrEngines({ "ocr-2": async () => borrow(paddle) })));
  // The born-digital page at 200 dpi, turned by 3 degrees, then by 180: a sheet fed badly.
  const opened = await openPdf(born);
  const render = await renderPage(await opened.doc.getPage(1), 1, 200);
  await opened.close();
  const angle = 3;
  const turned = rotateQuarter(rotateGrey(renderToGrey(render), render.width, render.height, angle), render.width, render.height, 2);
  const png = await sharp(Buffer.from(turned.grey), { raw: { width: turned.width, height: turned.height, channels: 1 } })
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  const pageOut = doc.addPage([render.widthPt, render.heightPt]);
  pageOut.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: render.widthPt, height: render.heightPt });
  const scan = path.join(dir, "crooked-scan.pdf");
  await fs.promises.writeFile(scan, await doc.save());

  const readers = new OcrEngines({ "ocr-1": async () => borrow(tesseract), "ocr-2": async () => borrow(paddle) });
  const table = onlyTable(await extract(scan, readers));
  assert.deepEqual(
    table.rows.map((row) => row.map((cell) => cell.value)),
    disputedTableBody("42"),
  );
  const numbers = table.rows.flatMap((row) => row.slice(1));
  const verified = numbers.filter((cell) => cell.confidence === "verified");
  assert.ok(verified.length >= numbers.length - 1, `${verified.length} of ${numbers.length} verified`);
  // Where the scan put each cell's ink: the born-digital cell centre turned the same way.
  const { widthPt: W, heightPt: H } = render;
  const onScan = ([x, y]: [number, number]): [number, number] => {
    const rad = (angle * Math.PI) / 180;
    const dx = x - W / 2;
    const dy = y - H / 2;
    return [W - (Math.cos(rad) * dx - Math.sin(rad) * dy + W / 2), H - (Math.sin(rad) * dx + Math.cos(rad) * dy + H / 2)];
  };
  const centre = (b: number[]): [number, number] => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2];
  table.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      const expected = onScan(centre(straight.rows[r]![c]!.bbox!));
      const got = centre(cell.bbox!);
      assert.ok(Math.hypot(got[0] - expected[0], got[1] - expected[1]) < 6, `cell ${r},${c}: ${got} vs ${expected}`);
    }),
  );
});
