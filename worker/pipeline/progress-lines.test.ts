// The progress lines runPipeline gives (the CLI prints them, the worker stores them as the job's
// stage): each page is announced before it is opened, and a page with no text layer says it is
// read from its image once that is known.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TestPdf } from "../../tests/pdf/make-pdf";
import { runPipeline } from "./run-pipeline";

test("a page without a text layer is announced as read from its image, a page with one is not", async () => {
  const pdf = await TestPdf.create();
  pdf.text(pdf.addPage(), "Quarterly report", 80, 100, 14);
  // Ink but no text: a drawn box, as a scan is an image with no text layer.
  pdf.fillRect(pdf.addPage(), 80, 100, 200, 120, 0.3);
  const file = await pdf.save("progress-lines");
  const outputDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "progress-lines-"));
  const lines: string[] = [];
  try {
    await runPipeline({
      pdfPath: file,
      withSourcePages: false,
      fileSha256: "",
      cacheDir: null,
      outputDir,
      ocr: [],
      onProgress: (line) => void lines.push(line),
    });
  } finally {
    await fs.promises.rm(outputDir, { recursive: true, force: true });
  }
  assert.deepEqual(lines, [
    "page 1 of 2: reading text layer and rulings",
    "page 2 of 2: reading text layer and rulings",
    "page 2 of 2: reading the scanned page image",
  ]);
});
