// The database goes away under a running service, three ways an operator's bad day takes it:
// Postgres shut down fast (as after a crash or an OOM kill of the server), Postgres frozen for
// 20 s (SIGSTOP of the postmaster and its backends: a hung host, a storage stall) and the
// postmaster killed with SIGKILL. The service runs as in production (`npm start`, its embedded
// Postgres under the supervisor, one worker), a 8-page job is running, and while the database is
// gone four probes keep asking: the job's status, a submission, /readyz and /metrics. Checked for
// each fault: no answer but 503 (with Retry-After and a {detail} body) for what needs the
// database, every answer within a bound, /readyz 503 within 2 s, recovery without anyone's help,
// the job done, its lease kept (never re-queued) and its pages charged exactly once. Then the same
// with an external DATABASE_URL whose server goes down and comes back on its address (what a
// managed Postgres's failover looks like to the service), which nobody supervises but the
// service must ride out all the same.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { findFreePort, startEmbeddedPostgres, type RunningPostgres } from "../../lib/db/embedded-postgres";
import { applyMigrations } from "../../lib/db/migrate";
import { createKey, USER_AGENT } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import type { Stack } from "../support/stack";
import { childProcesses, startSupervisedStack, type SupervisedStack } from "../support/supervised-stack";
import { tablePagesPdfBytes } from "../support/table-pages";

const PAGES = 8;
/** Each page takes at least this long, so the job is still running when the fault strikes. */
const PAGE_DELAY_MS = 1500;
const PRICE_MICROS = 60_000; // PRICE_PER_PAGE_USD's default
/** DB_QUERY_TIMEOUT_MS (6 s) for a query sent to a frozen server, once more for the rollback of
 * its transaction, and 3 s of slack for a busy 2-core machine. */
const ANSWER_BOUND_MS = 15_000;
/** /readyz must say 503 within 2 s of the database going away; a probe already under way when it
 * goes (they follow each other 150 ms apart) may still answer 200. */
const READYZ_BOUND_MS = 2000;
const FREEZE_MS = 20_000;
const PAGE_PROBE = "GET /jobs/{id} (page)";

let stack: SupervisedStack;
const stacks: SupervisedStack[] = [];
let key: string;
let probeKey: string;
let probePdf: Uint8Array;
let jobPdf: Uint8Array;
const summaries: string[] = [];

async function useStack(env: Record<string, string> = {}): Promise<void> {
  stack = await startSupervisedStack({ WORKERS: "1", WORKER_PAGE_DELAY_MS: String(PAGE_DELAY_MS), ...env });
  stacks.push(stack);
  // createKey drives the admin command, which needs only the database and DATA_DIR.
  const asStack = { databaseUrl: stack.databaseUrl, dataDir: stack.dataDir } as unknown as Stack;
  key = await createKey(asStack, "faults@example.com", 100);
  // Submissions on a key with no money reach the database (the hold) and are refused with 402:
  // the probe exercises the submission path without queueing work in front of the next job.
  probeKey = await createKey(asStack, "probe@example.com", 0);
}

let external: RunningPostgres | null = null;
/** The embedded stack's log, kept when it is stopped. */
let supervisorLog = "";
let externalDir = "";

before(async () => {
  probePdf = await makeTextPdf(1, "Probe");
  jobPdf = await tablePagesPdfBytes(PAGES);
});

