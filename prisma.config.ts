// Prisma CLI configuration. The "js" engine and the pg driver adapter let `prisma migrate` run
// with the wasm schema engine from npm: the native engine would be downloaded from outside the
// registry, which this machine and CI cannot reach (DESIGN.md §6).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  engine: "js",
  experimental: { adapter: true },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("the database address is not set (start through `npm start` or set DATABASE_URL)");
    return new PrismaPg({ connectionString: url });
  },
});
