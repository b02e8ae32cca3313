// The worker's wake-up on queued jobs (job-wakeup.ts), against the test run's real Postgres
// server: a committed notification wakes the wait at once, a rolled-back one does not, one heard
// between waits is not lost, and a killed listening connection comes back and hears again.
import { test } from "node:test";
import assert from "node:assert/strict";
import pg from "pg";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { JobWakeup, notifyJobQueued, JOB_QUEUED_CHANNEL } from "./job-wakeup";

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  assert.ok(url, "TEST_DATABASE_URL is set by scripts/run-tests.ts");
  return url;
}

async function timed(promise: Promise<void>): Promise<number> {
  const started = performance.now();
  await promise;
  return performance.now() - started;
}

test("a notification committed by the submission's transaction wakes the wait long before the poll", async () => {
  const wakeup = new JobWakeup({ connectionString: serverUrl() });
  await wakeup.start();
  assert.equal(wakeup.listening, true);
  // Connecting looks once for jobs queued while it was not listening.
  assert.ok((await timed(wakeup.wait(5_000))) < 100);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: serverUrl() }) });
  try {
    const waiting = timed(wakeup.wait(10_000));
    await db.$transaction(async (tx) => {
      await notifyJobQueued(tx);
      // Not heard before the commit: the job is not visible to a claim yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(wakeup.heard, 1);
    });
    const ms = await waiting;
    assert.ok(ms >= 250 && ms < 2_000, `woken ${ms.toFixed(0)} ms after the wait began (the commit came at ~300 ms)`);
    assert.equal(wakeup.heard, 2);

    // Rolled back: no job, no wake-up; the poll ends the wait.
    const rolledBack = timed(wakeup.wait(700));
    await db
      .$transaction(async (tx) => {
        await notifyJobQueued(tx);
        throw new Error("refused");
      })
      .catch(() => undefined);
    assert.ok((await rolledBack) >= 650, "a rolled-back submission wakes nobody");
    assert.equal(wakeup.heard, 2);
  } finally {
    await db.$disconnect();
    await wakeup.stop();
  }
});

test("a notification heard while the loop was claiming makes the next wait return at once", async () => {
  const wakeup = new JobWakeup({ connectionString: serverUrl() });
  await wakeup.start();
  await wakeup.wait(10);
  const other = new pg.Client({ connectionString: serverUrl() });
  await other.connect();
  try {
    await other.query(`NOTIFY ${JOB_QUEUED_CHANNEL}`);
    const deadline = Date.now() + 3_000;
    while (wakeup.heard < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(wakeup.heard, 2);
    assert.ok((await timed(wakeup.wait(5_000))) < 100);
    // Taken: the wait after it sleeps again.
    assert.ok((await timed(wakeup.wait(300))) >= 250);
  } finally {
    await other.end();
    await wakeup.stop();
  }
});

test("a lost listening connection is reported, comes back, and hears again", async () => {
  const errors: string[] = [];
  const wakeup = new JobWakeup({ connectionString: serverUrl(), onError: (error) => errors.push(error.message) });
  await wakeup.start();
  await wakeup.wait(10);
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    const killed = await admin.query(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = $1`, [
      `LISTEN ${JOB_QUEUED_CHANNEL}`,
    ]);
    assert.ok(
      killed.rows.some((r: { ok: boolean }) => r.ok),
      "the listening backend was found and terminated",
    );
    const deadline = Date.now() + 10_000;
    while (!(wakeup.listening && errors.length > 0 && wakeup.heard >= 2) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(errors.length > 0, "the loss is reported");
    assert.equal(wakeup.listening, true, "listening again");
    await wakeup.wait(10); // the look it takes on reconnecting
    const waiting = timed(wakeup.wait(10_000));
    await admin.query(`NOTIFY ${JOB_QUEUED_CHANNEL}`);
    assert.ok((await waiting) < 2_000);
  } finally {
    await admin.end();
    await wakeup.stop();
  }
});
