// Jobs are picked up the moment they are queued: the transaction that queues one (a submission,
// a job handed back by a worker shutting down, jobs the reaper re-queues) sends a Postgres
// NOTIFY on JOB_QUEUED_CHANNEL (delivered when it commits, never for a job rolled back), and each
// worker keeps one connection of its own LISTENing on it, which wakes the worker's claim loop.
// The way graphile-worker does it. The poll stays as the fallback: a worker that was busy when a
// notification came, or a lost listening connection (it reconnects meanwhile), is covered within
// WORKER_POLL_MS, as before.
import pg from "pg";
import type { Prisma } from "@prisma/client";

/** The channel a queued job is announced on (an identifier: no quoting needed). */
export const JOB_QUEUED_CHANNEL = "job_queued";

/** Announces a queued job; inside the transaction that queues it, so it is heard on commit. */
export async function notifyJobQueued(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${JOB_QUEUED_CHANNEL}, '')`;
}

/** Reconnecting after a lost listening connection: first wait, doubled up to the cap. A
 * database restart takes seconds; meanwhile the poll keeps the worker going. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A connection attempt that has not succeeded in this long is given up and retried (a database
 * that drops packets would otherwise hold it for the operating system's TCP timeout). */
const CONNECT_TIMEOUT_MS = 10_000;

export interface JobWakeupOptions {
  /** The database's connection string (or a function giving it: it may change between
   * reconnects, e.g. the embedded server's port after a restart). */
  connectionString: string | (() => string | null);
  /** Errors of the listening connection (logged by the caller; never thrown). */
  onError?: (error: Error) => void;
}

/** One worker's listening connection and the wait its claim loop sleeps in. */
export class JobWakeup {
  private client: pg.Client | null = null;
  private waiter: (() => void) | null = null;
  /** A notification heard while nobody waited (the loop was claiming): the next wait returns at once. */
  private pending = false;
  private stopped = false;
  private reconnectMs = RECONNECT_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Notifications heard (for tests and logs). */
  heard = 0;

  constructor(private readonly options: JobWakeupOptions) {}

  /** Connects and listens; resolves once listening, or after the first failure (then it retries
   * in the background and the poll covers the gap). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Sleeps until a job is announced or `pollMs` passes, whichever is first. */
  wait(pollMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.waiter === done) this.waiter = null;
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      this.waiter = done;
    });
  }

  /** Whether the listening connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.waiter?.();
    await client?.end().catch(() => undefined);
  }

  private wake(): void {
    this.heard++;
    if (this.waiter) this.waiter();
    else this.pending = true;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { connectionString } = this.options;
    const url = typeof connectionString === "function" ? connectionString() : connectionString;
    if (!url) return this.retry(new Error("no database configured"));
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on("notification", (message) => {
      if (message.channel === JOB_QUEUED_CHANNEL) this.wake();
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client, new Error("the listening connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${JOB_QUEUED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      return this.retry(error as Error);
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectMs = RECONNECT_FIRST_MS;
    // Jobs queued while it was not listening were not announced to it: one look now.
    this.wake();
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    this.retry(error);
  }

  private retry(error: Error): void {
    if (this.stopped) return;
    this.options.onError?.(error);
    if (this.reconnectTimer) return;
    const delay = this.reconnectMs;
    this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
