// Prepaid billing (402 when short): amounts in integer micro-dollars, a
// hold at submission, a settlement that charges delivered pages only, no double spending under
// concurrency, and revoked keys.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { admin, createKey, deleteJob, getJob, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makePartlyBrokenPdf, makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;

before(async () => {
  // MAX_REQUEUES 0 and a short lease: one kill -9 fails a job, to test the full release.
  stack = await startStack({ env: { MAX_REQUEUES: "0", WORKER_LEASE_SECONDS: "2" } });
});
after(async () => {
  await stack?.stop();
});

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function balanceMicros(email: string): Promise<bigint> {
  const [row] = await stack.query<{ balanceMicros: string }>(`SELECT "balanceMicros" FROM "User" WHERE email = $1`, [email]);
  return BigInt(row!.balanceMicros);
}

async function ledger(email: string) {
  return stack.query<{ kind: string; amountMicros: string; jobId: string | null }>(
    `SELECT l.kind, l."amountMicros", l."jobId" FROM "LedgerEntry" l JOIN "User" u ON u.id = l."userId" WHERE u.email = $1 ORDER BY l."createdAt", l.kind`,
    [email],
  );
}

/** Polls the job row until it has ended; returns how many times it was seen ended but not
 * settled. */
async function watchForUnsettledEnd(jobId: string): Promise<number> {
  let sightings = 0;
  for (;;) {
    const [row] = await stack.query<{ state: string; settledAt: Date | null; heldMicros: string }>(
      `SELECT state, "settledAt", "heldMicros" FROM "Job" WHERE id = $1`,
      [jobId],
    );
    const ended = row!.state === "done" || row!.state === "failed";
    if (ended && (row!.settledAt === null || row!.heldMicros !== "0")) sightings++;
    if (ended) return sightings;
  }
}

describe("402 and holds", () => {
  test("insufficient balance: 402 with the exact amounts; nothing queued or charged", async () => {
    const key = await createKey(stack, "poor@example.com", 0.1);
    const jobsBefore = (await stack.query(`SELECT id FROM "Job"`)).length;
    const answer = await submit(stack, { bytes: await makeTextPdf(3), headers: auth(key) });
    assert.equal(answer.status, 402);
    assert.deepEqual(Object.keys(answer.body).sort(), ["balance_usd", "detail", "required_usd"]);
    assert.equal(answer.body.balance_usd, 0.1);
    assert.equal(answer.body.required_usd, 0.18);
    assert.equal((await stack.query(`SELECT id FROM "Job"`)).length, jobsBefore);
    assert.equal(await balanceMicros("poor@example.com"), 100_000n);
    assert.deepEqual(
      (await ledger("poor@example.com")).map((row) => row.kind),
      ["admin_credit"],
    );
  });

  test("a new key on a $0 balance: 402 for the whole document, saying what this server offers", async () => {
    const key = await createKey(stack, "newcomer@example.com", 0);
    const answer = await submit(stack, { bytes: await makeTextPdf(3), headers: auth(key) });
    assert.equal(answer.status, 402);
    assert.deepEqual(Object.keys(answer.body).sort(), ["balance_usd", "detail", "required_usd"]);
    assert.equal(answer.body.balance_usd, 0);
    // The three pages, not the one page an early guess would ask for.
    assert.equal(answer.body.required_usd, 0.18);
    const detail = String(answer.body.detail);
    // This stack has no Stripe: no top-up to send the customer to, and it says so.
    assert.doesNotMatch(detail, /top up your/i);
    assert.match(detail, /\$0\.18 needed, \$0\.00 on the account/);
    assert.match(detail, /no payments/);
    assert.match(detail, /free trial of \d+ pages a day/);
    assert.deepEqual(
      (await ledger("newcomer@example.com")).map((row) => row.kind).filter((kind) => kind !== "admin_credit"),
      [],
    );
  });

  test("requesting fewer pages fits the balance", async () => {
    const key = await createKey(stack, "frugal@example.com", 0.12);
    const answer = await submit(stack, { bytes: await makeTextPdf(3), fields: { pages: "2" }, headers: auth(key) });
    assert.equal(answer.status, 202);
    assert.equal((await waitForJob(stack, String(answer.body.id), auth(key))).body.usage.cost_usd, 0.12);
    assert.equal(await balanceMicros("frugal@example.com"), 0n);
  });

  test("concurrent submissions never spend the same balance", async () => {
    const key = await createKey(stack, "racer@example.com", 0.12);
    const pdf = await makeTextPdf(1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(stack, { bytes: pdf, headers: auth(key) })));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [202, 202, 402, 402, 402, 402]);
    for (const answer of answers.filter((a) => a.status === 202)) {
      assert.equal((await waitForJob(stack, String(answer.body.id), auth(key))).body.status, "done");
    }
    assert.equal(await balanceMicros("racer@example.com"), 0n);
  });
});

