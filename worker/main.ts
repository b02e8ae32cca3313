// The worker process: claim -> run -> store -> settle, one document at a time.
// Between jobs it re-queues orphaned jobs and deletes expired ones. SIGTERM/SIGINT drain: no new
// claim; the current job runs on while SHUTDOWN_GRACE_SECONDS allows another page, otherwise it
// is handed back to the queue (not counted as a re-queue) at a page boundary, or at the deadline
// whatever the page is doing. Logs are JSON lines (pino); a job's lines carry its jobId.
// When the database goes away the worker stops claiming and polls it with back-off; its current
// job waits for the database at its next write (worker/jobs/run-job.ts) and finishes once it is
// back. After an outage it re-queues nobody's jobs for one lease: every other live worker's
// heartbeats failed too, and they get that long to renew their leases.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { getDb } from "../lib/db";
import { getEnv } from "../lib/env";
import { deleteJob } from "../lib/jobs/delete-job";
import { settleEndedJobs } from "../lib/billing/settle-job";
import { claimNextJob, findExpiredJobs, reapOrphans, releaseJob } from "../lib/jobs/queue";
import { isDatabaseUnavailable } from "../lib/db/database-unavailable";
import { JobWakeup } from "../lib/jobs/job-wakeup";
import { resolveDatabaseUrl } from "../lib/db/database-url";
import { getLogger, jobLogger } from "../lib/log";
import { getMetrics } from "../lib/metrics/metrics";
import { runJob } from "./jobs/run-job";
import { MeasuredOcrEngines } from "./measured-ocr";
import { serveWorkerMetrics } from "./metrics-server";
import type { OcrEngines } from "./pipeline/ocr";

const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
const log = getLogger("worker").child({ workerId });
/** Set by SIGTERM/SIGINT: when the grace period ends (ms since the epoch). */
let deadline: number | null = null;
let current: { id: string } | null = null;
/** When this worker last regained the database after an outage (0: no outage seen). */
let databaseBackAt = 0;
/** Set while the database is unreachable: since when. */
let outageSince: number | null = null;
/** Polls of an unreachable database back off from WORKER_POLL_MS to this. */
const OUTAGE_POLL_MAX_MS = 5000;

/** Maintenance (orphans, retention) runs at most this often. */
const MAINTENANCE_INTERVAL_MS = 1000;
/** A page is handed back early rather than risk overrunning the deadline: the next page is
 * assumed to take this much longer than the slowest page so far. */
const NEXT_PAGE_MARGIN = 1.5;

function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  if (outageSince === null) {
    outageSince = Date.now();
    log.warn(
      { reason: (error as Error).message.split("\n")[0] },
      "the database is unreachable: no new job is claimed until it answers again",
    );
  }
  return true;
}

function noteDatabaseAnswered(): void {
  if (outageSince === null) return;
  log.info(`the database answers again after ${((Date.now() - outageSince) / 1000).toFixed(1)} s; claiming again`);
  outageSince = null;
  databaseBackAt = Date.now();
}

async function maintain(): Promise<void> {
  // Just after an outage every lease looks lapsed; their workers get one lease to renew them.
  if (databaseBackAt > 0 && Date.now() - databaseBackAt < getEnv().WORKER_LEASE_SECONDS * 1000) return;
  const { requeued, failed } = await reapOrphans();
  getMetrics().requeues.inc(requeued.length);
  for (const id of requeued) jobLogger(log, id).warn("re-queued (its worker stopped reporting)");
  for (const id of failed) jobLogger(log, id).error("failed (interrupted too many times)");
  for (const job of await findExpiredJobs()) {
    await deleteJob(job);
    jobLogger(log, job.id).info("deleted (retention window over)");
  }
}

/** While draining: stop before the next page when it might not fit in the time left. */
function shouldStop(slowestPageMs = 0): boolean {
  if (deadline === null) return false;
  return Date.now() + slowestPageMs * NEXT_PAGE_MARGIN >= deadline;
}