after(async () => {
  for (const line of summaries) console.log(line);
  // The supervisor's account of the restarts, for the operator's view of the same faults.
  for (const line of supervisorLog.split("\n")) if (/\[start\].*(Postgres|postgres:)/.test(line)) console.log(`[database-faults] ${line}`);
  for (const started of stacks) await started.stop();
  await external?.stop().catch(() => undefined);
  if (externalDir) fs.rmSync(externalDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const auth = (token: string) => ({ authorization: `Bearer ${token}`, "user-agent": USER_AGENT });

interface Answer {
  probe: string;
  /** -1: no answer at all (connection refused, or no answer within 40 s). */
  status: number;
  startedAt: number;
  answeredAt: number;
  retryAfter: string | null;
  detail: unknown;
}

function startProbes(jobId: string) {
  const answers: Answer[] = [];
  let running = true;
  const loop = async (probe: string, request: () => Promise<Response>) => {
    while (running) {
      const startedAt = Date.now();
      let status = -1;
      let retryAfter: string | null = null;
      let detail: unknown;
      try {
        const response = await request();
        status = response.status;
        retryAfter = response.headers.get("retry-after");
        const text = await response.text();
        // Pages answer HTML: their text is kept whole for the checks below.
        if (status >= 400 || !/json/.test(response.headers.get("content-type") ?? ""))
          detail = /json/.test(response.headers.get("content-type") ?? "") ? (JSON.parse(text) as { detail?: unknown }).detail : text;
      } catch (error) {
        detail = String(error);
      }
      answers.push({ probe, status, startedAt, answeredAt: Date.now(), retryAfter, detail });
      await sleep(150);
    }
  };
  const signal = () => AbortSignal.timeout(40_000);
  const loops = [
    loop("GET /v1/parse/{id}", () => fetch(`${stack.baseUrl}/v1/parse/${jobId}`, { headers: auth(key), signal: signal() })),
    loop("POST /v1/parse", () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(probePdf)], { type: "application/pdf" }), "probe.pdf");
      return fetch(`${stack.baseUrl}/v1/parse`, { method: "POST", body: form, headers: auth(probeKey), signal: signal() });
    }),
    loop("GET /readyz", () => fetch(`${stack.baseUrl}/readyz`, { headers: { "user-agent": USER_AGENT }, signal: signal() })),
    loop("GET /metrics", () => fetch(`${stack.baseUrl}/metrics`, { headers: { "user-agent": USER_AGENT }, signal: signal() })),
    // The job's page, asked by a browser that does not own it: 404 while the database answers.
    loop(PAGE_PROBE, () => fetch(`${stack.baseUrl}/jobs/${jobId}`, { headers: { "user-agent": USER_AGENT }, signal: signal() })),
  ];
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function submitJob(): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jobPdf)], { type: "application/pdf" }), "stock.pdf");
  const response = await fetch(`${stack.baseUrl}/v1/parse`, { method: "POST", body: form, headers: auth(key) });
  const body = (await response.json()) as { id?: string; detail?: string };
  assert.equal(response.status, 202, JSON.stringify(body));
  return body.id!;
}

async function jobRow(jobId: string) {
  const [row] = await stack.query<{ state: string; requeues: number; stage: string }>(
    `SELECT state, requeues, stage FROM "Job" WHERE id = $1`,
    [jobId],
  );
  return row!;
}

/** Waits until the job's worker has stored `pages` finished pages (so the fault strikes mid-job). */
async function waitUntilMidJob(jobId: string, pages: number): Promise<void> {
  const folder = path.join(stack.dataDir, "jobs", jobId, "pages");
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stored = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => /^\d+\.json$/.test(name)).length : 0;
    if (stored >= pages) {
      assert.equal((await jobRow(jobId)).state, "running");
      return;
    }
    assert.ok(Date.now() < deadline, `the job never got to page ${pages}: ${JSON.stringify(await jobRow(jobId))}`);
    await sleep(100);
  }
}

async function waitForDone(jobId: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(`${stack.baseUrl}/v1/parse/${jobId}`, { headers: auth(key) });
      if (answer.ok) {
        const body = (await answer.json()) as { status?: string };
        if (body.status === "done") return Date.now();
        assert.notEqual(body.status, "failed", `the job failed: ${JSON.stringify(body)}`);
      }
    } catch {
      // asked again below
    }
    assert.ok(Date.now() < deadline, `the job was not done within ${timeoutMs} ms\n${stack.output().slice(-4000)}`);
    await sleep(250);
  }
}

