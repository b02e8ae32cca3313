// The worker process: claim -> run -> store -> settle, one document at a time (SPEC.md §8).
// Between jobs it re-queues orphaned jobs and deletes expired ones. SIGTERM/SIGINT: finish the
// current page, put the job back in the queue (not counted as a re-queue), exit.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { getDb } from "../lib/db";
import { getEnv } from "../lib/env";
import { deleteJob } from "../lib/jobs/delete-job";
import { settleEndedJobs } from "../lib/billing/settle-job";
import { claimNextJob, findExpiredJobs, reapOrphans, releaseJob } from "../lib/jobs/queue";
import { runJob } from "./jobs/run-job";
import { OcrReaders } from "./pipeline/ocr";

const workerId = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
let stopping = false;
const log = (message: string) => console.log(`[worker ${process.pid}] ${message}`);

/** Maintenance (orphans, retention) runs at most this often. */
const MAINTENANCE_INTERVAL_MS = 1000;

async function maintain(): Promise<void> {
  const { requeued, failed } = await reapOrphans();
  for (const id of requeued) log(`re-queued ${id} (its worker stopped reporting)`);
  for (const id of failed) log(`failed ${id} (interrupted too many times)`);
  for (const job of await findExpiredJobs()) {
    await deleteJob(job);
    log(`deleted ${job.id} (retention window over)`);
  }
}

async function main(): Promise<void> {
  const env = getEnv();
  log(`started as ${workerId}`);
  // Every way a job ends settles it in the same transaction (lib/jobs/queue.ts); this catches up
  // jobs an older version of the worker ended without settling, once, not on every pass.
  await settleEndedJobs().catch((error) => log(`settling ended jobs failed: ${(error as Error).message}`));
  // One set of OCR engines for the worker's life: each loads on its first page (~3 s for both)
  // and then serves every later job, instead of loading again for each one.
  const ocr = env.OCR_ENGINES.length > 0 ? OcrReaders.withEngines(env.OCR_ENGINES) : null;
  let lastMaintenance = 0;
  while (!stopping) {
    if (Date.now() - lastMaintenance >= MAINTENANCE_INTERVAL_MS) {
      lastMaintenance = Date.now();
      await maintain().catch((error) => log(`maintenance failed: ${(error as Error).message}`));
    }
    let job;
    try {
      job = await claimNextJob(workerId);
    } catch (error) {
      log(`claim failed: ${(error as Error).message}`);
    }
    if (!job) {
      await new Promise((resolve) => setTimeout(resolve, env.WORKER_POLL_MS));
      continue;
    }
    log(`running ${job.id} (${job.pages} pages, ${job.mode})`);
    const started = Date.now();
    const outcome = await runJob(job, workerId, () => stopping, ocr);
    if (outcome === "abandoned" && stopping) await releaseJob(job.id, workerId);
    log(`${job.id} ${outcome} in ${Date.now() - started} ms${ocr ? `; OCR engines so far: ${describeOcr(ocr)}` : ""}`);
  }
  await ocr?.release();
  await getDb().$disconnect();
  log("stopped");
}

/** "ocr-1 loaded 1x, 3 pages read; ..." (the e2e tests read it: engines load once per worker). */
function describeOcr(ocr: OcrReaders): string {
  return ocr.names.map((name) => `${name} loaded ${ocr.stats.engineLoads[name]}x, ${ocr.stats.engineRuns[name]} pages read`).join("; ");
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: stopping after the current page`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
