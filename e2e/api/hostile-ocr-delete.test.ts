// Deleting a job while OCR reads its page (issue 14): the page is killed at once, and no OCR text
// written after the DELETE stays in the cache (before, the page ran on and wrote it there).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { deleteJob, getJob, submit } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;

before(async () => {
  stack = await startStack({ workers: 0 });
});
after(async () => {
  await stack?.stop();
});

describe("deleting a job during OCR", () => {
  test("leaves no OCR text behind in the cache", async () => {
    const worker = stack.startWorker({ OCR_ENGINES: "ocr-1" });
    const pdf = await makeTextPdf(3, "Deleted during OCR");
    const sha = createHash("sha256").update(pdf).digest("hex");
    const accepted = await submit(stack, { bytes: pdf });
    const id = String(accepted.body.id);
    const deadline = Date.now() + 60_000;
    while (!/OCR/.test((await getJob(stack, id)).body.stage ?? "") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal((await deleteJob(stack, id)).status, 200);
    const killed = new RegExp(`killed the pipeline process: job ${id} was deleted`);
    while (!killed.test(worker.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(worker.output(), killed);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(fs.existsSync(`${stack.dataDir}/cache/${sha}`), false, fs.existsSync(`${stack.dataDir}/cache/${sha}`) ? fs.readdirSync(`${stack.dataDir}/cache/${sha}`).join(", ") : "");
  });
});
