// A job handed back to the queue by a worker shutting down is announced like a submission
// (lib/jobs/queue.ts releaseJob, lib/jobs/job-wakeup.ts): an idle worker takes it at once, not at
// its next poll. The workers poll only every 60 s here, so a pick-up within seconds can only come
// from the notification.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { submit, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

const POLL_MS = 60_000;
/** Far below the poll: a worker woken by the notification claims within this. */
const PICK_UP_BOUND_MS = 10_000;

let stack: Stack;

before(async () => {
  stack = await startStack({ workers: 0, env: { WORKER_POLL_MS: String(POLL_MS) } });
});
after(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `count` workers hold a connection LISTENing for queued jobs. */
async function listeners(count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await stack.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN job_queued'`,
    );
    if (Number(row!.n) >= count) return;
    assert.ok(Date.now() < deadline, `fewer than ${count} workers listening`);
    await sleep(100);
  }
}

async function jobRow(id: string) {
  const [row] = await stack.query<{ state: string; lockedBy: string | null; stage: string }>(
    `SELECT state, "lockedBy", stage FROM "Job" WHERE id = $1`,
    [id],
  );
  return row!;
}

test("a job handed back by a worker that shuts down is taken by an idle worker at once", async () => {
  const first = stack.startWorker({ WORKER_PAGE_DELAY_MS: "1500", SHUTDOWN_GRACE_SECONDS: "1" });
  await listeners(1);
  const accepted = await submit(stack, { bytes: await makeTextPdf(6, "Handed back") });
  assert.equal(accepted.status, 202);
  const id = String(accepted.body.id);
  // Taken by the first worker (also through the notification: it polls every 60 s).
  let row = await jobRow(id);
  for (const deadline = Date.now() + PICK_UP_BOUND_MS; row.state !== "running"; row = await jobRow(id)) {
    assert.ok(Date.now() < deadline, `the submission was not taken: ${JSON.stringify(row)}`);
    await sleep(50);
  }
  const firstOwner = row.lockedBy;

  const second = stack.startWorker();
  await listeners(2);
  first.process.kill("SIGTERM");
  await first.exited;
  const handedBackBy = Date.now();
  assert.match(first.output(), /handed back to the queue|handing the job back/);

  // The second worker, idle in a 60 s poll, runs it within seconds.
  for (row = await jobRow(id); !(row.state === "running" && row.lockedBy !== firstOwner) && row.state !== "done"; row = await jobRow(id)) {
    assert.ok(Date.now() - handedBackBy < PICK_UP_BOUND_MS, `not taken again within ${PICK_UP_BOUND_MS} ms: ${JSON.stringify(row)}`);
    await sleep(50);
  }
  const done = await waitForJob(stack, id, {}, 60_000);
  assert.equal(done.body.status, "done");
  assert.equal(done.body.usage.pages, 6);
  second.process.kill("SIGTERM");
  await second.exited;
});
