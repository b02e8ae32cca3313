// A job's storage stops taking writes mid-job (here: the job's pages folder is replaced by a file,
// which no user, root included, can write into). The job stops at that first failed write, not
// after reading every other page, and fails with a storage reason; nothing is charged.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { createKey, getJob, submit } from "../support/api";
import { startStack, type Stack } from "../support/stack";
import { tablePagesPdfBytes } from "../support/table-pages";

const PAGES = 8;
const PAGE_DELAY_MS = 1000;
let stack: Stack;

before(async () => {
  stack = await startStack({ env: { WORKER_PAGE_DELAY_MS: String(PAGE_DELAY_MS) } });
});

after(async () => {
  await stack?.stop();
});

test("an unwritable job folder stops the job at the first failed write: storage reason, not charged", async () => {
  const key = await createKey(stack, "storage@example.com", 10);
  const accepted = await submit(stack, { bytes: await tablePagesPdfBytes(PAGES), headers: { authorization: `Bearer ${key}` } });
  assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
  const jobId = String(accepted.body.id);
  const pages = path.join(stack.dataDir, "jobs", jobId, "pages");
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(path.join(pages, "1.json"))) {
    assert.ok(Date.now() < deadline, "page 1 was never stored");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fs.renameSync(pages, `${pages}.moved`);
  fs.writeFileSync(pages, "not a folder");
  const brokenAt = Date.now();

  let answer = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
  while (answer.body.status === "running" || answer.body.status === "queued") {
    assert.ok(Date.now() < deadline, JSON.stringify(answer.body));
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await getJob(stack, jobId, { authorization: `Bearer ${key}` });
  }
  const stoppedAfterMs = Date.now() - brokenAt;
  assert.equal(answer.body.status, "failed", JSON.stringify(answer.body));
  assert.match(String(answer.body.detail), /could not be stored/);
  assert.match(String(answer.body.detail), /nothing was charged/);
  assert.doesNotMatch(String(answer.body.detail), /\/tmp|jobs\/|EEXIST|ENOTDIR/);
  // Stopped at the next page's write, not after the remaining pages (PAGE_DELAY_MS each).
  assert.ok(stoppedAfterMs < 3 * PAGE_DELAY_MS + 2000, `stopped ${stoppedAfterMs} ms after the folder broke`);
  const stored = fs.readdirSync(`${pages}.moved`).length;
  assert.ok(stored <= 2, `${stored} pages were stored before the job stopped`);
  const ledger = await stack.query<{ kind: string; amountMicros: string }>(
    `SELECT kind, "amountMicros"::text FROM "LedgerEntry" WHERE "jobId" = $1`,
    [jobId],
  );
  assert.deepEqual(ledger.map((entry) => entry.kind).sort(), ["hold", "release"]);
  assert.equal(
    ledger.reduce((sum, entry) => sum + Number(entry.amountMicros), 0),
    0,
  );
  assert.match(stack.workers[0]!.output(), /storage write failed: page \d/);
});
