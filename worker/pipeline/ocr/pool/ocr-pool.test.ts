// The OCR pool: tasks spread over its threads, pooled engines read what the in-process engines
// read, and a thread that dies fails only its own task.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPdf } from "../../../../lib/pdf/open-pdf";
import { renderPageForOcr, type PageRender } from "../../render/render-page";
import { PaddleEngine } from "../paddle/paddle-engine";
import { TesseractEngine } from "../tesseract-engine";
import { makeTextPdf } from "../../../../tests/pdf/ocr-test-pdfs";
import { OcrPool } from "./ocr-pool";
import { PooledPaddle, PooledTesseract, splitEvenly } from "./pooled-engines";
import type { BBox } from "../../../../lib/result/schema";

let render: PageRender;
let pool: OcrPool;
const TEXTS = ["4711", "12.50", "Total", "-3.2", "2026", "Net sales"].map((text, i) => ({
  text,
  x: 72 + (i % 2) * 200,
  baseline: 100 + Math.floor(i / 2) * 40,
  size: 12,
}));

before(async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "ocr-pool-test-"));
  const file = path.join(dir, "text.pdf");
  await fs.promises.writeFile(file, await makeTextPdf(TEXTS));
  const opened = await openPdf(file);
  render = await renderPageForOcr(await opened.doc.getPage(1), 1);
  await opened.close();
  await fs.promises.rm(dir, { recursive: true, force: true });
  pool = new OcrPool({ threads: 2, heapMb: 256 });
});

after(async () => {
  await pool.release();
});

test("tasks submitted together run on different threads", async () => {
  const ids = await Promise.all([pool.run<number>("thread-id", undefined), pool.run<number>("thread-id", undefined)]);
  assert.equal(new Set(ids).size, 2, `thread ids ${ids.join(", ")}`);
  assert.equal(pool.stats.threadsStarted, 2);
});

test("a pooled PaddleOCR page read (detection and batches on the threads) gives the in-process engine's words; Tesseract crops too", async () => {
  const local = await PaddleEngine.create();
  const tesseract = await TesseractEngine.create();
  try {
    const expected = await local.readPage(render);
    const pooled = await new PooledPaddle(pool).readPage(render);
    assert.deepEqual(pooled, expected);
    assert.ok(
      expected.words.some((w) => w.text === "4711"),
      JSON.stringify(expected.words.map((w) => w.text)),
    );
    assert.ok(pool.stats.threadCpuSeconds["ocr-2"] > 0);
    // Crops around two of the texts: read by the pool's Tesseract as by a local one.
    const crops: BBox[] = [
      [66, 84, 130, 106],
      [266, 124, 330, 146],
    ];
    const pooledWords = await new PooledTesseract(pool).readCrops(render, crops);
    assert.deepEqual(pooledWords, await tesseract.readCrops(render, crops));
    assert.deepEqual(
      pooledWords.map((w) => w.text),
      ["4711", "-3.2"],
    );
  } finally {
    await Promise.all([local.release(), tesseract.release()]);
  }
});

test("a thread that dies fails its own task only; the next task gets a fresh thread", async () => {
  const started = pool.stats.threadsStarted;
  await assert.rejects(pool.run("exit", undefined), /OCR thread stopped/);
  const id = await pool.run<number>("thread-id", undefined);
  assert.equal(typeof id, "number");
  const words = await new PooledPaddle(pool).readCrops(render, [[66, 84, 130, 106]]);
  assert.deepEqual(
    words.map((w) => w.text),
    ["4711"],
  );
  assert.equal(pool.stats.threadsStarted, started + 1);
});

test("the first PaddleOCR read loads the sessions of the other threads while it runs", async () => {
  const fresh = new OcrPool({ threads: 2, heapMb: 256 });
  try {
    // One crop is one task: without the load only one thread would start.
    const words = await new PooledPaddle(fresh).readCrops(render, [[66, 84, 130, 106]]);
    assert.deepEqual(
      words.map((w) => w.text),
      ["4711"],
    );
    // The other thread's load may still be running (it is not awaited by the read): release()
    // waits for it. (Counting tasks before that raced with the load: 3 of 4 done, in CI.)
    await fresh.release();
    assert.equal(fresh.stats.threadsStarted, 2);
    // Both threads spent PaddleOCR CPU: the second loaded its models (~0.3 CPU-s), not just started.
    assert.equal(fresh.stats.tasks, 2);
    assert.ok(fresh.stats.threadCpuSeconds["ocr-2"] > 0.1, `${fresh.stats.threadCpuSeconds["ocr-2"]} CPU-s`);
  } finally {
    await fresh.release();
  }
});

test("releasing the pool while a thread is loading its engine waits for the load, instead of stopping the thread inside ONNX Runtime", async () => {
  // Stopped in the middle of creating its sessions, a thread used to abort the whole process
  // (this file then fails with SIGABRT). The load is fired and not awaited, as pooled-engines.ts
  // does on the first read.
  const fresh = new OcrPool({ threads: 1, heapMb: 256 });
  let loaded = false;
  void fresh.run("paddle.load", undefined).then(
    () => (loaded = true),
    () => undefined,
  );
  await fresh.release();
  assert.equal(loaded, true, "release returned before the running task was done");
  assert.equal(fresh.stats.tasks, 1);
});

test("long crop lists are split into one task per thread, short ones are not", () => {
  assert.deepEqual(splitEvenly([1, 2, 3], 2), [[1, 2, 3]]);
  const many = Array.from({ length: 60 }, (_, i) => i);
  const parts = splitEvenly(many, 2);
  assert.equal(parts.length, 2);
  assert.deepEqual(parts.flat(), many);
});

test("waiting tasks are taken in page order, so a page read ahead never delays the current page's tasks", async () => {
  const single = new OcrPool({ threads: 1, heapMb: 256 });
  try {
    const onPage = (pageNumber: number): PageRender => ({ ...render, pageNumber });
    const order: string[] = [];
    const track = (name: string, task: Promise<unknown>) => task.then(() => void order.push(name));
    // The first task takes the only thread; the rest wait, given out of page order.
    await Promise.all([
      track("page 3 (running)", single.run("thread-id", onPage(3))),
      track("page 2", single.run("thread-id", onPage(2))),
      track("page 4", single.run("thread-id", onPage(4))),
      track("page 1", single.run("thread-id", onPage(1))),
      track("page 2 again", single.run("thread-id", onPage(2))),
    ]);
    assert.deepEqual(order, ["page 3 (running)", "page 1", "page 2", "page 2 again", "page 4"]);
    assert.ok(single.stats.busySeconds > 0);
  } finally {
    await single.release();
  }
});
