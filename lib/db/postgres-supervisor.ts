// Keeps the embedded Postgres running for `npm start`, the way the supervisor keeps the web and
// the workers: when the server exits (a crash, an OOM kill, an operator's fast shutdown) it is
// started again on the same port with the same password, so DATABASE_URL stays valid and the
// web and workers reconnect on their own. A server that keeps failing is retried after a delay
// that doubles up to a ceiling; one that has stayed up for a while starts over from the minimum.
import { startEmbeddedPostgres, type EmbeddedOptions, type RunningPostgres } from "./embedded-postgres";

export interface Backoff {
  minDelayMs: number;
  maxDelayMs: number;
}

/** A server that ran at least this long before it exited counts as healthy: the next restart
 * waits only the minimum delay. One minute: longer than any start-up and crash-recovery the
 * embedded server does on a small database, so a crash loop never looks healthy. */
export const HEALTHY_RUN_MS = 60_000;

/** The delay before restart number `failures` (0 = the first after a healthy run). */
export function restartDelay(failures: number, backoff: Backoff): number {
  return Math.min(backoff.maxDelayMs, backoff.minDelayMs * 2 ** Math.max(0, failures));
}

export interface SupervisedPostgres {
  url: string;
  /** The running postmaster's process id (null between a crash and its restart). */
  pid(): number | null;
  /** Stops supervising and shuts the server down. */
  stop(): Promise<void>;
}

export async function superviseEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  options: EmbeddedOptions,
  backoff: Backoff,
): Promise<SupervisedPostgres> {
  let current: RunningPostgres | null = await startEmbeddedPostgres(dataDir, log, options);
  const url = current.url;
  // Restarts reuse the port the first start chose: the URL the web and workers hold stays right.
  const port = Number(new URL(url).port);
  let stopping = false;
  let failures = 0;
  /** Start attempts since the server last exited (for the log). */
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;

  const watch = (server: RunningPostgres, startedAt: number) => {
    void server.exited.then(({ code, signal }) => {
      if (stopping || current !== server) return;
      current = null;
      attempts = 0;
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) failures = 0;
      scheduleRestart(`exited (${signal ?? `code ${code}`})`);
    });
  };

  const scheduleRestart = (why: string) => {
    const delay = restartDelay(failures, backoff);
    failures++;
    log(`embedded Postgres ${why}; restarting it in ${(delay / 1000).toFixed(1)} s`);
    timer = setTimeout(() => void restart(), delay);
  };

  const restart = async () => {
    timer = null;
    if (stopping) return;
    const startedAt = Date.now();
    attempts++;
    try {
      const server = await startEmbeddedPostgres(dataDir, log, { ...options, port, keepStalePidFile: true });
      if (stopping) {
        await server.stop();
        return;
      }
      current = server;
      log(`embedded Postgres running again (pid ${server.pid}; start attempt ${attempts} since it exited)`);
      watch(server, startedAt);
    } catch (error) {
      scheduleRestart(`did not start (${(error as Error).message.split("\n")[0]})`);
    }
  };

  watch(current, Date.now());
  return {
    url,
    pid: () => current?.pid ?? null,
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current?.stop();
    },
  };
}
