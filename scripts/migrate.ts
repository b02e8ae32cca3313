// `npm run migrate`: apply the committed migrations to DATABASE_URL.
import path from "node:path";
import { applyMigrations } from "../lib/db/migrate";
import { getEnv } from "../lib/env";

const url = getEnv().DATABASE_URL;
if (!url) {
  console.error("set DATABASE_URL (npm start migrates the embedded database by itself)");
  process.exit(1);
}
const applied = await applyMigrations(url, path.join(process.cwd(), "prisma", "migrations"));
console.log(applied.length ? `applied: ${applied.join(", ")}` : "up to date");
