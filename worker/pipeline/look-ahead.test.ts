// run-pipeline's OCR look-ahead (start-page.ts) with the real PaddleOCR engine in the
// OCR pool (as the worker runs it: in-process, ONNX Runtime would hold the main thread) on a
// generated 3-page PDF: the next page's OCR reading starts before the current page is finished,
// the result is the same as one page at a time, and a page whose OCR fails while it is read ahead
// is reported on that page, never on the page that was current.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { TestPdf } from "../../tests/pdf/make-pdf";
import { runPipeline } from "./run-pipeline";
import { OcrEngines, type PageOcrEngine } from "./ocr/read-page-ocr";
import { OcrPool } from "./ocr/pool/ocr-pool";
import { PooledPaddle } from "./ocr/pool/pooled-engines";
import type { PageRender } from "./render/render-page";

let pool: OcrPool;
let paddle: PooledPaddle;
let dir: string;
let file: string;
let sha: string;

before(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "look-ahead-test-"));
  pool = new OcrPool({ threads: 2, heapMb: 256 });
  paddle = new PooledPaddle(pool);
  const pdf = await TestPdf.create();
  for (let p = 1; p <= 3; p++) {
    const page = pdf.addPage();
    pdf.table(page, {
      x: 80,
      y: 120,
      colWidths: [110, 80, 80],
      rowHeight: 22,
      size: 11,
      style: "grid" as const,
      rows: [
        ["Item", "Q1", "Q2"],
        ["Pens", `${p}0`, `${p}1`],
        ["Ink", `${p}2`, `${p}3`],
      ],
    });
  }
  file = await pdf.save("look-ahead");
  sha = createHash("sha256")
    .update(await fs.promises.readFile(file))
    .digest("hex");
});

after(async () => {
  await pool?.release();
  await fs.promises.rm(dir, { recursive: true, force: true });
});

/** The real engine, with a log of when each page's reading starts and an optional failure. */
function logged(events: string[], failOnPage: number | null = null): PageOcrEngine {
  return {
    readPage: async (render: PageRender) => {
      events.push(`ocr ${render.pageNumber}`);
      if (render.pageNumber === failOnPage) throw new Error(`engine broke on page ${render.pageNumber}`);
      return paddle.readPage(render);
    },
    release: async () => {},
  };
}

async function run(lookAhead: boolean, events: string[], failOnPage: number | null = null) {
  return runPipeline({
    pdfPath: file,
    pages: 3,
    withSourcePages: false,
    fileSha256: sha,
    cacheDir: null,
    outputDir: dir,
    ocr: new OcrEngines({ "ocr-2": async () => logged(events, failOnPage) }),
    lookAhead,
    onLookAhead: (page) => void events.push(`ahead ${page}`),
    onPage: ({ pageNumber }) => void events.push(`done ${pageNumber}`),
  });
}

test("the next page's OCR starts before the current page is done, and the result is the same as one page at a time", async () => {
  const ahead: string[] = [];
  const serial: string[] = [];
  const withLookAhead = await run(true, ahead);
  const oneAtATime = await run(false, serial);
  assert.deepEqual(serial, ["ocr 1", "done 1", "ocr 2", "done 2", "ocr 3", "done 3"]);
  // Page 2 is opened and read while page 1 (whose OCR loads the engines) is still being finished;
  // page 3 is opened while page 2 is (page 2's OCR, done ahead, may let page 2 end before page 3's
  // render is ready, so only the opening is ordered there).
  assert.ok(ahead.indexOf("ahead 2") < ahead.indexOf("done 1"), ahead.join(", "));
  assert.ok(ahead.indexOf("ocr 2") < ahead.indexOf("done 1"), ahead.join(", "));
  assert.ok(ahead.indexOf("ahead 3") < ahead.indexOf("done 2"), ahead.join(", "));
  assert.ok(ahead.indexOf("ocr 3") > ahead.indexOf("ahead 3"), ahead.join(", "));
  assert.ok(!ahead.includes("ahead 4"), "no page past the last is opened");
  assert.deepEqual(withLookAhead.result, oneAtATime.result);
  assert.deepEqual(withLookAhead.failures, []);
  const values = withLookAhead.result.tables.map((t) => t.rows.flat().map((c) => c.value));
  assert.deepEqual(
    values.map((v) => v.includes("20")),
    [false, true, false],
  );
  const ocrVerified = withLookAhead.result.tables.flatMap((t) => t.rows.flat()).filter((c) => c.sources.includes("ocr-2"));
  assert.ok(ocrVerified.length >= 9, `cells backed by ocr-2: ${ocrVerified.length}`);
});

test("an OCR failure on a page read ahead is that page's failure, not the current page's", async () => {
  const events: string[] = [];
  const { result, failures } = await run(true, events, 2);
  assert.ok(events.indexOf("ocr 2") < events.indexOf("done 1"), events.join(", "));
  assert.deepEqual(
    failures.map((f) => [f.page, f.stage]),
    [[2, "ocr-2"]],
  );
  assert.match(failures[0]!.message, /engine broke on page 2/);
  // Page 2 goes out unchecked (text layer alone); pages 1 and 3 are cross-checked by ocr-2.
  assert.deepEqual(
    result.pages.map((p) => p.unchecked ?? false),
    [false, true, false],
  );
});
