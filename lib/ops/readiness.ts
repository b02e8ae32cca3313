// GET /readyz: can this instance serve? The database answers, every committed migration is
// applied, and the object store (or DATA_DIR) is reachable. The reason is the first check that
// failed, in words an operator can act on, without addresses or secrets.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { resolveDatabaseUrl } from "../db/database-url";
import { getJobFiles } from "../storage/job-files";
import { isDraining } from "./draining";

export type Readiness = { ready: true } | { ready: false; detail: string };

/** A check that hangs (a dead host, a firewall dropping packets, a frozen database) counts as
 * failed after this. 1.5 s for the database: a load balancer must hear "not ready" within 2 s of
 * the database going away, and a healthy answer takes milliseconds. Storage keeps 3 s (an object
 * store's round trip over a WAN can take a second). */
const DATABASE_CHECK_TIMEOUT_MS = 1500;
const STORAGE_CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, what: string, timeoutMs: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs / 1000} s`)), timeoutMs).unref(),
    ),
  ]);
}

/** The applied migrations, read over a connection of its own rather than the pool's: a server
 * in a smart shutdown (or out of connection slots) still serves the pool's open connections but
 * refuses every new one, and the service needs new ones; a full pool must not make the instance
 * look down either. */
async function appliedMigrations(): Promise<string[]> {
  const url = resolveDatabaseUrl();
  if (!url) throw new Error("no database configured");
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DATABASE_CHECK_TIMEOUT_MS,
    query_timeout: DATABASE_CHECK_TIMEOUT_MS,
  });
  // A connection that breaks after the check must not crash the process.
  client.on("error", () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "_app_migrations"`);
    return rows.map((row) => row.name);
  } finally {
    void client.end().catch(() => undefined);
  }
}

function committedMigrations(): string[] {
  const dir = path.join(process.cwd(), "prisma", "migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, detail: "shutting down" };
  let applied: Set<string>;
  try {
    const rows = await withTimeout(appliedMigrations(), "the database", DATABASE_CHECK_TIMEOUT_MS);
    applied = new Set(rows);
  } catch (error) {
    const message = (error as Error).message;
    if (/_app_migrations/.test(message) && /does not exist/.test(message))
      return { ready: false, detail: "database migrations have not been applied" };
    return { ready: false, detail: "the database is not reachable" };
  }
  const missing = committedMigrations().filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, detail: `database migrations not applied: ${missing.join(", ")}` };
  try {
    await withTimeout(getJobFiles().store.ping(), "storage", STORAGE_CHECK_TIMEOUT_MS);
  } catch (error) {
    const message = (error as Error).message;
    return { ready: false, detail: /bucket|object store|storage/.test(message) ? message : "storage is not reachable" };
  }
  return { ready: true };
}
