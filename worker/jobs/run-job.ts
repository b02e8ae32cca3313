// One claimed job: run the pipeline page by page, store the result, record usage. Idempotent:
// running a job twice (after a crash) writes the same result and marks it done once. Ending the
// job (markDone, markFailed) settles its money in the same transaction.
import type { Job } from "@prisma/client";
import type { Logger } from "pino";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../../lib/env";
import { heartbeat, markDone, markFailed } from "../../lib/jobs/queue";
import { getLogger, jobLogger } from "../../lib/log";
import { getMetrics } from "../../lib/metrics/metrics";
import { countCells } from "../../lib/result/schema";
import { getJobFiles, type JobFiles } from "../../lib/storage/job-files";
import type { Usage } from "../../lib/jobs/job-view";
import { runPipeline } from "../pipeline/run-pipeline";
import type { OcrReaders } from "../pipeline/ocr";

export class JobAbandoned extends Error {}

const USD = 1_000_000;

/** `ocr`: the worker's OCR readers, loaded once and kept across jobs (null when OCR_ENGINES is
 * "none"). `shouldStop` gets the slowest page so far (ms), to judge whether another page fits
 * in a shutdown's grace period. */
export async function runJob(
  job: Job,
  workerId: string,
  shouldStop: (slowestPageMs: number) => boolean,
  ocr: OcrReaders | null,
  log: Logger = jobLogger(getLogger("worker"), job.id),
): Promise<"done" | "failed" | "abandoned"> {
  const env = getEnv();
  let pageStarted = performance.now();
  let slowestPageMs = 0;
  let lastBeat = 0;
  const beat = async (stage?: string, force = false) => {
    const now = Date.now();
    if (!force && !stage && now - lastBeat < 1000) return;
    lastBeat = now;
    if (!(await heartbeat(job.id, workerId, stage))) throw new JobAbandoned("the job is no longer ours");
  };
  // The lease must not lapse during a long page (OCR): beat on a timer as well as per page.
  const timer = setInterval(() => {
    heartbeat(job.id, workerId).catch(() => undefined);
  }, Math.max(250, (env.WORKER_LEASE_SECONDS * 1000) / 3));

  const files = getJobFiles();
  // Figure crops are cut into a scratch folder on this machine, then stored with the job's
  // files; the folder is removed whatever happens (the only local files a worker keeps).
  const scratch = path.join(env.dataDir, "scratch", `${job.id}-${randomBytes(4).toString("hex")}`);
  try {
    const output = await runPipeline({
      pdfPath: await files.openInput(job.id),
      pages: job.pages,
      withSourcePages: job.pagesRequested,
      fileSha256: job.fileSha256,
      cacheDir: files.ocrCache,
      outputDir: scratch,
      ocr: ocr ?? [],
      onProgress: (stage) => beat(stage),
      afterPage: async () => {
        if (env.WORKER_PAGE_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.WORKER_PAGE_DELAY_MS));
        const pageMs = performance.now() - pageStarted;
        getMetrics().pageSeconds.observe(pageMs / 1000);
        slowestPageMs = Math.max(slowestPageMs, pageMs);
        pageStarted = performance.now();
        if (shouldStop(slowestPageMs)) throw new JobAbandoned("shutting down");
        await beat(undefined, true);
      },
    });
    for (const failure of output.failures) {
      log.warn({ page: failure.page, stage: failure.stage }, `page ${failure.page} ${failure.stage}: ${failure.message}`);
    }
    const delivered = output.result.pages.length - output.pagesFailed;
    if (delivered === 0) {
      return (await markFailed(job.id, workerId, "no page of the document could be read; nothing was charged")) ? "failed" : "abandoned";
    }
    const { cells, cellsWithBbox } = countCells(output.result);
    const priceMicros = Number(job.pricePerPageMicros);
    const usage: Usage = {
      pages: delivered,
      pages_failed: output.pagesFailed,
      cells,
      cells_with_bbox: cellsWithBbox,
      price_per_page_usd: priceMicros / USD,
      cost_usd: (priceMicros * delivered) / USD,
    };
    await storeImages(files, job.id, scratch, output.result.images.map((image) => image.path));
    await files.writeResult(job.id, JSON.stringify(output.result));
    return (await markDone(job.id, workerId, usage, output.settingsVersion)) ? "done" : "abandoned";
  } catch (error) {
    if (error instanceof JobAbandoned) return "abandoned";
    log.error({ err: error }, "the job failed");
    await markFailed(job.id, workerId, "the document could not be processed; nothing was charged");
    return "failed";
  } finally {
    clearInterval(timer);
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** Copies the crops the result names from the scratch folder into the job's stored images. */
async function storeImages(files: JobFiles, jobId: string, scratch: string, imagePaths: string[]): Promise<void> {
  for (const imagePath of new Set(imagePaths)) {
    await files.writeImage(jobId, imagePath, await fs.promises.readFile(path.join(scratch, ...imagePath.split("/"))));
  }
}
