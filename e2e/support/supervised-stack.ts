// The whole service as an operator runs it: `npm start` (scripts/start.ts) with no DATABASE_URL,
// so it runs its own embedded Postgres under its supervisor, in a DATA_DIR of the test's own (or,
// given a DATABASE_URL in `env`, against that external server).
// For the tests that take the database away (stop it, freeze it, kill it) and check that the
// production supervision brings everything back. Slower to start than e2e/support/stack.ts (a
// new Postgres cluster is initialised), so only those tests use it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort } from "../../lib/db/embedded-postgres";
import { USER_AGENT } from "./api";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface SupervisedStack {
  baseUrl: string;
  dataDir: string;
  /** The embedded server's address (with its password), as the services use it. */
  databaseUrl: string;
  start: ChildProcess;
  output(): string;
  /** The running postmaster's pid, from its pid file (a new one after every restart). */
  postmasterPid(): number | null;
  /** One query over a connection of its own (the server may have restarted since the last). */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startSupervisedStack(env: Record<string, string> = {}): Promise<SupervisedStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-supervised-"));
  const port = await findFreePort();
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      TEST_DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      OCR_ENGINES: "none",
      WORKER_POLL_MS: "100",
      TRIAL_PAGES_PER_DAY: "100000",
      TRIAL_SUBMISSIONS_PER_HOUR: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  start.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => start.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`, { headers: { "user-agent": USER_AGENT } })).ok) break;
    } catch {
      // not listening yet
    }
    if (start.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const databaseUrl = env.DATABASE_URL || fs.readFileSync(path.join(dataDir, "run", "database-url"), "utf8").trim();
  return {
    baseUrl,
    dataDir,
    databaseUrl,
    start,
    output: () => output,
    postmasterPid() {
      try {
        const pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
        return Number.isInteger(pid) && pid > 0 ? pid : null;
      } catch {
        return null;
      }
    },
    async query(sql, params) {
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
      client.on("error", () => undefined);
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async stop() {
      if (start.exitCode === null) start.kill("SIGTERM");
      const timer = setTimeout(() => start.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The postmaster's child processes (the server's backends and helpers), from /proc. */
export function childProcesses(parent: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
