// Trial to customer through the web uploader: an anonymous upload marks the browser
// with a token cookie; the account that signs in from that browser takes the job over (on the
// way back from sign-in, or by opening the job), after which another account gets 404; a
// signed-in account without the money keeps the web trial; the price is never quoted for more
// than PDFPAGES_MAX_PAGES pages.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createKey, signIn, submit, USER_AGENT, waitForJob } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let idle: Stack; // no worker: jobs wait in the queue

before(async () => {
  [stack, idle] = await Promise.all([
    startStack({ env: { WEB_TRIAL_PAGES_PER_DAY: "10", PDFPAGES_MAX_PAGES: "12" } }),
    startStack({ workers: 0 }),
  ]);
});
after(async () => {
  await stack?.stop();
  await idle?.stop();
});

/** POST /jobs as the site's own uploader would (same origin), with the given cookies. */
async function upload(pages: number, cookie = "") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await makeTextPdf(pages))], { type: "application/pdf" }), "trial.pdf");
  const response = await fetch(`${stack.baseUrl}/jobs`, {
    method: "POST",
    body: form,
    headers: { "user-agent": USER_AGENT, origin: stack.baseUrl, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any>, setCookie: response.headers.get("set-cookie") };
}

const page = (path: string, cookie = "") =>
  fetch(`${stack.baseUrl}${path}`, { headers: { "user-agent": USER_AGENT, ...(cookie ? { cookie } : {}) }, redirect: "manual" });

const poll = (id: string, cookie = "") => page(`/v1/parse/${id}`, cookie);

async function owner(id: string): Promise<string | null> {
  const [row] = await stack.query<{ userId: string | null }>(`SELECT "userId" FROM "Job" WHERE id = $1`, [id]);
  return row!.userId;
}

async function userId(sessionCookie: string): Promise<string> {
  const token = sessionCookie.split("=")[1];
  const [row] = await stack.query<{ userId: string }>(`SELECT "userId" FROM "Session" WHERE "sessionToken" = $1`, [token]);
  return row!.userId;
}

let browser = ""; // the "pdftables-browser=..." cookie of the anonymous browser

describe("claiming anonymous uploads", () => {
  test("an anonymous web upload sets an HttpOnly browser cookie and has no owner", async () => {
    const answer = await upload(1);
    assert.equal(answer.status, 202);
    assert.match(answer.setCookie ?? "", /^pdftables-browser=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    browser = answer.setCookie!.split(";")[0]!;
    assert.equal(await owner(answer.body.id), null);
    // A second upload from the same browser keeps its token (no new cookie).
    const again = await upload(1, browser);
    assert.equal(again.status, 202);
    assert.equal(again.setCookie, null);
    const [a, b] = await stack.query<{ browserTokenDigest: string }>(`SELECT "browserTokenDigest" FROM "Job" WHERE id IN ($1, $2)`, [
      answer.body.id,
      again.body.id,
    ]);
    assert.ok(a!.browserTokenDigest && a!.browserTokenDigest === b!.browserTokenDigest);
    assert.notEqual(a!.browserTokenDigest, browser.split("=")[1], "only a digest is stored");
  });

  test("signing in from that browser claims its jobs; then only that account sees them", async () => {
    const first = await upload(1, browser);
    await waitForJob(stack, first.body.id);
    const alice = await signIn(stack, "alice@example.com");
    const bob = await signIn(stack, "bob@example.com");
    // Before: nobody owns it, so the review page is not open to anyone.
    assert.equal((await page(`/jobs/${first.body.id}/review`, bob)).status, 404);

    const welcome = await page(`/welcome?next=${encodeURIComponent(`/jobs/${first.body.id}/review`)}`, `${alice}; ${browser}`);
    assert.equal(welcome.status, 303);
    assert.equal(welcome.headers.get("location"), `/jobs/${first.body.id}/review`);
    assert.equal(await owner(first.body.id), await userId(alice));
    const [{ count }] = (await stack.query<{ count: string }>(`SELECT count(*) FROM "Job" WHERE "userId" = $1`, [await userId(alice)])) as [
      { count: string },
    ];
    assert.equal(Number(count), 3, "all three uploads of that browser");

    assert.equal((await poll(first.body.id, alice)).status, 200);
    assert.equal((await page(`/jobs/${first.body.id}/review`, alice)).status, 200, "now reviewable by its owner");
    assert.equal((await poll(first.body.id, bob)).status, 404, "another account");
    assert.equal((await page(`/jobs/${first.body.id}`, bob)).status, 404);
    assert.equal((await page(`/jobs/${first.body.id}/review`, bob)).status, 404);
    assert.equal((await poll(first.body.id)).status, 404, "and the anonymous id holder");
    // Bob signing in from the same browser later claims nothing: the jobs have an owner.
    await page(`/welcome?next=%2F`, `${bob}; ${browser}`);
    assert.equal(await owner(first.body.id), await userId(alice));
  });

  test("opening the job page signed in claims it too; another browser's token claims nothing", async () => {
    const mine = await upload(1, browser);
    const other = await upload(1); // a different browser: gets its own token
    assert.ok(other.setCookie);
    const carol = await signIn(stack, "carol@example.com");
    assert.equal((await page(`/jobs/${mine.body.id}`, `${carol}; ${browser}`)).status, 200);
    assert.equal(await owner(mine.body.id), await userId(carol));
    assert.equal(await owner(other.body.id), null);
    // A forged or malformed token matches nothing.
    await page(`/welcome?next=%2F`, `${carol}; pdftables-browser=${"A".repeat(43)}`);
    await page(`/welcome?next=%2F`, `${carol}; pdftables-browser=../../etc`);
    assert.equal(await owner(other.body.id), null);
  });

  test("/welcome only sends visitors on to paths of this site", async () => {
    const dave = await signIn(stack, "dave@example.com");
    for (const next of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const answer = await page(`/welcome?next=${encodeURIComponent(next)}`, dave);
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.get("location"), "/documents", next);
    }
  });
});

describe("the web trial for signed-in accounts", () => {
  // 10 web pages a day from this address; 5 went to the anonymous uploads above.
  test("an account with $0 keeps the web trial: free, counted on the address, owned by the account", async () => {
    const erin = await signIn(stack, "erin@example.com");
    const answer = await upload(2, erin);
    assert.equal(answer.status, 202);
    const [job] = await stack.query<{
      userId: string;
      pricePerPageMicros: string;
      heldMicros: string;
      trialDay: string | null;
      browserTokenDigest: string | null;
    }>(`SELECT "userId", "pricePerPageMicros", "heldMicros", "trialDay", "browserTokenDigest" FROM "Job" WHERE id = $1`, [answer.body.id]);
    assert.equal(job!.userId, await userId(erin));
    assert.equal(Number(job!.pricePerPageMicros), 0);
    assert.equal(Number(job!.heldMicros), 0);
    assert.ok(job!.trialDay);
    assert.equal(job!.browserTokenDigest, null);
    const done = await waitForJob(stack, answer.body.id, { cookie: erin });
    assert.equal(done.body.status, "done");
    assert.equal(done.body.usage.cost_usd, 0);
    const [balance] = await stack.query<{ balanceMicros: string }>(`SELECT "balanceMicros" FROM "User" WHERE id = $1`, [
      await userId(erin),
    ]);
    assert.equal(Number(balance!.balanceMicros), 0);
  });

  test("over what is left (3 pages after erin's 2), a 16-page file is refused with the pages left, not 'used up'", async () => {
    const erin = await signIn(stack, "erin@example.com");
    const answer = await upload(16, erin);
    assert.equal(answer.status, 429);
    assert.match(answer.body.detail, /3 left today/);
  });

  test("an account whose balance covers the document pays from it, not from the trial", async () => {
    await createKey(stack, "frank@example.com", 1);
    const frank = await signIn(stack, "frank@example.com");
    const answer = await upload(3, frank);
    assert.equal(answer.status, 202);
    const [job] = await stack.query<{ heldMicros: string; trialDay: string | null }>(
      `SELECT "heldMicros", "trialDay" FROM "Job" WHERE id = $1`,
      [answer.body.id],
    );
    assert.equal(Number(job!.heldMicros), 180_000);
    assert.equal(job!.trialDay, null);
  });
});

describe("quotes", () => {
  test("a document longer than PDFPAGES_MAX_PAGES is priced for the pages processed only", async () => {
    const key = await createKey(stack, "grace@example.com", 0.1);
    const refused = await submit(stack, { bytes: await makeTextPdf(16), headers: { authorization: `Bearer ${key}` } });
    assert.equal(refused.status, 402);
    assert.equal(refused.body.required_usd, 0.72, "12 pages x $0.06, not 16");
    const richer = await createKey(stack, "heidi@example.com", 5);
    const accepted = await submit(stack, { bytes: await makeTextPdf(16), headers: { authorization: `Bearer ${richer}` } });
    assert.equal(accepted.status, 202);
    assert.equal(accepted.body.pages, 12);
  });
});

describe("job progress", () => {
  const progress = async (id: string) => {
    const response = await fetch(`${idle.baseUrl}/jobs/${id}/progress`, { headers: { "user-agent": USER_AGENT } });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  test("queue position and an estimate from recent throughput", async () => {
    const ids: string[] = [];
    for (const pages of [2, 3, 1]) ids.push(String((await submit(idle, { bytes: await makeTextPdf(pages) })).body.id));
    const third = await progress(ids[2]!);
    assert.equal(third.status, 200);
    assert.deepEqual(third.body, {
      status: "queued",
      stage: "waiting for a worker",
      pages: 1,
      queue_position: 3,
      pages_done: null,
      pages_finished: 0,
      estimate_seconds: null,
    });
    assert.equal((await progress(ids[0]!)).body.queue_position, 1);

    // History: a finished 10-page job that took 20 s (2 s a page). The third job waits for
    // 2 + 3 pages on the one (assumed) worker, then takes 1 page: (5 + 1) x 2 s.
    await idle.query(
      `INSERT INTO "Job" (id, state, stage, "textLayer", "documentPages", pages, "fileName", "fileSha256", "fileBytes", "startedAt", "finishedAt", "createdAt")
       VALUES ('job_history0000000000000000', 'done', 'done', true, 10, 10, 'h.pdf', 'x', 1, now() - interval '30 seconds', now() - interval '10 seconds', now() - interval '40 seconds')`,
    );
    assert.equal((await progress(ids[2]!)).body.estimate_seconds, 12);

    // A running job reports pages done from the worker's progress.
    await idle.query(
      `UPDATE "Job" SET state = 'running', stage = 'page 2 of 2: reading text layer and rulings', "lockedBy" = 'w1', "heartbeatAt" = now() WHERE id = $1`,
      [ids[0]],
    );
    const running = await progress(ids[0]!);
    assert.equal(running.body.queue_position, null);
    assert.equal(running.body.pages_done, 1);
    assert.equal(running.body.estimate_seconds, 2);
    // Now ahead of the third: 1 page left of the running job and 3 queued, shared by 1 live worker.
    const waiting = await progress(ids[2]!);
    assert.equal(waiting.body.queue_position, 2);
    assert.equal(waiting.body.estimate_seconds, (1 + 3 + 1) * 2);
  });

  test("a scanned document: its stage does not speak of a text layer, and scans pace its estimate, which goes down while the page runs", async () => {
    const id = String((await submit(idle, { bytes: await makeTextPdf(1) })).body.id);
    // History: a scanned one-page job that took 22 s (text-layer jobs of this stack take ~2 s a page).
    await idle.query(
      `INSERT INTO "Job" (id, state, stage, "textLayer", "documentPages", pages, "fileName", "fileSha256", "fileBytes", "startedAt", "finishedAt", "createdAt")
       VALUES ('job_scanhistory00000000000', 'done', 'done', false, 1, 1, 's.pdf', 'x', 1, now() - interval '40 seconds', now() - interval '18 seconds', now() - interval '50 seconds')`,
    );
    await idle.query(
      `UPDATE "Job" SET state = 'running', "textLayer" = false, stage = 'page 1 of 1: reading text layer and rulings', "lockedBy" = 'w1', "heartbeatAt" = now(), "startedAt" = now() - interval '10 seconds' WHERE id = $1`,
      [id],
    );
    const running = await progress(id);
    assert.equal(running.body.stage, "page 1 of 1: reading the scanned page image");
    // 22 s a page for scans, 10 s of it spent already: about 12 s left (not the text-layer pace).
    assert.ok(running.body.estimate_seconds >= 11 && running.body.estimate_seconds <= 13, String(running.body.estimate_seconds));
    await idle.query(`UPDATE "Job" SET state = 'done', "finishedAt" = now() WHERE id = $1`, [id]);
  });

  test("another account's job: 404", async () => {
    const key = await createKey(idle, "owner@example.com", 5);
    const mine = await submit(idle, { bytes: await makeTextPdf(1), headers: { authorization: `Bearer ${key}` } });
    assert.equal((await progress(String(mine.body.id))).status, 404);
  });
});
