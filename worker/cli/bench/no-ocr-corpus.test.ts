// The no-OCR bench's corpus: a run over nothing is an error, never "0 CPU-s a page: ok"; figures
// are cropped, as `npm run extract` crops them, only when asked; the figures name the pdf.js
// parser that read the corpus.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { corpusFiles, formatNoOcrCorpus, runNoOcrCorpus } from "./no-ocr-corpus";
import { makeDenseTablePdf, makeFigurePdf } from "../../../tests/pdf/ocr-test-pdfs";
import { readWithStockParser } from "../../../lib/pdf/open-pdf";

test("the corpus is every PDF of the folders given, sorted, and an empty corpus is an error", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-corpus-"));
  try {
    assert.throws(() => corpusFiles([]), /--corpus-only takes --corpus/);
    assert.throws(() => corpusFiles([dir]), /no PDF in /);
    for (const name of ["b.pdf", "a.PDF", "notes.txt"]) fs.writeFileSync(path.join(dir, name), "");
    assert.deepEqual(corpusFiles([dir]), [path.join(dir, "a.PDF"), path.join(dir, "b.pdf")]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A folder of two PDFs: one page with a drawn figure, one dense ruled table. */
async function figureAndTableCorpus(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-corpus-"));
  fs.writeFileSync(path.join(dir, "figure.pdf"), await makeFigurePdf());
  fs.writeFileSync(path.join(dir, "table.pdf"), await makeDenseTablePdf(1));
  return dir;
}

test("figure crops are made only when asked, and do not change the tables", async () => {
  const dir = await figureAndTableCorpus();
  try {
    const files = corpusFiles([dir]);
    const without = await runNoOcrCorpus(files);
    const withCrops = await runNoOcrCorpus(files, { figureCrops: true });
    assert.equal(without.figureCrops, false);
    assert.equal(without.crops, 0);
    assert.equal(withCrops.figureCrops, true);
    assert.equal(withCrops.crops, 1, "the one drawn figure is cropped");
    assert.equal(withCrops.pages, 2);
    assert.equal(withCrops.tables, without.tables);
    assert.ok(without.tables >= 1);
    assert.match(formatNoOcrCorpus(withCrops)[0]!, /, 1 figure crops;/);
    assert.doesNotMatch(formatNoOcrCorpus(without)[0]!, /figure crops/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the figures say which pdf.js parser read the corpus, and the stock parser reads the same", async () => {
  const dir = await figureAndTableCorpus();
  try {
    const files = corpusFiles([dir]);
    const copy = await runNoOcrCorpus(files);
    assert.equal(copy.parser, "reading-only copy");
    assert.ok(formatNoOcrCorpus(copy).includes("  pdf.js parser: reading-only copy"));
    // Last in this file: the switch holds for the rest of the process.
    readWithStockParser();
    const stock = await runNoOcrCorpus(files);
    assert.equal(stock.parser, "stock");
    assert.equal(stock.resultsSha256, copy.resultsSha256, "the same results");
    assert.ok(formatNoOcrCorpus(stock).some((line) => line.startsWith("  pdf.js parser: stock (the reading-only copy was not used")));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
