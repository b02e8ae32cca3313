// A smaller run of the load test (scripts/load-test.ts runs 200): 40 submissions at once on
// loopback, S3 storage, two workers each on its own DATA_DIR. Every accepted job ends done, none
// runs twice, none is re-queued; POST latency percentiles are printed.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { describeLoad, runLoad } from "../support/load";
import { startS3, type S3Server } from "../support/s3";
import { startStack, type Stack } from "../support/stack";

const SUBMISSIONS = 40;
let s3: S3Server;
let stack: Stack;
const dirs: string[] = [];

before(async () => {
  s3 = await startS3();
  stack = await startStack({ workers: 0, env: s3.env });
  for (let i = 0; i < 2; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-load-worker-"));
    dirs.push(dataDir);
    stack.startWorker({ DATA_DIR: dataDir });
  }
});
after(async () => {
  await stack?.stop();
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test(`${SUBMISSIONS} concurrent submissions, two workers: none lost, none run twice`, async () => {
  const figures = await runLoad(stack, stack.workers, SUBMISSIONS, 60_000);
  console.log(describeLoad(figures, 2));
  assert.equal(figures.accepted, SUBMISSIONS, `${JSON.stringify(figures.refused)}\n${stack.web.output().slice(-3000)}`);
  assert.deepEqual(figures.lost, []);
  assert.deepEqual(figures.ranTwice, []);
  assert.equal(figures.done, SUBMISSIONS);
  assert.equal(figures.requeued, 0);
  const [count] = await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Job"`);
  assert.equal(count!.n, SUBMISSIONS, "one job row per accepted submission");
  assert.ok(Number.isFinite(figures.postMs.p99));
});
