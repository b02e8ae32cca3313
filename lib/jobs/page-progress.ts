// Per-page progress of a running job, in its row: which page is being read now, and
// which pages were failed alone because they passed a per-page limit or stopped a worker. A job
// that is claimed again after its worker died learns from it which page to blame, and never runs
// a page again that already proved fatal. Every write is fenced by the worker's id, like the
// queue's own updates.
import type { Job } from "@prisma/client";
import { getDb } from "../db";

export type SkippedPages = Map<number, string>;

export function skippedPagesOf(job: Pick<Job, "skippedPages">): SkippedPages {
  const stored = (job.skippedPages ?? {}) as Record<string, string>;
  return new Map(Object.entries(stored).map(([page, reason]) => [Number(page), String(reason)]));
}

/** Records the page being read now (null: between pages). False when the job is no longer ours. */
export async function setPageInFlight(jobId: string, workerId: string, page: number | null): Promise<boolean> {
  const { count } = await getDb().job.updateMany({
    where: { id: jobId, lockedBy: workerId, state: "running" },
    data: { pageInFlight: page },
  });
  return count === 1;
}

/** Records a page failed alone (it is skipped by every later run of the job). */
export async function recordSkippedPage(jobId: string, workerId: string, skipped: ReadonlyMap<number, string>): Promise<void> {
  await getDb().job.updateMany({
    where: { id: jobId, lockedBy: workerId, state: "running" },
    data: { skippedPages: Object.fromEntries([...skipped].map(([page, reason]) => [String(page), reason])), pageInFlight: null },
  });
}

export const WORKER_DIED_TWICE = "the page stopped the worker reading it twice; it was skipped";

/** At the start of a run: a page still in flight means the previous worker died on it. The first
 * time it is read again (the death may have had another cause: a deploy, a lost machine); the
 * second time it is skipped. Returns the pages to skip, updated and stored. */
export async function blameInterruptedPage(job: Job, workerId: string): Promise<SkippedPages> {
  const skipped = skippedPagesOf(job);
  const page = job.pageInFlight;
  if (page === null) return skipped;
  if (job.crashedPage === page) skipped.set(page, WORKER_DIED_TWICE);
  await getDb().job.updateMany({
    where: { id: job.id, lockedBy: workerId, state: "running" },
    data: {
      crashedPage: page,
      pageInFlight: null,
      skippedPages: Object.fromEntries([...skipped].map(([p, reason]) => [String(p), reason])),
    },
  });
  return skipped;
}

/** Whether the job is still ours to run (not deleted, not taken over). */
export async function isStillOurs(jobId: string, workerId: string): Promise<boolean> {
  const row = await getDb().job.findUnique({ where: { id: jobId }, select: { lockedBy: true, state: true } });
  return row !== null && row.lockedBy === workerId && row.state === "running";
}
