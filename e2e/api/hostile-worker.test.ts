// The worker side of the hostile-input tests that needs its own workers: a job whose worker died on a page is
// resumed (the page tried once more, and skipped if it stopped a second worker), and deleting a
// job while OCR reads its page kills the page at once, leaving no OCR text written after the
// DELETE in the cache (before, the page ran on and wrote it there).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { deleteJob, getJob, submit, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;

before(async () => {
  stack = await startStack({ workers: 0 });
});
after(async () => {
  await stack?.stop();
});

describe("a job whose worker died on a page", () => {
  /** A job as a dead worker leaves it: re-queued, with the page it was reading still recorded. */
  async function interrupted(pageInFlight: number, crashedPage: number | null): Promise<string> {
    const accepted = await submit(stack, { bytes: await makeTextPdf(3, "Resumed") });
    const id = String(accepted.body.id);
    await stack.query(`UPDATE "Job" SET "pageInFlight" = $2, "crashedPage" = $3, requeues = 1 WHERE id = $1`, [
      id,
      pageInFlight,
      crashedPage,
    ]);
    return id;
  }

  test("the page it died on is read again once; after a second death there it is skipped, free", async () => {
    const once = await interrupted(2, null);
    const twice = await interrupted(2, 2);
    const worker = stack.startWorker();
    const first = await waitForJob(stack, once, {}, 60_000);
    const second = await waitForJob(stack, twice, {}, 60_000);
    worker.process.kill("SIGTERM");
    await worker.exited;

    assert.equal(first.body.status, "done");
    assert.deepEqual(
      first.body.result.pages.map((page: { unreadable?: true }) => page.unreadable ?? false),
      [false, false, false],
    );
    const [row] = await stack.query<{ crashedPage: number | null; pageInFlight: number | null }>(
      `SELECT "crashedPage", "pageInFlight" FROM "Job" WHERE id = $1`,
      [once],
    );
    assert.deepEqual(row, { crashedPage: 2, pageInFlight: null });

    assert.equal(second.body.status, "done");
    assert.deepEqual(
      second.body.result.pages.map((page: { unreadable?: true }) => page.unreadable ?? false),
      [false, true, false],
    );
    assert.match(String(second.body.result.pages[1].reason), /stopped the worker reading it twice/);
    assert.deepEqual({ pages: second.body.usage.pages, failed: second.body.usage.pages_failed }, { pages: 2, failed: 1 });
  });
});

describe("deleting a job during OCR", () => {
  test("leaves no OCR text behind in the cache", async () => {
    const worker = stack.startWorker({ OCR_ENGINES: "ocr-1" });
    // Ten pages, so that OCR runs for seconds: with three, a loaded machine answered the polls so
    // slowly that the job was done before one of them saw it reading.
    const pdf = await makeTextPdf(10, "Deleted during OCR");
    const sha = createHash("sha256").update(pdf).digest("hex");
    const accepted = await submit(stack, { bytes: pdf });
    const id = String(accepted.body.id);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await getJob(stack, id)).body;
      if (/OCR/.test(job.stage ?? "")) break;
      assert.equal(job.status, "queued", `the job ended before OCR was seen: ${job.status}`);
      assert.ok(Date.now() < deadline, "OCR was never seen in the job's stage");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await deleteJob(stack, id)).status, 200);
    // The worker stops the job either mid-page (its pipeline process killed) or, when the
    // deletion lands between pages (a compiled pipeline process reads a short page fast), at the
    // page's end; either way whatever OCR text the page wrote must go. (Killing mid-page is
    // pinned down by hostile-pages.test.ts on a page that cannot finish first.)
    const stopped = new RegExp(`killed the pipeline process: job ${id} was deleted|${id} abandoned`);
    while (!stopped.test(worker.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(worker.output(), stopped);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(
      fs.existsSync(`${stack.dataDir}/cache/${sha}`),
      false,
      fs.existsSync(`${stack.dataDir}/cache/${sha}`) ? fs.readdirSync(`${stack.dataDir}/cache/${sha}`).join(", ") : "",
    );
  });
});
