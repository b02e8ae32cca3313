// What the job page shows while a job waits or runs: its place in the queue, pages done, and an
// estimate from recent throughput (progress-estimate.ts). Figures about other jobs are only
// counts and sums: nothing of another account's documents is revealed.
import type { Job } from "@prisma/client";
import { getDb } from "../db";
import { getEnv } from "../env";
import { getJobFiles } from "../storage/job-files";
import { publicStatus } from "./job-view";
import {
  estimateSeconds,
  pagesDoneFromStage,
  runningEstimate,
  secondsPerPageLike,
  stageForPeople,
  THROUGHPUT_SAMPLE,
} from "./progress-estimate";

export interface JobProgressView {
  status: "queued" | "done" | "failed";
  stage: string;
  pages: number;
  /** 1 = next to be picked up; null once a worker has it (or it ended). */
  queue_position: number | null;
  /** Pages finished so far; null when not known. */
  pages_done: number | null;
  /** Pages the worker has stored for the job page so far (GET /jobs/{id}/pages); unreadable pages
   * are not among them. */
  pages_finished: number;
  /** Seconds until done, from recent throughput; null without history. */
  estimate_seconds: number | null;
  detail?: string;
}

export async function getJobProgress(job: Job): Promise<JobProgressView> {
  const status = publicStatus(job.state);
  const view: JobProgressView = {
    status,
    stage: stageForPeople(job.stage, job.textLayer),
    pages: job.pages,
    queue_position: null,
    pages_done: null,
    pages_finished: 0,
    estimate_seconds: null,
  };
  if (job.state === "failed" && job.detail) view.detail = job.detail;
  if (status !== "queued") {
    view.pages_done = status === "done" ? job.pages : null;
    return view;
  }
  const env = getEnv();
  const db = getDb();
  // A job re-queued after its worker died keeps the pages it finished (lib/result/finished-page.ts).
  view.pages_finished = (
    await getJobFiles()
      .finishedPageNumbers(job.id)
      .catch(() => [])
  ).length;
  // The recent jobs of each kind (text layer or scan), so a scan is paced by scans.
  const recent = await db.$queryRaw<{ pages: number; seconds: number; textLayer: boolean }[]>`
    (SELECT pages, EXTRACT(EPOCH FROM ("finishedAt" - "startedAt"))::float8 AS seconds, "textLayer" FROM "Job"
     WHERE state = 'done' AND "startedAt" IS NOT NULL AND "finishedAt" IS NOT NULL AND "textLayer"
     ORDER BY "finishedAt" DESC LIMIT ${THROUGHPUT_SAMPLE})
    UNION ALL
    (SELECT pages, EXTRACT(EPOCH FROM ("finishedAt" - "startedAt"))::float8 AS seconds, "textLayer" FROM "Job"
     WHERE state = 'done' AND "startedAt" IS NOT NULL AND "finishedAt" IS NOT NULL AND NOT "textLayer"
     ORDER BY "finishedAt" DESC LIMIT ${THROUGHPUT_SAMPLE})`;
  const running = await db.$queryRaw<{ id: string; pages: number; stage: string; lockedBy: string | null }[]>`
    SELECT id, pages, stage, "lockedBy" FROM "Job"
    WHERE state = 'running' AND "heartbeatAt" > now() - make_interval(secs => ${env.WORKER_LEASE_SECONDS}::int)`;
  const workers = new Set(running.map((row) => row.lockedBy)).size;
  const perPage = secondsPerPageLike(recent, job.textLayer);

  if (job.state === "running") {
    // The stage names the page in flight; a page is stored before the next one starts, so the
    // stored pages can be ahead of it (during WORKER_PAGE_DELAY_MS, or a slow progress write).
    const fromStage = pagesDoneFromStage(job.stage, job.pages);
    const done = fromStage === null && view.pages_finished === 0 ? null : Math.max(fromStage ?? 0, view.pages_finished);
    view.pages_done = done;
    const secondsRunning = job.startedAt ? Math.max(0, (Date.now() - job.startedAt.getTime()) / 1000) : 0;
    view.estimate_seconds = runningEstimate({
      pagesLeft: job.pages - (done ?? 0),
      pagesDone: done ?? 0,
      secondsRunning,
      secondsPerPage: perPage,
    });
    return view;
  }
  // Waiting: the jobs a worker will take first, in the queue's own order (lib/jobs/queue.ts:
  // realtime and promoted batch by age, then young batch jobs).
  const [ahead] = await db.$queryRaw<{ count: number; pages: number }[]>`
    WITH ranked AS (
      SELECT id, pages, "createdAt",
        CASE WHEN mode = 'batch' AND "createdAt" > now() - make_interval(secs => ${env.BATCH_FLOOR_SECONDS}::int) THEN 1 ELSE 0 END AS late
      FROM "Job" WHERE state = 'queued')
    SELECT count(*)::int AS count, COALESCE(sum(r.pages), 0)::int AS pages
    FROM ranked r, ranked me
    WHERE me.id = ${job.id} AND r.id <> me.id AND (r.late, r."createdAt", r.id) < (me.late, me."createdAt", me.id)`;
  const runningLeft = running.reduce((sum, row) => sum + row.pages - (pagesDoneFromStage(row.stage, row.pages) ?? 0), 0);
  view.queue_position = (ahead?.count ?? 0) + 1;
  view.estimate_seconds = estimateSeconds({
    pagesAhead: (ahead?.pages ?? 0) + runningLeft,
    pagesLeft: job.pages,
    workers,
    secondsPerPage: perPage,
  });
  return view;
}