describe("settlement", () => {
  test("a done job is charged for delivered pages; ledger: credit, hold, release, charge", async () => {
    const key = await createKey(stack, "payer@example.com", 1);
    const answer = await submit(stack, { bytes: await makeTextPdf(3), headers: auth(key) });
    assert.equal(await balanceMicros("payer@example.com"), 1_000_000n - 180_000n, "held at submission");
    const done = await waitForJob(stack, String(answer.body.id), auth(key));
    assert.deepEqual(
      { pages: done.body.usage.pages, price: done.body.usage.price_per_page_usd, cost: done.body.usage.cost_usd },
      { pages: 3, price: 0.06, cost: 0.18 },
    );
    assert.equal(await balanceMicros("payer@example.com"), 820_000n);
    const rows = (await ledger("payer@example.com")).map((row) => [row.kind, row.amountMicros]).sort();
    assert.deepEqual(rows, [
      ["admin_credit", "1000000"],
      ["charge", "-180000"],
      ["hold", "-180000"],
      ["release", "180000"],
    ]);
  });

  test("a partly failed job: only delivered pages are charged", async () => {
    const key = await createKey(stack, "partial@example.com", 1);
    const answer = await submit(stack, { bytes: await makePartlyBrokenPdf(4, 4), headers: auth(key) });
    assert.equal(answer.status, 202);
    // Watch the row while it runs: an ended job is never seen unsettled (the job ends and its
    // money moves in one transaction; CI once saw `done` with the hold still held).
    const unsettledSightings = await watchForUnsettledEnd(String(answer.body.id));
    assert.equal(unsettledSightings, 0);
    const done = await waitForJob(stack, String(answer.body.id), auth(key));
    assert.equal(done.body.status, "done");
    assert.equal(done.body.usage.pages, 3);
    assert.equal(done.body.usage.pages_failed, 1);
    assert.equal(done.body.usage.cost_usd, 0.18);
    assert.equal(done.body.result.pages.find((page: { page: number }) => page.page === 4).unreadable, true);
    assert.equal(await balanceMicros("partial@example.com"), 1_000_000n - 180_000n);
  });

  test("batch mode is charged the batch price", async () => {
    const key = await createKey(stack, "batcher@example.com", 1);
    const answer = await submit(stack, { bytes: await makeTextPdf(2), fields: { mode: "batch" }, headers: auth(key) });
    const done = await waitForJob(stack, String(answer.body.id), auth(key));
    assert.equal(done.body.usage.price_per_page_usd, 0.036);
    assert.equal(await balanceMicros("batcher@example.com"), 1_000_000n - 72_000n);
  });

  test("a failed job is fully released", async () => {
    const key = await createKey(stack, "unlucky@example.com", 1);
    const worker = stack.workers[0]!;
    worker.process.kill("SIGTERM");
    await worker.exited;
    const answer = await submit(stack, { bytes: await makeTextPdf(6), headers: auth(key) });
    const id = String(answer.body.id);
    const doomed = stack.startWorker({ WORKER_PAGE_DELAY_MS: "400" });
    for (;;) {
      const [row] = await stack.query<{ stage: string }>(`SELECT stage FROM "Job" WHERE id = $1`, [id]);
      if (/^page 2/.test(row!.stage)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    doomed.process.kill("SIGKILL");
    await doomed.exited;
    stack.startWorker();
    const failed = await waitForJob(stack, id, auth(key));
    assert.equal(failed.body.status, "failed");
    // The reaper fails the job and releases its hold in one transaction: no waiting.
    assert.equal(await balanceMicros("unlucky@example.com"), 1_000_000n);
    assert.deepEqual((await ledger("unlucky@example.com")).map((row) => row.kind).sort(), ["admin_credit", "hold", "release"]);
  });

  test("deleting a job before it ends releases its hold", async () => {
    const key = await createKey(stack, "deleter@example.com", 1);
    const worker = stack.workers.find((w) => w.process.exitCode === null)!;
    worker.process.kill("SIGTERM");
    await worker.exited;
    try {
      const answer = await submit(stack, { bytes: await makeTextPdf(2), headers: auth(key) });
      assert.equal(await balanceMicros("deleter@example.com"), 880_000n);
      assert.equal((await deleteJob(stack, String(answer.body.id), auth(key))).status, 200);
      assert.equal(await balanceMicros("deleter@example.com"), 1_000_000n);
    } finally {
      stack.startWorker();
    }
  });

  test("a job ended by an older worker without settling is settled when a worker starts", async () => {
    const key = await createKey(stack, "legacy@example.com", 1);
    for (const worker of stack.workers.filter((w) => w.process.exitCode === null)) {
      worker.process.kill("SIGTERM");
      await worker.exited;
    }
    const answer = await submit(stack, { bytes: await makeTextPdf(2), headers: auth(key) });
    const id = String(answer.body.id);
    // What a worker from before the one-transaction settlement could leave behind: done, unsettled.
    await stack.query(
      `UPDATE "Job" SET state = 'done', stage = 'done', usage = '{"pages": 1, "pages_failed": 1}', "finishedAt" = now() WHERE id = $1`,
      [id],
    );
    assert.equal(await balanceMicros("legacy@example.com"), 880_000n);
    stack.startWorker();
    for (let i = 0; i < 100 && (await balanceMicros("legacy@example.com")) !== 940_000n; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await balanceMicros("legacy@example.com"), 940_000n, "2 pages held, 1 delivered: 1 charged");
    const [row] = await stack.query<{ settledAt: Date | null; heldMicros: string }>(
      `SELECT "settledAt", "heldMicros" FROM "Job" WHERE id = $1`,
      [id],
    );
    assert.ok(row!.settledAt);
    assert.equal(row!.heldMicros, "0");
  });
});

describe("keys", () => {
  test("a revoked key is 401 at once, and never the trial", async () => {
    const key = await createKey(stack, "revoked@example.com", 1);
    assert.equal((await submit(stack, { bytes: await makeTextPdf(1), headers: auth(key) })).status, 202);
    const output = await admin(stack, ["revoke-key", "--prefix", key.slice(0, 14)]);
    assert.match(output, /revoked 1 key/);
    assert.equal((await submit(stack, { bytes: await makeTextPdf(1), headers: auth(key) })).status, 401);
    assert.equal((await getJob(stack, "job_AAAAAAAAAAAAAAAAAAAAAA", auth(key))).status, 401);
  });
});

describe("top-ups on a server without Stripe", () => {
  test("the account page's form comes back with a notice instead of an error page", async () => {
    const cookie = await signIn(stack, "nostripe@example.com");
    const response = await fetch(`${stack.baseUrl}/account/topup`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ amount_usd: "10.00", request_id: "form-abcdef15" }),
      headers: { "user-agent": USER_AGENT, origin: stack.baseUrl, cookie },
    });
    assert.equal(response.status, 303);
    const location = new URL(response.headers.get("location")!);
    assert.equal(location.pathname + location.search, "/account?topup=unconfigured");
    const page = await fetch(`${stack.baseUrl}/account?topup=unconfigured`, {
      headers: { "user-agent": USER_AGENT, cookie },
    });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Payments are not configured on this server/);
  });
});