async function main(): Promise<void> {
  const env = getEnv();
  log.info("started");
  getMetrics(); // registered before the first job, so early storage errors are counted
  if (env.WORKER_METRICS_PORT) serveWorkerMetrics(env.WORKER_METRICS_PORT, log);
  // Every way a job ends settles it in the same transaction (lib/jobs/queue.ts); this catches up
  // jobs an older version of the worker ended without settling, once, not on every pass.
  await settleEndedJobs().catch((error) => log.error({ err: error }, "settling ended jobs failed"));
  // One set of OCR engines for the worker's life: each loads on its first page (~3 s for both)
  // and then serves every later job, instead of loading again for each one.
  const ocr = env.OCR_ENGINES.length > 0 ? MeasuredOcrEngines.forEngines(env.OCR_ENGINES) : null;
  // Woken the moment a job is queued (LISTEN/NOTIFY); the poll below stays as the fallback.
  const wakeup = new JobWakeup({
    connectionString: resolveDatabaseUrl,
    onError: (error) => log.warn({ err: error }, "job notifications lost; polling until they are back"),
  });
  // Not awaited: an unreachable database must not hold the loop, whose poll and errors cover it.
  void wakeup.start();
  let lastMaintenance = 0;
  while (deadline === null) {
    if (Date.now() - lastMaintenance >= MAINTENANCE_INTERVAL_MS) {
      lastMaintenance = Date.now();
      await maintain().catch((error) => noteDatabaseError(error) || log.error({ err: error }, "maintenance failed"));
    }
    let job;
    try {
      job = await claimNextJob(workerId);
      noteDatabaseAnswered();
    } catch (error) {
      if (!noteDatabaseError(error)) log.error({ err: error }, "claim failed");
    }
    if (!job) {
      // During an outage the poll backs off (the wake-up connection is down then too).
      const outageMs = outageSince === null ? 0 : Date.now() - outageSince;
      if (outageMs > 0)
        await new Promise((resolve) => setTimeout(resolve, Math.min(OUTAGE_POLL_MAX_MS, env.WORKER_POLL_MS + outageMs / 4)));
      else await wakeup.wait(env.WORKER_POLL_MS);
      continue;
    }
    const jobLog = jobLogger(log, job.id);
    jobLog.info({ pages: job.pages, mode: job.mode }, `running ${job.id} (${job.pages} pages, ${job.mode})`);
    const started = Date.now();
    current = job;
    const outcome = await runJob(job, workerId, shouldStop, ocr, jobLog);
    current = null;
    ocr?.recordEngineSeconds();
    if (outcome === "abandoned" && deadline !== null) {
      await releaseJob(job.id, workerId).then(
        () => jobLog.info("handed back to the queue (shutting down)"),
        (error) => jobLog.error({ err: error }, "handing back failed; the lease will re-queue it"),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    getMetrics().jobs.inc({ outcome });
    getMetrics().jobSeconds.observe({ outcome }, seconds);
    jobLog.info(
      { outcome, seconds },
      `${job.id} ${outcome} in ${Date.now() - started} ms${ocr ? `; OCR engines so far: ${describeOcr(ocr)}` : ""}`,
    );
  }
  await wakeup.stop();
  await ocr?.release();
  await getDb().$disconnect();
  log.info("stopped");
  process.exit(0);
}

/** "ocr-1 loaded 1x, 3 pages read; ..." (the e2e tests read it: engines load once per worker). */
function describeOcr(ocr: OcrEngines): string {
  return ocr.names.map((name) => `${name} loaded ${ocr.stats.engineLoads[name]}x, ${ocr.stats.engineRuns[name]} pages read`).join("; ");
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (deadline !== null) process.exit(1);
    const graceMs = getEnv().SHUTDOWN_GRACE_SECONDS * 1000;
    deadline = Date.now() + graceMs;
    log.info(
      current ? `${signal}: draining; the current job finishes or is handed back within ${graceMs / 1000} s` : `${signal}: stopping`,
    );
    // A page that overruns the deadline (a stuck OCR engine) must not hold the job: hand it back
    // and exit, as a crash would, but at once instead of after the lease.
    setTimeout(() => {
      const held = current;
      if (!held) return;
      log.warn({ jobId: held.id }, "grace period over mid-page: handing the job back");
      releaseJob(held.id, workerId)
        .catch((error) => log.error({ err: error }, "handing back failed; the lease will re-queue it"))
        .finally(() => process.exit(0));
    }, graceMs).unref();
  });
}

main().catch((error) => {
  log.fatal({ err: error }, "the worker stopped on an error");
  process.exit(1);
});