/** Runs one fault against a job mid-run and checks everything the service promises. */
async function survive(name: string, inflict: () => Promise<void>): Promise<void> {
  const jobId = await submitJob();
  await waitUntilMidJob(jobId, 2);
  const probes = startProbes(jobId);
  await sleep(600); // a few healthy answers first
  const faultAt = Date.now();
  await inflict();
  const restoredAt = Date.now(); // inflict returns when the database has been let go (frozen: continued)
  let doneAt: number;
  try {
    doneAt = await waitForDone(jobId, 120_000);
    // Probes go on a moment after the job is done: the service stays up.
    await sleep(1000);
  } finally {
    await probes.stop();
  }
  const answers = probes.answers;
  const during = answers.filter((answer) => answer.answeredAt >= faultAt);

  // No 500, no hang, no dropped connection: 2xx, the probe key's 402, or 503 with Retry-After.
  // The page: its 404, a 503 page, or (a render the database left half-way) the notice that it
  // will try again.
  for (const answer of during) {
    const line = `${name}: ${answer.probe} answered ${answer.status} after ${answer.answeredAt - answer.startedAt} ms (${String(JSON.stringify(answer.detail)).slice(0, 300)})`;
    if (answer.probe === PAGE_PROBE) {
      assert.ok(
        answer.status === 404 || answer.status === 503 || (answer.status === 200 && /Temporarily unavailable/.test(String(answer.detail))),
        line,
      );
      if (answer.status === 503) {
        assert.ok(Number(answer.retryAfter) > 0, `${line}: no Retry-After`);
        assert.match(String(answer.detail), /Temporarily unavailable/, line);
      }
      assert.doesNotMatch(String(answer.detail), /ECONN|127\.0\.0\.1|password|prisma|\/work\/|\/tmp\//i, line);
      assert.ok(answer.answeredAt - answer.startedAt <= ANSWER_BOUND_MS, `${line}: slower than ${ANSWER_BOUND_MS} ms`);
      continue;
    }
    assert.ok([200, 202, 402, 503].includes(answer.status), line);
    if (answer.status === 503) {
      assert.ok(Number(answer.retryAfter) > 0, `${line}: no Retry-After`);
      assert.equal(typeof answer.detail, "string", `${line}: no {detail}`);
      assert.doesNotMatch(String(answer.detail), /postgres|ECONN|127\.0\.0\.1|password|prisma|\/work|\/tmp/i, line);
    }
    assert.ok(answer.answeredAt - answer.startedAt <= ANSWER_BOUND_MS, `${line}: slower than ${ANSWER_BOUND_MS} ms`);
  }
  // The outage was seen by the database-backed probes (the test did take the database away).
  const unavailable = during.filter((answer) => answer.status === 503);
  assert.ok(
    unavailable.some((answer) => answer.probe === "GET /readyz"),
    `${name}: /readyz never said 503`,
  );
  const firstReadyz503 = during.find((answer) => answer.probe === "GET /readyz" && answer.status === 503)!;
  const readyzAfterMs = firstReadyz503.answeredAt - faultAt;
  assert.ok(readyzAfterMs <= READYZ_BOUND_MS + 150, `${name}: /readyz said 503 only ${readyzAfterMs} ms after the database went away`);
  // Recovery: /readyz 200 again, the job page and a submission answer again.
  const lastReadyz503 = [...during].reverse().find((answer) => answer.probe === "GET /readyz" && answer.status === 503)!;
  const readyAgain = during.find(
    (answer) => answer.probe === "GET /readyz" && answer.status === 200 && answer.startedAt > lastReadyz503.startedAt,
  );
  assert.ok(readyAgain, `${name}: /readyz never came back`);
  for (const probe of ["GET /v1/parse/{id}", "POST /v1/parse", "GET /metrics"]) {
    const last = [...answers].reverse().find((answer) => answer.probe === probe);
    assert.ok(last && [200, 402].includes(last.status), `${name}: ${probe} did not recover: ${JSON.stringify(last)}`);
  }
  const lastPage = [...answers].reverse().find((answer) => answer.probe === PAGE_PROBE);
  assert.equal(lastPage?.status, 404, `${name}: the job page did not recover: ${String(JSON.stringify(lastPage)).slice(0, 300)}`);
  assert.ok(
    during.some((answer) => answer.probe === PAGE_PROBE && answer.status === 503),
    `${name}: the job page never said 503 while the database was away`,
  );

  // The job: done, its lease kept (no re-queue), its pages charged once, the hold released.
  const row = await jobRow(jobId);
  assert.equal(row.state, "done");
  assert.equal(row.requeues, 0, `${name}: the job was re-queued`);
  const ledger = await stack.query<{ kind: string; amountMicros: string }>(
    `SELECT kind, "amountMicros"::text FROM "LedgerEntry" WHERE "jobId" = $1 ORDER BY kind`,
    [jobId],
  );
  const charges = ledger.filter((entry) => entry.kind === "charge");
  assert.equal(charges.length, 1, `${name}: ledger ${JSON.stringify(ledger)}`);
  assert.equal(Number(charges[0]!.amountMicros), -PAGES * PRICE_MICROS);
  assert.equal(
    ledger.reduce((sum, entry) => sum + Number(entry.amountMicros), 0),
    -PAGES * PRICE_MICROS,
    `${name}: hold not released once: ${JSON.stringify(ledger)}`,
  );

  const byProbe = new Map<string, Answer[]>();
  for (const answer of during) byProbe.set(answer.probe, [...(byProbe.get(answer.probe) ?? []), answer]);
  const seen = [...byProbe]
    .map(([probe, list]) => {
      const counts = new Map<number, number>();
      for (const answer of list) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const max = Math.max(...list.map((answer) => answer.answeredAt - answer.startedAt));
      return `${probe} ${[...counts].map(([status, count]) => `${status}x${count}`).join(" ")} max ${max} ms`;
    })
    .join("; ");
  summaries.push(
    `[database-faults] ${name}: ${seen}; /readyz 503 after ${readyzAfterMs} ms; ready again ${readyAgain.answeredAt - restoredAt} ms after the database was let go ` +
      `(${readyAgain.answeredAt - faultAt} ms after the fault); job done ${doneAt - faultAt} ms after the fault, requeues ${row.requeues}; ledger ${ledger.map((entry) => `${entry.kind} ${entry.amountMicros}`).join(", ")}`,
  );
}

/** Waits until the supervisor has a postmaster running again other than `old`. */
async function waitForNewPostmaster(old: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (stack.postmasterPid() === old || stack.postmasterPid() === null) {
    assert.ok(Date.now() < deadline, `Postgres was not restarted\n${stack.output().slice(-3000)}`);
    await sleep(100);
  }
}

describe("the database goes away under a running job", () => {
  before(async () => {
    await useStack();
  });

  test("fast shutdown: the supervisor restarts Postgres; 503s meanwhile; the job finishes, charged once", async () => {
    await survive("fast shutdown", async () => {
      const pid = stack.postmasterPid()!;
      process.kill(pid, "SIGINT"); // Postgres's fast shutdown
      await waitForNewPostmaster(pid);
    });
    assert.match(stack.output(), /embedded Postgres exited \(code 0\); restarting it/);
  });

  test("frozen for 20 s (SIGSTOP): answers stay bounded 503s; everything resumes when it thaws", async () => {
    await survive("SIGSTOP 20 s", async () => {
      const pid = stack.postmasterPid()!;
      const frozen = [pid, ...childProcesses(pid)];
      for (const process_ of frozen) process.kill(process_, "SIGSTOP");
      await sleep(FREEZE_MS);
      for (const process_ of frozen) process.kill(process_, "SIGCONT");
    });
    // A frozen server has not exited: nobody restarted it.
    assert.doesNotMatch(stack.output(), /exited \(SIGSTOP|exited \(null/);
  });

  test("postmaster killed with SIGKILL: restarted after crash recovery; the job finishes, charged once", async () => {
    await survive("SIGKILL", async () => {
      const pid = stack.postmasterPid()!;
      process.kill(pid, "SIGKILL");
      await waitForNewPostmaster(pid);
    });
    assert.match(stack.output(), /embedded Postgres exited \(SIGKILL\); restarting it/);
  });
});

describe("an external DATABASE_URL whose server fails over", () => {
  before(async () => {
    // The embedded stack is done with: its CPU goes to this one.
    supervisorLog = stacks[0]?.output() ?? "";
    await stacks[0]?.stop();
    stacks.shift();
    // The "managed" server: a Postgres of the test's own on a fixed address, not supervised by
    // the service (npm start only supervises the server it starts itself).
    externalDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-external-pg-"));
    external = await startEmbeddedPostgres(externalDir, () => undefined, { port: await findFreePort() });
    await applyMigrations(external.url, path.join(import.meta.dirname, "..", "..", "prisma", "migrations"));
    await useStack({ DATABASE_URL: external.url });
  });

  test("the server goes down for 3 s and comes back on its address: 503s meanwhile, then everything resumes by itself", async () => {
    await survive("external failover", async () => {
      const port = Number(new URL(external!.url).port);
      await external!.stop();
      await sleep(3000);
      external = await startEmbeddedPostgres(externalDir, () => undefined, { port });
    });
    assert.doesNotMatch(stack.output(), /embedded Postgres/, "npm start ran no database of its own");
  });
});
