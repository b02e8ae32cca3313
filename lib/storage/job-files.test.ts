import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { test } from "node:test";
import { isImagePath, JobFiles, localOcrCache } from "./job-files";
import { LocalStore } from "./local-store";

const SHA = "a".repeat(64);
const JOB = "job_ABCDEFGHIJKLMNOPQRSTUV";

function tempStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "job-files-"));
  return { dir, files: new JobFiles(new LocalStore(dir)) };
}

test("local JobFiles: input by ranges, result, images, cache, then deletion leaves nothing", async () => {
  const { dir, files } = tempStore();
  const input = Buffer.from("%PDF-1.7 hello world %%EOF");
  await files.writeInput(JOB, Readable.from([input.subarray(0, 5), input.subarray(5)]));
  const source = await files.openInput(JOB);
  assert.equal(source.size, input.length);
  assert.equal(Buffer.from(await source.read(9, 14)).toString(), "hello");
  assert.equal(Buffer.from(await source.read(input.length - 5, input.length + 100)).toString(), "%%EOF", "reads clamp at the end");
  await source.close();

  await files.writeResult(JOB, '{"ok":true}');
  assert.equal(await files.readResult(JOB), '{"ok":true}');
  await files.writeImage(JOB, "images/p1-0.png", Buffer.from([1, 2, 3]));
  const image = await files.imageStream(JOB, "images/p1-0.png");
  assert.equal(image?.size, 3);
  image?.stream.destroy();
  assert.equal(await files.images(JOB).size("images/p1-0.png"), 3);
  await files.ocrCache.write(SHA, "p1.ocr-1.v1.json", "{}");
  assert.equal(await files.ocrCache.read(SHA, "p1.ocr-1.v1.json"), "{}");
  // The layout an existing DATA_DIR already has.
  assert.ok(fs.existsSync(path.join(dir, "jobs", JOB, "input.pdf")));
  assert.ok(fs.existsSync(path.join(dir, "cache", SHA, "p1.ocr-1.v1.json")));

  await files.deleteJob(JOB);
  await files.deleteCache(SHA);
  assert.deepEqual(await files.listJob(JOB), []);
  assert.deepEqual(await files.listCache(SHA), []);
  assert.equal(await files.readResult(JOB), null);
  await assert.rejects(files.openInput(JOB), /missing/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("paths that could leave the job or the store are refused", async () => {
  const { dir, files } = tempStore();
  for (const bad of ["images/../result.json", "images/a/b.png", "../x.png", "images/", "result.json", "images/.hidden"]) {
    assert.equal(isImagePath(bad), false, bad);
    assert.equal(await files.imageStream(JOB, bad), null, bad);
  }
  await assert.rejects(files.writeImage(JOB, "images/../../escape.png", Buffer.from([0])));
  await assert.rejects(files.readResult("../etc"), /invalid job id/);
  await assert.rejects(files.ocrCache.read("not-a-sha", "x.json"), /64 lowercase hex/);
  await assert.rejects(files.ocrCache.write(SHA, "../x.json", "{}"), /invalid cache entry/);
  await assert.rejects(new LocalStore(dir).put("a/../../b", "x"), /invalid storage key/);
  assert.deepEqual(fs.readdirSync(dir), []);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a directory OCR cache (CLI tools) keeps <dir>/<sha256>/<name>", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ocr-cache-"));
  const cache = localOcrCache(dir);
  assert.equal(await cache.read(SHA, "p2.ocr-2.v.json"), null);
  await cache.write(SHA, "p2.ocr-2.v.json", '{"words":[]}');
  assert.equal(fs.readFileSync(path.join(dir, SHA, "p2.ocr-2.v.json"), "utf8"), '{"words":[]}');
  assert.equal(await cache.read(SHA, "p2.ocr-2.v.json"), '{"words":[]}');
  fs.rmSync(dir, { recursive: true, force: true });
});

test("finished pages of a running job: numbered in page order, unknown names ignored, deleted with the job", async () => {
  const { dir, files } = tempStore();
  assert.deepEqual(await files.finishedPageNumbers(JOB), [], "none before the first page");
  for (const page of [10, 2, 1]) await files.writeFinishedPage(JOB, page, JSON.stringify({ page }));
  fs.writeFileSync(path.join(dir, "jobs", JOB, "pages", "notes.txt"), "x");
  assert.deepEqual(await files.finishedPageNumbers(JOB), [1, 2, 10], "numeric order, not text order");
  assert.equal(await files.readFinishedPage(JOB, 10), '{"page":10}');
  assert.equal(await files.readFinishedPage(JOB, 3), null);
  await assert.rejects(files.writeFinishedPage(JOB, 0, "{}"), /invalid page number/);
  await assert.rejects(files.writeFinishedPage(JOB, 1.5, "{}"), /invalid page number/);
  await files.deleteJob(JOB);
  assert.deepEqual(await files.finishedPageNumbers(JOB), []);
});
