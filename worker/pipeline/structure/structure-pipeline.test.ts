// The structure vote inside the whole pipeline (runPipeline) on a generated PDF with real OCR
// (PaddleOCR, ocr-2: its values and its detected lines). A ruled table drawn with one column rule
// missing in one row: the grid reads "12" and "34" as one merged cell, while the text geometry
// (pdf-layout) reads two columns there and the image shows two separate text lines (ocr-2-lines).
// The text layer and OCR agree on the merged cell's value, so the value vote alone would call it
// verified; its boundaries are disputed, so it must not be. The cells all readings agree on stay
// verified.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { resultSchema } from "../../../lib/result/schema";
import { TestPdf } from "../../../tests/pdf/make-pdf";
import { runPipeline } from "../run-pipeline";
import { OcrEngines, type PageOcrEngine } from "../ocr/read-page-ocr";
import { PaddleEngine } from "../ocr/paddle/paddle-engine";

let paddle: PaddleEngine;
let dir: string;
const borrow = (engine: PageOcrEngine): PageOcrEngine => ({ readPage: (r) => engine.readPage(r), release: async () => {} });

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "structure-pipeline-test-"));
  paddle = await PaddleEngine.create();
});

after(async () => {
  await paddle?.release();
  await fs.promises.rm(dir, { recursive: true, force: true });
});

async function missingRulePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage();
  const spec = {
    x: 80,
    y: 120,
    colWidths: [110, 80, 80],
    rowHeight: 22,
    size: 11,
    style: "grid" as const,
    rows: [
      ["Item", "Q1", "Q2"],
      ["Pens", "10", "11"],
      ["Ink", "12", ""],
      ["Paper", "13", "14"],
      ["Clips", "15", "16"],
    ],
    // Row 2 has no rule between Q1 and Q2: the grid sees one cell over both columns.
    merges: [{ row: 2, col: 1, rowSpan: 1, colSpan: 2 }],
  };
  pdf.table(page, spec);
  // ...yet the row holds a value in each column.
  pdf.text(page, "34", 80 + 110 + 80 + 4, 120 + 2 * 22 + 4, 11);
  return pdf.save("missing-rule");
}

test("a cell two structure readings cut differently is not verified, though every value reading agrees", async () => {
  const file = await missingRulePdf();
  const readers = new OcrEngines({ "ocr-2": async () => borrow(paddle) });
  const { result, stageSeconds } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: createHash("sha256")
      .update(await fs.promises.readFile(file))
      .digest("hex"),
    cacheDir: null,
    outputDir: dir,
    ocr: readers,
  });
  resultSchema.parse(result);
  assert.equal(result.tables.length, 1);
  const table = result.tables[0]!;
  assert.deepEqual(
    table.rows.map((row) => row.map((cell) => cell.value)),
    [
      ["Pens", "10", "11"],
      ["Ink", "12 34", ""],
      ["Paper", "13", "14"],
      ["Clips", "15", "16"],
    ],
  );
  const merged = table.rows[1]![1]!;
  assert.notEqual(merged.confidence, "verified", JSON.stringify(merged));
  assert.equal(merged.confidence, "disputed", JSON.stringify(merged));
  assert.equal(merged.provisional, true);
  assert.equal(merged.readings?.["pdf-grid"], "12 34");
  assert.ok(["12", "34"].includes(merged.readings?.["pdf-layout"] ?? ""), JSON.stringify(merged.readings));
  // The value readings are still shown beside the structure readings.
  assert.equal(merged.readings?.["pdf-text"], "12 34");
  // Every other filled cell: the grid, the layout and the detected lines agree on it.
  const others = table.rows.flatMap((row, r) => row.filter((cell, c) => cell.value !== "" && !(r === 1 && c === 1)));
  assert.equal(others.length, 10);
  for (const cell of others) assert.equal(cell.confidence, "verified", JSON.stringify(cell));
  // Each structure reader and the vote are timed as their own stages.
  for (const stage of [
    "read",
    "ocr",
    "tables",
    "structure:pdf-grid",
    "structure:pdf-layout",
    "structure:ocr-2-lines",
    "reconcile",
    "structure-vote",
  ]) {
    assert.ok(stageSeconds[stage] !== undefined && stageSeconds[stage] >= 0, `stage ${stage} timed`);
  }
});

test("the same table without the vote (skipStages): the merged cell would have been verified", async () => {
  const file = await missingRulePdf();
  const readers = new OcrEngines({ "ocr-2": async () => borrow(paddle) });
  const { result } = await runPipeline({
    pdfPath: file,
    pages: 1,
    withSourcePages: false,
    fileSha256: "no-cache",
    cacheDir: null,
    outputDir: dir,
    ocr: readers,
    skipStages: ["structure-vote"],
  });
  assert.equal(result.tables[0]!.rows[1]![1]!.confidence, "verified");
});
