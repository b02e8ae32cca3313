// A real service for a test file: its own database on the test Postgres server, its own DATA_DIR,
// the real web process (scripts/web-server.ts over the built app) and real worker processes the
// test can start, kill -9 or stop with SIGTERM. No mocks anywhere.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "../../lib/db/migrate";
import { findFreePort } from "../../lib/db/embedded-postgres";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface Service {
  process: ChildProcess;
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

export interface Stack {
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  web: Service;
  workers: Service[];
  startWorker(env?: Record<string, string>): Service;
  query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set: run the tests through `npm test`");
  return url;
}

function startService(script: string, env: NodeJS.ProcessEnv): Service {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

export async function startStack(options: { env?: Record<string, string>; workers?: number } = {}): Promise<Stack> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const serverUrl = new URL(testServerUrl());
  serverUrl.pathname = `/${name}`;
  const databaseUrl = serverUrl.toString();
  await applyMigrations(databaseUrl, path.join(root, "prisma", "migrations"));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-test-"));
  const port = await findFreePort();
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    WORKER_POLL_MS: "100",
    // Most test files submit anonymously from one address far more than a real client would;
    // the trial's own tests set its real limits.
    TRIAL_PAGES_PER_DAY: "100000",
    TRIAL_SUBMISSIONS_PER_HOUR: "100000",
    // Every test's sign-ins come from 127.0.0.1; the per-client limit's own test sets it.
    SIGNIN_EMAILS_PER_CLIENT_PER_HOUR: "100000",
    // OCR costs seconds a page; the tests that are about OCR (e2e/api/ocr.test.ts) switch it on.
    OCR_ENGINES: "none",
    ...options.env,
  };
  const web = startService("scripts/web-server.ts", baseEnv);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/v1/openapi.json`, { headers: { "user-agent": "stack-probe" } });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`web did not start:\n${web.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const workers: Service[] = [];
  const startWorker = (env: Record<string, string> = {}) => {
    const worker = startService("worker/main.ts", { ...baseEnv, ...env });
    workers.push(worker);
    return worker;
  };
  for (let i = 0; i < (options.workers ?? 1); i++) startWorker();

  return {
    baseUrl,
    databaseUrl,
    dataDir,
    web,
    workers,
    startWorker,
    async query(sql, params) {
      return (await pool.query(sql, params)).rows;
    },
    async stop() {
      const all = [web, ...workers];
      for (const service of all) if (service.process.exitCode === null) service.process.kill("SIGKILL");
      await Promise.all(all.map((service) => service.exited));
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
