// Applies the committed migrations in prisma/migrations, in order, each once.
//
// Why not `prisma migrate deploy`: its wasm schema engine (the only one usable offline) fails
// through the pg adapter with "Column type 'name' could not be deserialized from the database"
// (prisma/orm#27403). The SQL itself still comes from Prisma: `npm run migration:new` writes it
// with `prisma migrate diff`. Each migration runs in a transaction under an advisory lock, so
// several processes starting at once apply it exactly once.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const MIGRATIONS_LOCK_ID = 7_305_001;

export async function applyMigrations(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATIONS_LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "_app_migrations" (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await client.query<{ name: string }>(`SELECT name FROM "_app_migrations"`)).rows.map((row) => row.name));
    const names = fs
      .readdirSync(migrationsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(`INSERT INTO "_app_migrations" (name) VALUES ($1)`, [name]);
        await client.query("COMMIT");
        applied.push(name);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATIONS_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
