// The anonymous trial: pages per day and submissions per hour per
// address, 429 with Retry-After, atomic under a parallel burst, failed pages given back, the
// client address from the socket (X-Forwarded-For only from trusted proxies), and accounts exempt.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createKey, submit, waitForJob } from "../support/api";
import { makePartlyBrokenPdf, makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let trusting: Stack; // behind a trusted proxy (127.0.0.1): X-Forwarded-For names the client
let direct: Stack; // no trusted proxy: X-Forwarded-For is ignored

before(async () => {
  const limits = { TRIAL_PAGES_PER_DAY: "10", TRIAL_SUBMISSIONS_PER_HOUR: "100" };
  trusting = await startStack({ env: { ...limits, TRUSTED_PROXIES: "127.0.0.1" } });
  direct = await startStack({ env: { TRIAL_PAGES_PER_DAY: "100", TRIAL_SUBMISSIONS_PER_HOUR: "3" } });
});
after(async () => {
  await trusting?.stop();
  await direct?.stop();
});

const from = (address: string) => ({ "x-forwarded-for": address });

describe("daily pages", () => {
  test("10 pages a day, then 429 with Retry-After until the next UTC day", async () => {
    const pdf = await makeTextPdf(3);
    for (let i = 0; i < 3; i++) assert.equal((await submit(trusting, { bytes: pdf, headers: from("203.0.113.1") })).status, 202);
    const refused = await submit(trusting, { bytes: pdf, headers: from("203.0.113.1") });
    assert.equal(refused.status, 429);
    assert.deepEqual(Object.keys(refused.body), ["detail"]);
    assert.match(String(refused.body.detail), /1 left today/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    const now = new Date();
    const untilMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    assert.ok(
      Number.isInteger(retryAfter) && Math.abs(retryAfter - untilMidnight) < 30,
      `Retry-After ${retryAfter}, expected about ${untilMidnight}`,
    );
    assert.equal((await submit(trusting, { bytes: await makeTextPdf(1), headers: from("203.0.113.1") })).status, 202);
    assert.equal((await submit(trusting, { bytes: await makeTextPdf(1), headers: from("203.0.113.1") })).status, 429);
  });

  test("another address has its own quota", async () => {
    assert.equal((await submit(trusting, { bytes: await makeTextPdf(3), headers: from("203.0.113.2") })).status, 202);
  });

  test("twenty parallel submissions never get more than the quota through", async () => {
    const pdf = await makeTextPdf(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(trusting, { bytes: pdf, headers: from("203.0.113.3") })));
    const accepted = answers.filter((answer) => answer.status === 202).length;
    assert.equal(accepted, 10);
    assert.equal(answers.filter((answer) => answer.status === 429).length, 10);
  });

  test("failed pages give their trial pages back", async () => {
    const answer = await submit(trusting, { bytes: await makePartlyBrokenPdf(5, 5), headers: from("203.0.113.4") });
    assert.equal(answer.status, 202);
    const done = await waitForJob(trusting, String(answer.body.id));
    assert.equal(done.body.usage.pages_failed, 1);
    // 5 counted at submission, 1 given back: 6 of 10 remain.
    for (let i = 0; i < 50; i++) {
      const [row] = await trusting.query<{ count: number }>(
        `SELECT count FROM "TrialUsage" WHERE address = '203.0.113.4' AND "window" LIKE 'day:%'`,
      );
      if (row!.count === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal((await submit(trusting, { bytes: await makeTextPdf(6), headers: from("203.0.113.4") })).status, 202);
    assert.equal((await submit(trusting, { bytes: await makeTextPdf(1), headers: from("203.0.113.4") })).status, 429);
  });

  test("an API key is not subject to the trial", async () => {
    const key = await createKey(trusting, "paying@example.com", 5);
    const pdf = await makeTextPdf(3);
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await submit(trusting, { bytes: pdf, headers: { ...from("203.0.113.1"), authorization: `Bearer ${key}` } })).status,
        202,
      );
    }
  });
});

describe("hourly submissions and the client address", () => {
  test("over the hourly submissions: 429 with Retry-After within the hour", async () => {
    const pdf = await makeTextPdf(1);
    for (let i = 0; i < 3; i++) assert.equal((await submit(direct, { bytes: pdf })).status, 202);
    const refused = await submit(direct, { bytes: pdf });
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 3600, String(retryAfter));
  });

  test("without a trusted proxy, X-Forwarded-For cannot reset the quota", async () => {
    const refused = await submit(direct, { bytes: await makeTextPdf(1), headers: from("198.51.100.7") });
    assert.equal(refused.status, 429);
    const [row] = await direct.query<{ n: number }>(`SELECT count(*)::int AS n FROM "TrialUsage" WHERE address = '198.51.100.7'`);
    assert.equal(row!.n, 0);
  });
});
