// Operations under `npm start` (scripts/start.ts, real processes): two "machines" share nothing
// but Postgres and an S3-compatible store. Machine A runs ROLE=web with the embedded Postgres and
// prints the DATABASE_URL for others; machine B runs ROLE=worker against that URL, with its
// metrics on WORKER_METRICS_PORT. Checked: ROLE=worker without DATABASE_URL refuses to start,
// a job submitted to A is run by B, /healthz, /readyz (200, then 503 with a reason when storage
// goes away), /metrics on both, JSON log lines carrying the job id, and SIGTERM drains both.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { USER_AGENT } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { startS3, type S3Server } from "../support/s3";

const root = path.resolve(import.meta.dirname, "..", "..");

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(env: Record<string, string>): Started {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...inherited, NEXT_TELEMETRY_DISABLED: "1", OCR_ENGINES: "none", WORKER_POLL_MS: "100", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(probe: () => Promise<T | null | undefined> | T | null | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pdftables-${name}-`));
  dirs.push(dir);
  return dir;
};

let s3: S3Server;
let web: Started;
let worker: Started;
let baseUrl: string;
let metricsPort: number;

before(async () => {
  s3 = await startS3();
});
after(async () => {
  for (const started of [worker, web]) if (started && started.child.exitCode === null) started.child.kill("SIGKILL");
  await s3?.stop().catch(() => undefined);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test("ROLE=worker without DATABASE_URL fails at start-up with a clear message", async () => {
  const refused = npmStart({ ROLE: "worker", DATA_DIR: tempDir("refused") });
  assert.notEqual(await refused.exited, 0);
  assert.match(refused.output(), /ROLE=worker needs DATABASE_URL/);
  assert.equal(fs.existsSync(path.join(dirs.at(-1)!, "postgres")), false, "no database of its own");
});

test("a web machine and a worker machine: job, health, readiness, metrics, JSON logs, drain", async () => {
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const webDataDir = tempDir("web");
  web = npmStart({
    ROLE: "web",
    DATA_DIR: webDataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await findFreePort()),
    EMBEDDED_PG_LISTEN: "127.0.0.1",
    ...s3.env,
  });
  const printedUrl = await waitFor(
    () => /DATABASE_URL for other machines: (\S+)/.exec(web.output())?.[1],
    `the printed DATABASE_URL:\n${web.output()}`,
  );
  // The log masks the password (SHOW_DATABASE_PASSWORD=1 would print it); the operator takes it
  // from the file the log names, as here.
  assert.match(printedUrl, /^postgresql:\/\/postgres:\*{4}@127\.0\.0\.1:\d+\/pdftables$/);
  const password = fs.readFileSync(path.join(webDataDir, "postgres-password"), "utf8").trim();
  assert.equal(web.output().includes(password), false, "the password is not in the start log");
  const databaseUrl = printedUrl.replace("****", encodeURIComponent(password));
  await waitFor(async () => (await fetch(`${baseUrl}/healthz`)).ok, `the web to answer:\n${web.output()}`);

  metricsPort = await findFreePort();
  worker = npmStart({
    ROLE: "worker",
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir("worker"),
    WORKERS: "2",
    WORKER_METRICS_PORT: String(metricsPort),
    ...s3.env,
  });

  const ready = await fetch(`${baseUrl}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: "ready" });

  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await makeTextPdf(2, "Ops"))], { type: "application/pdf" }), "ops.pdf");
  const accepted = await fetch(`${baseUrl}/v1/parse`, { method: "POST", body: form, headers: { "user-agent": USER_AGENT } });
  assert.equal(accepted.status, 202);
  const { id } = (await accepted.json()) as { id: string };
  const done = await waitFor(async () => {
    const body = (await (await fetch(`${baseUrl}/v1/parse/${id}`, { headers: { "user-agent": USER_AGENT } })).json()) as { status: string };
    return body.status === "done" ? body : null;
  }, `the job to be done by the worker machine:\n${worker.output()}`);
  assert.equal(done.status, "done");

  // The web machine runs no worker: the job's lines are all in the worker machine's log, as
  // JSON, each carrying the job id.
  const jsonLines = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const workerLines = jsonLines(worker.output());
  const jobLines = worker
    .output()
    .split("\n")
    .filter((line) => line.includes(id));
  assert.ok(jobLines.length >= 2, worker.output());
  for (const line of jobLines) assert.equal((JSON.parse(line) as { jobId?: string }).jobId, id, line);
  assert.ok(workerLines.some((line) => line.jobId === id && /running/.test(String(line.msg))));
  assert.ok(workerLines.every((line) => typeof line.level === "number" && typeof line.time === "string"));
  assert.equal(web.output().includes(id), false, "the web machine ran no part of the job");
  assert.ok(jsonLines(web.output()).some((line) => line.service === "web" && /listening/.test(String(line.msg))));

  const webMetrics = await (await fetch(`${baseUrl}/metrics`)).text();
  assert.match(webMetrics, /^pdftables_queue_depth\{mode="realtime"\} 0$/m);
  assert.match(webMetrics, /^pdftables_queue_depth\{mode="batch"\} 0$/m);
  assert.match(webMetrics, /^# TYPE pdftables_storage_errors_total counter$/m);
  // Each of the machine's two workers serves its own metrics (WORKER_METRICS_PORT, +1); the one
  // that ran the job reports it.
  const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const workerMetrics = await waitFor(async () => {
    const texts = await Promise.all([scrape(metricsPort), scrape(metricsPort + 1)]);
    assert.ok(texts.every((text) => /^pdftables_queue_depth\{mode="realtime"\} 0$/m.test(text)));
    return texts.find((text) => /pdftables_jobs_total\{outcome="done"\} 1/.test(text)) ?? null;
  }, "the workers' metrics");
  assert.match(workerMetrics, /^pdftables_page_duration_seconds_count 2$/m);
  assert.match(workerMetrics, /^pdftables_job_duration_seconds_count\{outcome="done"\} 1$/m);
  assert.match(workerMetrics, /^# TYPE pdftables_ocr_seconds_total counter$/m);
  assert.match(workerMetrics, /^# TYPE pdftables_requeues_total counter$/m);

  // Storage gone: not ready, with a reason and no address or key in it.
  await s3.stop();
  const unready = await fetch(`${baseUrl}/readyz`);
  assert.equal(unready.status, 503);
  const reason = (await unready.json()) as { detail: string };
  assert.match(reason.detail, /object store|storage/);
  assert.equal(/127\.0\.0\.1|S3RVER|http/.test(reason.detail), false, reason.detail);
  assert.match(await (await fetch(`${baseUrl}/metrics`)).text(), /^pdftables_storage_errors_total\{operation="ping"\} [1-9]/m);
  // A submission while the store is down fails at once with a plain {detail}, not a hung request.
  const failing = new FormData();
  failing.append("file", new Blob([new Uint8Array(await makeTextPdf(1, "Down"))], { type: "application/pdf" }), "down.pdf");
  const refused = await fetch(`${baseUrl}/v1/parse`, {
    method: "POST",
    body: failing,
    headers: { "user-agent": USER_AGENT },
    signal: AbortSignal.timeout(20_000),
  });
  assert.equal(refused.status, 500);
  const refusal = (await refused.json()) as { detail: string };
  assert.equal(/127\.0\.0\.1|S3RVER|ECONNREFUSED|stack/.test(refusal.detail), false, refusal.detail);
  assert.match(await (await fetch(`${baseUrl}/metrics`)).text(), /^pdftables_storage_errors_total\{operation="put"\} [1-9]/m);

  // SIGTERM drains and stops both machines cleanly.
  worker.child.kill("SIGTERM");
  web.child.kill("SIGTERM");
  assert.equal(await worker.exited, 0, worker.output());
  assert.equal(await web.exited, 0, web.output());
});
