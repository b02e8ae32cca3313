// The job as the API shows it.
import type { Job } from "@prisma/client";
import { z } from "zod";
import { AppError } from "../errors";
import { resultSchema, type Result } from "../result/schema";
import { findReviewEdits } from "../review/latest-edits";
import { applyReview, currentStructureVersion, type VersionedEdit } from "../review/structure/apply-review";
import { getJobFiles } from "../storage/job-files";

export const JOB_STATUSES = ["queued", "done", "failed"] as const;

/** Calls of the vision readers (only when configured): totals and per page. */
export const visionUsageSchema = z
  .object({
    calls: z.number().int().describe("Calls sent to vision endpoints (a retried call counts once)"),
    cached: z.number().int().describe("Answers taken from the cache instead of a call"),
    failed: z.number().int().describe("Calls that failed after every retry; the reader was absent for that page"),
    skipped: z.number().int().describe("Calls not made because the page's call budget (VISION_MAX_CALLS_PER_PAGE) was spent"),
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    latency_ms: z.number().int().describe("Sum of the calls' wall time, retries included"),
    pages: z
      .array(z.object({ page: z.number().int(), calls: z.number().int(), cached: z.number().int(), failed: z.number().int() }).strict())
      .describe("Vision calls per page, for pages with any"),
  })
  .strict();

export const usageSchema = z
  .object({
    pages: z.number().int().describe("Pages delivered"),
    pages_failed: z.number().int().describe("Requested pages that could not be read (never charged)"),
    pages_unchecked: z
      .number()
      .int()
      .default(0)
      .describe(
        "Delivered pages (counted in pages) read from their text layer alone because every OCR reading failed: nothing on them is verified, and they are not charged",
      ),
    cells: z.number().int(),
    cells_with_bbox: z.number().int().describe("Exact number of cells in the document that carry a bbox"),
    price_per_page_usd: z.number(),
    cost_usd: z.number(),
    vision: visionUsageSchema
      .optional()
      .describe("What the optional vision readers did for this job; present only when vision readers are configured"),
  })
  .strict();
export type Usage = z.infer<typeof usageSchema>;

export const jobViewSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES).describe("Use this, never stage, to detect completion"),
  stage: z.string().describe("Human-readable progress; not to be parsed"),
  mode: z.enum(["realtime", "batch"]),
  text_layer: z.boolean().describe("Whether the requested pages have extractable text"),
  pages: z.number().int().describe("Pages that will be (or were) processed"),
  created_at: z.string(),
  detail: z.string().optional().describe("Why the job failed (status failed only)"),
  usage: usageSchema.optional().describe("Present once the job is done or failed (a failed job: pages 0, cost 0)"),
  result: resultSchema.optional(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** The state the API reports: a running job is still "queued" (the API lists queued and done). */
export function publicStatus(state: string): (typeof JOB_STATUSES)[number] {
  if (state === "done" || state === "failed") return state;
  return "queued";
}

export function summarizeJob(job: Job): JobView {
  const view: JobView = {
    id: job.id,
    status: publicStatus(job.state),
    stage: job.stage,
    mode: job.mode === "batch" ? "batch" : "realtime",
    text_layer: job.textLayer,
    pages: job.pages,
    created_at: job.createdAt.toISOString(),
  };
  if (job.state === "failed" && job.detail) view.detail = job.detail;
  return view;
}

/** A done job's result as it stands now: the stored file with the review page's edits applied,
 * so the API and every export show a confirmed cell the moment it is saved. */
export async function readResult(jobId: string): Promise<Result> {
  return (await readResultWithEdits(jobId)).result;
}

/** readResult, and the edits it applied (the review page needs each cell's version and the
 * structure version): value and structure edits folded in the order they were made. */
export async function readResultWithEdits(jobId: string): Promise<{ result: Result; edits: VersionedEdit[]; structureVersion: number }> {
  // The stored file (from the store) and the edits (one query) are read side by side.
  const [stored, { values: edits, structure }] = await Promise.all([readStoredResult(jobId), findReviewEdits(jobId)]);
  return { result: applyReview(stored, structure, edits), edits, structureVersion: currentStructureVersion(structure) };
}

/** The result file exactly as the worker wrote it; a missing file is a service defect
 * (500). */
export async function readStoredResult(jobId: string): Promise<Result> {
  const text = await getJobFiles().readResult(jobId);
  if (text === null)
    throw new AppError("internal", "the extraction finished but its result file is missing; please submit the document again");
  return resultSchema.parse(JSON.parse(text));
}

export async function viewJob(job: Job): Promise<JobView> {
  const view = summarizeJob(job);
  if (job.state === "done") {
    view.usage = usageSchema.parse(job.usage);
    view.result = await readResult(job.id);
  }
  // A failed job delivered nothing and costs nothing: say so, rather than usage: null.
  if (job.state === "failed") {
    view.usage = job.usage
      ? usageSchema.parse(job.usage)
      : {
          pages: 0,
          pages_failed: job.pages,
          pages_unchecked: 0,
          cells: 0,
          cells_with_bbox: 0,
          price_per_page_usd: Number(job.pricePerPageMicros) / 1_000_000,
          cost_usd: 0,
        };
  }
  return view;
}
