// The one Prisma client, through the pg driver adapter: Prisma's native query
// engine would be downloaded from outside the npm registry.
//
// Pool and transaction sizes: a burst of submissions on one account queues on that
// account's row lock; every waiting transaction holds a connection, so with Prisma's defaults
// (2 s to start a transaction) a burst of 100 ended in P2028 500s. Submissions now pass a gate
// in the web process (lib/db/submission-gate.ts) that keeps them from taking every connection,
// transactions may wait DB_TX_MAX_WAIT_MS for a connection, and what still runs out of time is a
// 503 with Retry-After (lib/errors.ts), never a 500.
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { resolveDatabaseUrl } from "./db/database-url";
import { getEnv } from "./env";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export function getDb(): PrismaClient {
  if (globalForDb.prisma) return globalForDb.prisma;
  const url = resolveDatabaseUrl();
  if (!url) throw new Error("no database configured: start the service with `npm start` or set DATABASE_URL");
  const env = getEnv();
  globalForDb.prisma = new PrismaClient({
    // Bounded waits when the database goes away (docs/operations-database.md): connecting gives up
    // after DB_POOL_TIMEOUT_MS, a statement is cancelled by the server after
    // DB_STATEMENT_TIMEOUT_MS, and a server that answers nothing (frozen) is given up on after
    // DB_QUERY_TIMEOUT_MS. Broken connections leave the pool on their own, so once the server is
    // back the next query connects again: nothing here needs restarting.
    adapter: new PrismaPg({
      connectionString: url,
      max: env.DB_POOL_MAX,
      connectionTimeoutMillis: env.DB_POOL_TIMEOUT_MS,
      statement_timeout: env.DB_STATEMENT_TIMEOUT_MS,
      query_timeout: env.DB_QUERY_TIMEOUT_MS,
      keepAlive: true,
    }),
    transactionOptions: { maxWait: env.DB_TX_MAX_WAIT_MS, timeout: env.DB_TX_TIMEOUT_MS },
  });
  return globalForDb.prisma;
}
