// One claimed job: run the pipeline page by page, store the result, record usage. Idempotent:
// running a job twice (after a crash) writes the same result and marks it done once. Ending the
// job (markDone, markFailed) settles its money in the same transaction.
//
// The pages run in a supervised pipeline process (./page-host.ts) under per-page memory and time
// limits; this process keeps the lease, watches for deletion (a deleted job's page in
// progress is killed at once) and records which page is in flight, so a job whose worker died is
// resumed without running the fatal page a third time (lib/jobs/page-progress.ts).
//
// The database going away (a restart, a failover, a freeze) does not cost the job: every write
// the job needs waits for it to come back (lib/db/retry-while-unavailable.ts, at most
// DB_OUTAGE_WAIT_SECONDS), so the job pauses at its next page boundary and carries on. Ending it
// settles its money in one transaction guarded by the lease, so a retried end charges once. A
// storage write that fails stops the job there with a storage reason, charged nothing.
import type { Job } from "@prisma/client";
import type { Logger } from "pino";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../../lib/db";
import { getEnv } from "../../lib/env";
import { heartbeat, markDone, markFailed } from "../../lib/jobs/queue";
import { blameInterruptedPage, isStillOurs, recordSkippedPage, setPageInFlight } from "../../lib/jobs/page-progress";
import { getLogger, jobLogger } from "../../lib/log";
import { getMetrics } from "../../lib/metrics/metrics";
import { chargedPages } from "../../lib/billing/settle-job";
import { countCells } from "../../lib/result/schema";
import { getJobFiles, type JobFiles } from "../../lib/storage/job-files";
import { isStorageWriteError, isStorageWriteMessage, STORAGE_FAILURE_DETAIL } from "../../lib/storage/storage-write-error";
import { isDatabaseUnavailable } from "../../lib/db/database-unavailable";
import { retryWhileUnavailable } from "../../lib/db/retry-while-unavailable";
import type { Usage } from "../../lib/jobs/job-view";
import type { OcrEngines } from "../pipeline/ocr";
import { PipelineHost } from "./page-host";
import { saveUnreadablePage } from "./save-finished-page";

export class JobAbandoned extends Error {}

const USD = 1_000_000;
/** How often a running job checks that it still exists: a deleted job's page is killed within
 * this long (one indexed read). */
const OWNERSHIP_CHECK_MS = 1000;
/** What the job page says of a page that ended unread until the result gives the exact reason. */
const UNREAD_REASON = "the page could not be read";

/** One pipeline process per worker, kept across jobs (its OCR engines stay loaded). */
let host: PipelineHost | null = null;

/** `ocr`: the worker's OCR readers (null when OCR_ENGINES is "none"); the engines themselves load
 * in the pipeline process and their load and run counts are copied back into `ocr.stats`.
 * `shouldStop` gets the slowest page so far (ms), to judge whether another page fits in a
 * shutdown's grace period. */
