// `npm run bench:api-cached [-- --pages N] [--runs K] [--ocr none|ocr-1,ocr-2] [--poll-ms MS] [--no-web]`: how
// long a document already read once (its OCR readings in the cache) takes from submission to
// `done`, polled every 0.1 s as a client would. Printed per run, with the median and the worst
// (target: <= 0.5 s). The worker keeps its default 500 ms poll (--poll-ms: another, e.g. 5000 to
// show that the submission's NOTIFY, not the poll, wakes it: lib/jobs/job-wakeup.ts).
// With a built app (`npx next build`): through the API, POST /v1/parse then GET /v1/parse/{id},
// against its own embedded Postgres, web process and worker. Without one (or --no-web): the web's
// own submission code (lib/jobs/submit-job.ts: storage, the isolated PDF inspection, the job's
// transaction and its NOTIFY) run in this process, a real worker process, and the job row polled;
// the HTTP layer left out (`npm run bench:api` measures POST /v1/parse).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createHash, randomBytes } from "node:crypto";
import { newJobId } from "../lib/ids";
import { spawn } from "node:child_process";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { applyMigrations } from "../lib/db/migrate";
import { makeDenseTablePdf } from "../tests/pdf/ocr-test-pdfs";
import { getJob, submit } from "../e2e/support/api";
import { startStack } from "../e2e/support/stack";

const POLL_MS = 100;
const TARGET_SECONDS = 0.5;
const ROOT = path.resolve(import.meta.dirname, "..");

function parseArgs(argv: string[]) {
  const args = { pages: 1, runs: 7, ocr: "ocr-1,ocr-2", pollMs: 500, web: fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--pages") args.pages = Number(argv[++i]);
    else if (a === "--runs") args.runs = Number(argv[++i]);
    else if (a === "--ocr") args.ocr = argv[++i] ?? "";
    else if (a === "--no-web") args.web = false;
    else if (a === "--poll-ms") args.pollMs = Number(argv[++i]);
    else throw new Error(`unknown option ${a}`);
  }
  return args;
}

/** Submits, then asks every POLL_MS; resolves with the seconds until it is done. */
async function untilDone(submitOne: () => Promise<string>, status: (id: string) => Promise<string>): Promise<number> {
  const started = performance.now();
  const id = await submitOne();
  for (;;) {
    const state = await status(id);
    if (state === "done") return (performance.now() - started) / 1000;
    if (state === "failed") throw new Error(`job ${id} failed`);
    if (performance.now() - started > 120_000) throw new Error("the job took over 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function report(label: string, first: number, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${label}: first (read cold) ${first.toFixed(2)} s; cached ${times.map((t) => t.toFixed(2)).join(" ")} s; median ${median.toFixed(2)} s, worst ${sorted.at(-1)!.toFixed(2)} s  [target <= ${TARGET_SECONDS} s: ${median <= TARGET_SECONDS ? "ok" : "OVER TARGET"}]`,
  );
}

async function throughTheApi(pdf: Uint8Array, runs: number, env: Record<string, string>): Promise<void> {
  const stack = await startStack({ env });
  try {
    const once = () =>
      untilDone(
        async () => {
          const answer = await submit(stack, { bytes: pdf, name: "cached.pdf" });
          if (answer.status !== 202) throw new Error(`submission failed: ${JSON.stringify(answer.body)}`);
          return answer.body.id as string;
        },
        async (id) => String((await getJob(stack, id)).body.status),
      );
    const first = await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    report("through the API (POST, then GET every 0.1 s)", first, times);
  } finally {
    await stack.stop();
  }
}

async function withoutTheWeb(pdf: Uint8Array, runs: number, serverUrl: string, env: Record<string, string>): Promise<void> {
  const name = `b_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await applyMigrations(databaseUrl, path.join(ROOT, "prisma", "migrations"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-bench-"));
  // This process is the web side: the same settings as the worker's.
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TRIAL_PAGES_PER_DAY: "100000",
    TRIAL_SUBMISSIONS_PER_HOUR: "100000",
    ...env,
  });
  const worker = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", process.env.BENCH_WORKER_LOG ? fs.openSync(process.env.BENCH_WORKER_LOG, "w") : "ignore", "pipe"],
  });
  let workerErrors = "";
  worker.stderr!.on("data", (chunk: Buffer) => (workerErrors += chunk.toString()));
  const { submitJob } = await import("../lib/jobs/submit-job");
  const { getJobFiles } = await import("../lib/storage/job-files");
  const { getDb } = await import("../lib/db");
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  try {
    const once = () =>
      untilDone(
        async () => {
          const jobId = newJobId();
          await getJobFiles().writeInput(jobId, Readable.from([Buffer.from(pdf)]));
          if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode})`);
          const job = await submitJob({
            caller: { kind: "anonymous", address: "203.0.113.7" },
            upload: { jobId, fileName: "cached.pdf", bytes: pdf.length, sha256, fields: {} },
            channel: "api",
          });
          return job.id;
        },
        async (id) => {
          if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode})`);
          return (await getDb().job.findUnique({ where: { id }, select: { state: true } }))?.state ?? "missing";
        },
      );
    const first = await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await once());
    report("submission code in process, a real worker, the job row polled every 0.1 s", first, times);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${workerErrors.slice(-2000)}`, { cause: error });
  } finally {
    worker.kill("SIGKILL");
    await getDb().$disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-bench-pg-"));
  const postgres = await startEmbeddedPostgres(pgDir, () => undefined);
  process.env.TEST_DATABASE_URL = postgres.url;
  try {
    const pdf = await makeDenseTablePdf(args.pages);
    console.log(
      `a ${args.pages}-page dense document again, from the OCR cache (OCR ${args.ocr}), submission to done, the worker polling every ${args.pollMs} ms; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    const env = { OCR_ENGINES: args.ocr, WORKER_POLL_MS: String(args.pollMs) };
    if (args.web) await throughTheApi(pdf, args.runs, env);
    else await withoutTheWeb(pdf, args.runs, postgres.url, env);
    console.log(`load average at the end ${os.loadavg()[0]!.toFixed(2)}`);
  } finally {
    await postgres.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
