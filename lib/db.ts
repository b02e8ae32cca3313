// The one Prisma client (STYLE.md habit 4), through the pg driver adapter: Prisma's native query
// engine would be downloaded from outside the npm registry (DESIGN.md §6).
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { resolveDatabaseUrl } from "./db/database-url";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export function getDb(): PrismaClient {
  if (globalForDb.prisma) return globalForDb.prisma;
  const url = resolveDatabaseUrl();
  if (!url) throw new Error("no database configured: start the service with `npm start` or set DATABASE_URL");
  globalForDb.prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) });
  return globalForDb.prisma;
}
