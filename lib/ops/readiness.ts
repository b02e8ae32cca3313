// GET /readyz: can this instance serve? The database answers, every committed migration is
// applied, and the object store (or DATA_DIR) is reachable. The reason is the first check that
// failed, in words an operator can act on, without addresses or secrets.
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../db";
import { getJobFiles } from "../storage/job-files";
import { isDraining } from "./draining";

export type Readiness = { ready: true } | { ready: false; detail: string };

/** A check that hangs (a dead host, a firewall dropping packets) counts as failed after this. */
const CHECK_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS).unref()),
  ]);
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
    const rows = await withTimeout(getDb().$queryRaw<{ name: string }[]>`SELECT name FROM "_app_migrations"`, "the database");
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    const message = (error as Error).message;
    if (/_app_migrations/.test(message) && /does not exist/.test(message)) return { ready: false, detail: "database migrations have not been applied" };
    return { ready: false, detail: "the database is not reachable" };
  }
  const missing = committedMigrations().filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, detail: `database migrations not applied: ${missing.join(", ")}` };
  try {
    await withTimeout(getJobFiles().store.ping(), "storage");
  } catch (error) {
    const message = (error as Error).message;
    return { ready: false, detail: /bucket|object store|storage/.test(message) ? message : "storage is not reachable" };
  }
  return { ready: true };
}
