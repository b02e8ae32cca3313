// `npm start`: everything the service needs, in one command. Starts an embedded Postgres in
// DATA_DIR unless DATABASE_URL is set, applies migrations, builds the web app if it has not been
// built, then runs the web process and WORKERS worker processes, restarting a worker that dies
// (its job is re-queued by the lease; SPEC.md §3). Ctrl-C or SIGTERM stops everything cleanly.
// Children run as `node --import tsx`, not through the tsx CLI, which would add a wrapper process
// between us and the service (signals and exit codes would then be the wrapper's).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "../lib/db/embedded-postgres";
import { recordRunningDatabase } from "../lib/db/database-url";
import { applyMigrations } from "../lib/db/migrate";
import { childEnv, getEnv } from "../lib/env";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextCli = path.join(root, "node_modules", "next", "dist", "bin", "next");
const log = (message: string) => console.log(`[start] ${message}`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const env = getEnv();
  fs.mkdirSync(env.dataDir, { recursive: true });

  let databaseUrl = env.DATABASE_URL;
  let stopPostgres: (() => Promise<void>) | null = null;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres(env.dataDir, log);
    databaseUrl = postgres.url;
    stopPostgres = postgres.stop;
    recordRunningDatabase(databaseUrl);
    log(`embedded Postgres running in ${path.join(env.DATA_DIR, "postgres")}`);
  }
  const applied = await applyMigrations(databaseUrl, path.join(root, "prisma", "migrations"));
  log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");

  const serviceEnv = childEnv({ DATABASE_URL: databaseUrl, DATA_DIR: env.dataDir });
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    log("building the web app (first start only; `npm run build` rebuilds)");
    await run(process.execPath, [nextCli, "build"], serviceEnv);
  }

  const children = new Set<ChildProcess>();
  let stopping = false;
  const spawnService = (name: string, script: string, restart: boolean) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env: serviceEnv, stdio: "inherit" });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (restart) {
        log(`${name} exited (${signal ?? code}); restarting it`);
        setTimeout(() => spawnService(name, script, restart), 1000);
      } else {
        log(`${name} exited (${signal ?? code}); stopping`);
        void shutdown(1);
      }
    });
  };

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    await Promise.all([...children].map((child) => new Promise((resolve) => child.once("exit", resolve))));
    if (stopPostgres) await stopPostgres().catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  // The web process is restarted like a worker when it dies (issue 14): in-flight requests are
  // lost, but the site comes back within a second plus its start-up.
  spawnService("web", "scripts/web-server.ts", true);
  for (let i = 0; i < env.WORKERS; i++) spawnService(`worker ${i + 1}`, "worker/main.ts", true);
  log(`services started in ${((Date.now() - started) / 1000).toFixed(1)} s; web on http://localhost:${env.PORT}`);
}

main().catch((error) => {
  console.error(`[start] ${(error as Error).message}`);
  process.exit(1);
});
