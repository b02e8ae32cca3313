// The queue and the worker processes: realtime before batch, the batch floor,
// a worker killed with -9 mid-job (re-queued, then failed after MAX_REQUEUES), a clean SIGTERM,
// several workers never running a job twice, and the retention window.
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, afterEach, before, describe, test } from "node:test";
import { getJob, submit, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import type { Service, Stack } from "../support/stack";
import { startStack } from "../support/stack";

const BATCH_FLOOR_SECONDS = 5;
let stack: Stack;

before(async () => {
  stack = await startStack({
    workers: 0,
    env: { WORKER_LEASE_SECONDS: "2", MAX_REQUEUES: "1", BATCH_FLOOR_SECONDS: String(BATCH_FLOOR_SECONDS) },
  });
});
after(async () => {
  await stack?.stop();
});
// Whatever a test did, no worker of it may take the next test's jobs.
afterEach(async () => {
  await Promise.all(stack.workers.map(stopWorker));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopWorker(worker: Service): Promise<void> {
  if (worker.process.exitCode !== null) return;
  worker.process.kill("SIGTERM");
  await worker.exited;
}

async function startedAt(id: string): Promise<Date> {
  const [row] = await stack.query<{ startedAt: Date }>(`SELECT "startedAt" FROM "Job" WHERE id = $1`, [id]);
  return row!.startedAt;
}

async function jobRow(id: string) {
  const [row] = await stack.query<{ state: string; requeues: number; stage: string }>(
    `SELECT state, requeues, stage FROM "Job" WHERE id = $1`,
    [id],
  );
  return row!;
}

/** Waits until a worker is on `page` or later of the job's attempt number `requeues` (a killed
 * worker leaves its last stage behind, so the page alone cannot tell attempts apart). */
async function waitForPage(id: string, page: number, requeues = 0, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await jobRow(id);
    const { stage, state } = row;
    const match = /^page (\d+) of/.exec(stage);
    if (state === "running" && row.requeues === requeues && match && Number(match[1]) >= page) return;
    if (Date.now() > deadline) throw new Error(`job ${id} never reached page ${page} (stage: ${stage})`);
    await sleep(50);
  }
}

describe("priorities", () => {
  test("a realtime job submitted after a batch job runs first", async () => {
    const pdf = await makeTextPdf(1);
    const batch = await submit(stack, { bytes: pdf, fields: { mode: "batch" } });
    const realtime = await submit(stack, { bytes: pdf });
    const worker = stack.startWorker();
    const [batchDone, realtimeDone] = await Promise.all([
      waitForJob(stack, String(batch.body.id)),
      waitForJob(stack, String(realtime.body.id)),
    ]);
    assert.equal(batchDone.body.status, "done");
    assert.equal(realtimeDone.body.status, "done");
    assert.ok((await startedAt(String(realtime.body.id))) < (await startedAt(String(batch.body.id))));
    await stopWorker(worker);
  });

  test("a batch job waiting past the floor runs before a newer realtime job, still reported as batch", async () => {
    const pdf = await makeTextPdf(1);
    const batch = await submit(stack, { bytes: pdf, fields: { mode: "batch" } });
    await sleep(BATCH_FLOOR_SECONDS * 1000 + 500);
    const realtime = await submit(stack, { bytes: pdf });
    const worker = stack.startWorker();
    const batchDone = await waitForJob(stack, String(batch.body.id));
    await waitForJob(stack, String(realtime.body.id));
    assert.equal(batchDone.body.mode, "batch");
    assert.ok((await startedAt(String(batch.body.id))) < (await startedAt(String(realtime.body.id))));
    await stopWorker(worker);
  });
});

describe("crashes and shutdown", () => {
  test("kill -9 mid-job: the job is re-queued and completed by the next worker", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(10) });
    const id = String(accepted.body.id);
    const doomed = stack.startWorker({ WORKER_PAGE_DELAY_MS: "300" });
    await waitForPage(id, 3);
    doomed.process.kill("SIGKILL");
    await doomed.exited;
    assert.equal((await getJob(stack, id)).body.status, "queued");
    const rescuer = stack.startWorker();
    const done = await waitForJob(stack, id);
    assert.equal(done.body.status, "done");
    assert.equal(done.body.result.pages.length, 10);
    assert.equal((await jobRow(id)).requeues, 1);
    await stopWorker(rescuer);
  });

  test("killed more than MAX_REQUEUES times: the job fails with a detail", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(10) });
    const id = String(accepted.body.id);
    // Attempt 0 runs as submitted; attempt 1 after the first re-queue (MAX_REQUEUES is 1).
    for (let attempt = 0; attempt < 2; attempt++) {
      const doomed = stack.startWorker({ WORKER_PAGE_DELAY_MS: "300" });
      await waitForPage(id, 2, attempt);
      doomed.process.kill("SIGKILL");
      await doomed.exited;
    }
    const last = stack.startWorker();
    const failed = await waitForJob(stack, id);
    assert.equal(failed.body.status, "failed");
    assert.match(String(failed.body.detail), /interrupted/);
    assert.equal("result" in failed.body, false);
    assert.equal((await jobRow(id)).requeues, 1);
    await stopWorker(last);
  });

  test("SIGTERM with a grace period too short for the job: it goes back to the queue uncounted", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(10) });
    const id = String(accepted.body.id);
    // 8 pages of 0.3 s left cannot fit in 1 s of grace: the worker hands the job back.
    const worker = stack.startWorker({ WORKER_PAGE_DELAY_MS: "300", SHUTDOWN_GRACE_SECONDS: "1" });
    await waitForPage(id, 2);
    worker.process.kill("SIGTERM");
    assert.equal(await worker.exited, 0, worker.output());
    const row = await jobRow(id);
    assert.equal(row.state, "queued");
    assert.equal(row.requeues, 0);
    const next = stack.startWorker();
    assert.equal((await waitForJob(stack, id)).body.status, "done");
    await stopWorker(next);
  });

  test("SIGTERM with time enough: the worker finishes its job, then exits", async () => {
    const accepted = await submit(stack, { bytes: await makeTextPdf(6) });
    const id = String(accepted.body.id);
    const worker = stack.startWorker({ WORKER_PAGE_DELAY_MS: "300", SHUTDOWN_GRACE_SECONDS: "30" });
    await waitForPage(id, 2);
    worker.process.kill("SIGTERM");
    assert.equal(await worker.exited, 0, worker.output());
    const row = await jobRow(id);
    assert.equal(row.state, "done", worker.output());
    assert.equal(row.requeues, 0);
  });

  test("three workers share the queue without running a job twice", async () => {
    // A production-like lease: this stack's 2-second lease exists for the crash tests, and on a
    // loaded 2-core machine a live worker can stall that long and be taken for dead.
    const lease = { WORKER_LEASE_SECONDS: "30" };
    const workers = [stack.startWorker(lease), stack.startWorker(lease), stack.startWorker(lease)];
    const pdf = await makeTextPdf(2);
    const ids = (await Promise.all(Array.from({ length: 9 }, () => submit(stack, { bytes: pdf })))).map((answer) => String(answer.body.id));
    const results = await Promise.all(ids.map((id) => waitForJob(stack, id, {}, 120_000)));
    assert.deepEqual(
      results.map((answer) => answer.body.status),
      Array(9).fill("done"),
    );
    await Promise.all(workers.map(stopWorker));
    const log = workers.map((worker) => worker.output()).join("\n");
    for (const id of ids) {
      assert.equal(log.split(`running ${id}`).length - 1, 1, `${id} ran more than once or never:\n${log}`);
      assert.equal((await jobRow(id)).requeues, 0);
    }
  });
});

describe("retention", () => {
  let short: Stack;
  before(async () => {
    short = await startStack({ env: { RETENTION_SECONDS: "2" } });
  });
  after(async () => {
    await short?.stop();
  });

  test("a finished job, its files and its cache are deleted after RETENTION_SECONDS", async () => {
    const accepted = await submit(short, { bytes: await makeTextPdf(1) });
    const id = String(accepted.body.id);
    assert.equal((await waitForJob(short, id)).body.status, "done");
    assert.ok(fs.existsSync(`${short.dataDir}/jobs/${id}`));
    const deadline = Date.now() + 15_000;
    while ((await getJob(short, id)).status !== 404 && Date.now() < deadline) await sleep(250);
    assert.equal((await getJob(short, id)).status, 404);
    assert.equal(fs.existsSync(`${short.dataDir}/jobs/${id}`), false);
    assert.deepEqual(fs.existsSync(`${short.dataDir}/cache`) ? fs.readdirSync(`${short.dataDir}/cache`) : [], []);
  });
});
