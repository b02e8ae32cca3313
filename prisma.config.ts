// Prisma CLI configuration. The "js" engine and the pg driver adapter keep the CLI on the wasm
// engines shipped in npm: the native ones would be downloaded from outside the registry, which
// this machine and CI cannot reach. Migrations are applied by lib/db/migrate.ts.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  // `prisma generate` and `prisma migrate diff` never connect, so a missing address is no error.
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "postgresql://localhost/unused" });
  },
});
