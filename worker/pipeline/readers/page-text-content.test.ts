// The text reader and pdf-tags share one pdf.js text pass on a tagged page: the words are the ones a
// pass without marked-content markers gives, pdf-tags reads the same table, and pdf.js is asked
// once. An untagged page keeps nothing for later. OCR off: fast.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { openPdf } from "../../../lib/pdf/open-pdf";
import { makeTaggedTablePdf, type TaggedText } from "../structure/tagged-test-pdf";
import { readTaggedTables } from "../structure/pdf-tags";
import { TestPdf } from "../../../tests/pdf/make-pdf";
import { SETTINGS } from "../settings";
import { itemToWords, piecesToWords, readPdfText } from "./pdf-text";
import { releasePageTextContent } from "./page-text-content";

let dir: string;
before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "page-text-content-test-"));
});
after(async () => {
  await fs.promises.rm(dir, { recursive: true, force: true });
});

const GRID = [
  ["Item", "Q1", "Q2", "Q3"],
  ["Apples", "1,204", "1,310", "998"],
  ["Pears", "87", "92", "101"],
];
const TEXTS: TaggedText[] = GRID.flatMap((row, r) => row.map((text, c) => ({ text, x: 80 + c * 100, y: 200 + r * 20 })));
const ROWS = GRID.map((row, r) => row.map((_, c) => [r * 4 + c]));

/** Counts the page's getTextContent calls. */
function countPasses(page: PDFPageProxy): { count: number } {
  const counter = { count: 0 };
  const original = page.getTextContent.bind(page);
  page.getTextContent = (params) => {
    counter.count++;
    return original(params);
  };
  return counter;
}

/** The words as the text reader read them before the shared pass: runs without the markers. */
async function wordsWithoutMarkers(page: PDFPageProxy) {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const pieces = content.items.flatMap((item) =>
    "str" in item && item.str.trim() !== ""
      ? itemToWords(item, viewport.transform, Boolean(content.styles[item.fontName]?.vertical), { name: item.fontName, bold: false })
      : [],
  );
  return piecesToWords(pieces, SETTINGS.wordJoinGapEm).map((w) => [w.text, w.box]);
}

test("a tagged page: one text pass serves the text reader and pdf-tags, with the same words", async () => {
  const file = path.join(dir, "tagged.pdf");
  await fs.promises.writeFile(file, await makeTaggedTablePdf(TEXTS, ROWS));
  const opened = await openPdf(file);
  try {
    const page = await opened.doc.getPage(1);
    const passes = countPasses(page);
    const text = await readPdfText(page, SETTINGS);
    const tables = await readTaggedTables(page);
    assert.equal(passes.count, 1);
    assert.equal(tables.length, 1);
    assert.deepEqual(
      tables[0]!.cells.filter((c) => c.row === 1).map((c) => c.text),
      ["Apples", "1,204", "1,310", "998"],
    );
    // Taken once: a second read asks pdf.js again and reads the same table.
    assert.deepEqual(await readTaggedTables(page), tables);
    assert.equal(passes.count, 2);
    // The markers do not change the runs: the words are those of a pass without them.
    const plain = await wordsWithoutMarkers(page);
    assert.deepEqual(
      text.words.map((w) => [w.text, w.box]),
      plain,
    );
    assert.equal(plain.length, 12);
  } finally {
    await opened.close();
  }
});

test("a released page keeps nothing: pdf-tags asks pdf.js again", async () => {
  const file = path.join(dir, "tagged-released.pdf");
  await fs.promises.writeFile(file, await makeTaggedTablePdf(TEXTS, ROWS));
  const opened = await openPdf(file);
  try {
    const page = await opened.doc.getPage(1);
    const passes = countPasses(page);
    await readPdfText(page, SETTINGS);
    releasePageTextContent(page);
    assert.equal((await readTaggedTables(page)).length, 1);
    assert.equal(passes.count, 2);
  } finally {
    await opened.close();
  }
});

test("an untagged page: the text reader keeps no pass for pdf-tags", async () => {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  pdf.text(page, "Plain text, no tags", 72, 100, 10);
  const file = await pdf.save("untagged");
  const opened = await openPdf(file);
  try {
    const pdfPage = await opened.doc.getPage(1);
    const passes = countPasses(pdfPage);
    const text = await readPdfText(pdfPage, SETTINGS);
    assert.deepEqual(
      text.words.map((w) => w.text),
      ["Plain", "text,", "no", "tags"],
    );
    assert.deepEqual(await readTaggedTables(pdfPage), []);
    // No structure tree: pdf-tags never asks for the text, so the one pass is the reader's.
    assert.equal(passes.count, 1);
  } finally {
    await opened.close();
  }
});
