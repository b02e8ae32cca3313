// Fairness (lib/jobs/queue.ts, MAX_RUNNING_JOBS_PER_ACCOUNT): one account's batch of many jobs
// takes the idle workers, but a job another account submits afterwards starts as soon as a worker
// frees up, not after the whole batch.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createKey, submit, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;

before(async () => {
  // Two workers, slowed so the batch lasts long enough to watch (6 jobs x 5 pages x 0.2 s).
  stack = await startStack({ workers: 2, env: { WORKER_PAGE_DELAY_MS: "200", MAX_RUNNING_JOBS_PER_ACCOUNT: "1" } });
});
after(async () => {
  await stack?.stop();
});

async function startedAt(id: string): Promise<number> {
  const [row] = await stack.query<{ startedAt: Date }>(`SELECT "startedAt" FROM "Job" WHERE id = $1`, [id]);
  return row!.startedAt.getTime();
}

test("another account's job does not wait for one account's whole batch", async () => {
  const [heavy, light] = await Promise.all([createKey(stack, "heavy@example.com"), createKey(stack, "light@example.com")]);
  const pdf = await makeTextPdf(5, "Batch");
  const batch: string[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await submit(stack, { bytes: pdf, headers: { authorization: `Bearer ${heavy}` } });
    assert.equal(answer.status, 202);
    batch.push(String(answer.body.id));
  }
  // Both workers are busy with the heavy account by now (nobody else was waiting).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [running] = await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Job" WHERE state = 'running'`);
  assert.equal(running!.n, 2, "the limit leaves no worker idle while only one account waits");
  const other = await submit(stack, { bytes: await makeTextPdf(1, "Urgent"), headers: { authorization: `Bearer ${light}` } });
  assert.equal(other.status, 202, JSON.stringify(other.body));
  const otherId = String(other.body.id);
  const results = await Promise.all(
    [...batch, otherId].map((id) => waitForJob(stack, id, { authorization: `Bearer ${id === otherId ? light : heavy}` }, 60_000)),
  );
  assert.deepEqual(
    results.map((r) => r.body.status),
    Array(7).fill("done"),
  );
  // Without fairness the later job would start after all six; with it, right after the first
  // batch job ends, ahead of (at least) the last three of the batch.
  const otherStart = await startedAt(otherId);
  const batchStarts = await Promise.all(batch.map(startedAt));
  const startedLater = batchStarts.filter((start) => start > otherStart).length;
  assert.ok(startedLater >= 3, `${startedLater} batch jobs started after the other account's job`);
});
