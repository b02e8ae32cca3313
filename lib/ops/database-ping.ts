// One cheap question to the database ("SELECT 1") over a small pool of its own, bounded in time:
// the front server asks it before each page (lib/ops/page-gate.ts). A pool of its own, not
// Prisma's, so a full application pool does not make the database look away, and a frozen server
// costs at most PING_TIMEOUT_MS.
import pg from "pg";
import { resolveDatabaseUrl } from "../db/database-url";

/** Like /readyz's database check: a healthy answer takes milliseconds, and a page must not wait
 * long to learn that the database is gone. */
const PING_TIMEOUT_MS = 1500;

let pool: pg.Pool | null = null;
let poolUrl: string | null = null;

/** The pool for the database's current address (an embedded server restarted by the supervisor
 * writes its address again; a pool for an old one is let go). */
function getPool(): pg.Pool {
  const url = resolveDatabaseUrl();
  if (!url) throw new Error("no database configured");
  if (pool && poolUrl !== url) {
    void pool.end().catch(() => undefined);
    pool = null;
  }
  if (!pool) {
    poolUrl = url;
    pool = new pg.Pool({
      connectionString: url,
      max: 2,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      query_timeout: PING_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection closed by a restarting server must not crash the process.
    pool.on("error", () => undefined);
  }
  return pool;
}

export async function pingDatabase(): Promise<void> {
  await getPool().query("SELECT 1");
}
