// One throwaway embedded Postgres server for the browser run; each worker's stack creates its own
// database on it (e2e/support/stack.ts reads TEST_DATABASE_URL, which test workers inherit).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../lib/db/embedded-postgres";

export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  if (process.env.TEST_DATABASE_URL) return async () => undefined; // a server given by the caller
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdftables-browser-pg-"));
  const postgres = await startEmbeddedPostgres(dir, (line) => console.error(line));
  process.env.TEST_DATABASE_URL = postgres.url;
  return async () => {
    await postgres.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
