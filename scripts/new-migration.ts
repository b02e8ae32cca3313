// `npm run migration:new -- NAME`: writes prisma/migrations/<timestamp>_NAME/migration.sql with
// the SQL that takes the committed schema (HEAD) to the working prisma/schema.prisma. Prisma
// diffs the two schema files (its database introspection fails through the pg adapter; see
// lib/db/migrate.ts), but its js engine still wants a connection: DATABASE_URL, or the embedded
// database of a running `npm start`. Commit the schema and its migration together.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveDatabaseUrl } from "../lib/db/database-url";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_");
if (!name) {
  console.error("usage: npm run migration:new -- NAME");
  process.exit(1);
}
const databaseUrl = resolveDatabaseUrl();
if (!databaseUrl) {
  console.error("start the service (npm start) or set DATABASE_URL: Prisma's diff needs a connection");
  process.exit(1);
}
const previous = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "schema-")), "schema.prisma");
fs.writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"]));
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } },
);
if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
  console.log("the schema has not changed since HEAD; nothing written");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`wrote ${dir}/migration.sql`);