export async function runJob(
  job: Job,
  workerId: string,
  shouldStop: (slowestPageMs: number) => boolean,
  ocr: OcrEngines | null,
  log: Logger = jobLogger(getLogger("worker"), job.id),
): Promise<"done" | "failed" | "abandoned"> {
  const env = getEnv();
  host ??= new PipelineHost();
  const pipeline = host;
  let pageStarted = performance.now();
  let slowestPageMs = 0;
  let lastBeat = 0;
  let lost = false;
  /** The first storage write that failed: the job stops at the next page boundary. */
  const storage: { failure: Error | null } = { failure: null };
  const untilDatabaseAnswers = <T>(operation: () => Promise<T>) =>
    retryWhileUnavailable(operation, {
      maxWaitMs: env.DB_OUTAGE_WAIT_SECONDS * 1000,
      onOutage: (error) =>
        log.warn({ reason: (error as Error).message.split("\n")[0] }, "the database is unreachable; the job waits for it"),
      onRecovered: (waitedMs) => log.info(`the database answers again after ${(waitedMs / 1000).toFixed(1)} s; the job carries on`),
    });
  const beat = async (stage?: string, force = false) => {
    const now = Date.now();
    if (!force && !stage && now - lastBeat < 1000) return;
    lastBeat = now;
    if (!(await untilDatabaseAnswers(() => heartbeat(job.id, workerId, stage)))) throw new JobAbandoned("the job is no longer ours");
  };
  // The lease must not lapse during a long page (OCR): beat on a timer as well as per page. While
  // the database is unreachable the beat is retried every second, so the lease is renewed as soon
  // as it is back (before another worker's reaper would take the job).
  const leaseEveryMs = Math.max(250, (env.WORKER_LEASE_SECONDS * 1000) / 3);
  let timer: NodeJS.Timeout;
  let leaseHeld = true;
  const renewLease = () => {
    const next = (ms: number) => {
      if (leaseHeld) timer = setTimeout(renewLease, ms);
    };
    heartbeat(job.id, workerId).then(
      () => next(leaseEveryMs),
      () => next(Math.min(1000, leaseEveryMs)),
    );
  };
  timer = setTimeout(renewLease, leaseEveryMs);

  const files = getJobFiles();
  // Figure crops are cut into a scratch folder on this machine, then stored with the job's
  // files; the folder is removed whatever happens (the only local files a worker keeps).
  const scratch = path.join(env.dataDir, "scratch", `${job.id}-${randomBytes(4).toString("hex")}`);
  // A deleted (or taken-over) job stops at once, not after its page: the page is killed.
  const watch = setInterval(() => {
    isStillOurs(job.id, workerId).then(
      (ours) => {
        if (ours || lost) return;
        lost = true;
        pipeline.abort(`job ${job.id} was deleted or taken over`);
      },
      () => undefined,
    );
  }, OWNERSHIP_CHECK_MS);

  // Page-in-flight writes in order: a slow "page N started" must not land after "between pages".
  let inFlightWrites: Promise<unknown> = Promise.resolve();
  try {
    const skipPages = await untilDatabaseAnswers(() => blameInterruptedPage(job, workerId));
    for (const [page, reason] of skipPages) await saveUnreadablePage(files, job.id, page, reason, true);
    const outcome = await pipeline.run(
      {
        jobId: job.id,
        pages: job.pages,
        withSourcePages: job.pagesRequested,
        fileSha256: job.fileSha256,
        outputDir: scratch,
      },
      skipPages,
      {
        onProgress: (stage) => beat(stage),
        onPageStart: async (page) => {
          pageStarted = performance.now();
          inFlightWrites = inFlightWrites.then(() => setPageInFlight(job.id, workerId, page)).catch(() => false);
          await inFlightWrites;
        },
        onPageEnd: async (page) => {
          // The page is done: a worker dying from here on is not the page's fault.
          await inFlightWrites;
          if (!(await untilDatabaseAnswers(() => setPageInFlight(job.id, workerId, null)))) return false;
          // The job page shows a page that could not be read in its place.
          try {
            await saveUnreadablePage(files, job.id, page, UNREAD_REASON);
          } catch (error) {
            storage.failure = error as Error;
            return false;
          }
          if (env.WORKER_PAGE_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.WORKER_PAGE_DELAY_MS));
          const pageMs = performance.now() - pageStarted;
          getMetrics().pageSeconds.observe(pageMs / 1000);
          slowestPageMs = Math.max(slowestPageMs, pageMs);
          if (shouldStop(slowestPageMs) || lost) return false;
          await beat(undefined, true);
          return true;
        },
        onPageSkipped: async (page, reason, skipped) => {
          log.warn({ page }, `page ${page} skipped: ${reason}`);
          await untilDatabaseAnswers(() => recordSkippedPage(job.id, workerId, skipped));
          await saveUnreadablePage(files, job.id, page, reason, true);
        },
      },
    );
    if (ocr) Object.assign(ocr.stats, pipeline.ocrStats());
    if (storage.failure) throw storage.failure;
    if (outcome.kind === "stopped") {
      // However it stopped (killed mid-page, or at a page's end because the job was gone), a
      // deleted job's page may have written OCR text or a finished page after the DELETE.
      await untilDatabaseAnswers(() => removeOrphanedCache(job));
      return "abandoned";
    }
    if (outcome.kind === "failed") throw new Error(outcome.message);
    const output = outcome.output;
    for (const failure of output.failures) {
      log.warn({ page: failure.page, stage: failure.stage }, `page ${failure.page} ${failure.stage}: ${failure.message}`);
    }
    const delivered = output.result.pages.length - output.pagesFailed;
    if (delivered === 0) {
      return (await untilDatabaseAnswers(() => markFailed(job.id, workerId, "no page of the document could be read; nothing was charged")))
        ? "failed"
        : "abandoned";
    }
    const usage = usageOf(job, delivered, output.pagesFailed, output.pagesUnchecked, countCells(output.result));
    // Vision readers' calls and tokens, shown only when they are configured.
    if (output.vision) usage.vision = output.vision;
    await storeImages(
      files,
      job.id,
      scratch,
      output.result.images.map((image) => image.path),
    );
    await files.writeResult(job.id, JSON.stringify(output.result));
    return (await untilDatabaseAnswers(() => markDone(job.id, workerId, usage, output.settingsVersion))) ? "done" : "abandoned";
  } catch (error) {
    if (error instanceof JobAbandoned) return "abandoned";
    // Still unreachable after DB_OUTAGE_WAIT_SECONDS: nothing can be recorded; the job stays
    // running under a lapsing lease and is re-queued once the database is back.
    if (isDatabaseUnavailable(error)) {
      log.error({ err: error }, "the database stayed unreachable; the job is left to its lease");
      return "abandoned";
    }
    const storage = isStorageWriteError(error) || (error instanceof Error && isStorageWriteMessage(error.message));
    log.error({ err: error }, storage ? "the job stopped: a storage write failed" : "the job failed");
    if (storage) getMetrics().storageErrors.inc({ operation: "job-write" });
    const detail = storage ? STORAGE_FAILURE_DETAIL : "the document could not be processed; nothing was charged";
    try {
      return (await untilDatabaseAnswers(() => markFailed(job.id, workerId, detail))) ? "failed" : "abandoned";
    } catch (failure) {
      log.error({ err: failure }, "the failure could not be recorded; the job is left to its lease");
      return "abandoned";
    }
  } finally {
    leaseHeld = false;
    clearTimeout(timer);
    clearInterval(watch);
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** Copies the crops the result names from the scratch folder into the job's stored images. */
async function storeImages(files: JobFiles, jobId: string, scratch: string, imagePaths: string[]): Promise<void> {
  for (const imagePath of new Set(imagePaths)) {
    await files.writeImage(jobId, imagePath, await fs.promises.readFile(path.join(scratch, ...imagePath.split("/"))));
  }
}

/** What the job delivered and costs: delivered pages are charged except the unchecked ones (every
 * OCR reading failed, so nothing on them was cross-checked); failed pages never are. */
function usageOf(job: Job, delivered: number, failed: number, unchecked: number, counts: { cells: number; cellsWithBbox: number }): Usage {
  const priceMicros = Number(job.pricePerPageMicros);
  return {
    pages: delivered,
    pages_failed: failed,
    pages_unchecked: unchecked,
    cells: counts.cells,
    cells_with_bbox: counts.cellsWithBbox,
    price_per_page_usd: priceMicros / USD,
    cost_usd: (priceMicros * chargedPages({ pages: delivered, pages_unchecked: unchecked })) / USD,
  };
}

/** The OCR text of a deleted job's page, and the page itself (save-finished-page.ts), may have been
 * written after the DELETE removed them (the page was still running): remove them again, the
 * cache unless another job shares the file. */
async function removeOrphanedCache(job: Job): Promise<void> {
  const exists = await getDb().job.count({ where: { id: job.id } });
  if (exists > 0) return;
  await getJobFiles().deleteJob(job.id);
  const sharing = await getDb().job.count({ where: { fileSha256: job.fileSha256 } });
  if (sharing === 0) await getJobFiles().deleteCache(job.fileSha256);
}
