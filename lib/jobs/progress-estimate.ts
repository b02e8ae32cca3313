// How long a job still has, from what the service has actually done lately (the wait
// showed only "Waiting for a worker - 211 s so far"). Pure arithmetic over figures read from the
// Job table (job-progress.ts), so it is tested without a clock or a database.

export interface RecentJob {
  pages: number;
  /** Seconds from a worker claiming it to its end. */
  seconds: number;
}

/** How many recent finished jobs the throughput is measured over. */
export const THROUGHPUT_SAMPLE = 20;

/** Seconds per page over recent jobs (total time over total pages, so one big job weighs by its
 * pages), or null with no history to go on. */
export function secondsPerPage(recent: RecentJob[]): number | null {
  const pages = recent.reduce((sum, job) => sum + Math.max(0, job.pages), 0);
  const seconds = recent.reduce((sum, job) => sum + Math.max(0, job.seconds), 0);
  if (pages <= 0 || seconds <= 0) return null;
  return seconds / pages;
}

export interface EstimateInput {
  /** Pages of the jobs that run before this one (queued ahead, and what running jobs have left). */
  pagesAhead: number;
  /** Pages of this job not done yet. */
  pagesLeft: number;
  /** Workers sharing the queue (at least one is assumed: a job is never "never"). */
  workers: number;
  secondsPerPage: number | null;
}

/** Seconds until this job is done, or null when there is no throughput to estimate from. Pages
 * ahead are shared by the workers; this job's own pages run on one worker. */
export function estimateSeconds({ pagesAhead, pagesLeft, workers, secondsPerPage: perPage }: EstimateInput): number | null {
  if (perPage === null) return null;
  const waiting = (Math.max(0, pagesAhead) * perPage) / Math.max(1, workers);
  return Math.ceil(waiting + Math.max(0, pagesLeft) * perPage);
}

/** "about 40 s", "about 3 min", "about 2 h": an estimate says "about" and no false precision. */
export function formatEstimate(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} s`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min`;
  return `about ${Math.round((seconds / 3600) * 10) / 10} h`;
}

/** Pages finished of a running job, from the worker's stage text ("page 3 of 10: ..." means two
 * are done). The stage is free text for people, so this is best effort for our
 * own page only: text of another shape gives null and the page shows no count. */
export function pagesDoneFromStage(stage: string, pages: number): number | null {
  const match = /\bpage (\d+) of (\d+)\b/i.exec(stage);
  if (!match) return null;
  const current = Number(match[1]);
  if (Number(match[2]) !== pages || current < 1 || current > pages) return null;
  return current - 1;
}

export interface KindedJob extends RecentJob {
  /** Whether the document had a text layer (a scanned page takes several times longer: OCR
   * finds the text and the rulings are read from the image). */
  textLayer: boolean;
}

/** Seconds per page over recent jobs of the same kind (text layer or scan) as this one; over all
 * recent jobs when none of its kind finished lately. A scanned page took 22 s where the mixed
 * pace said 15 s, and the estimate stood still while the page ran over it. */
export function secondsPerPageLike(recent: KindedJob[], textLayer: boolean): number | null {
  return secondsPerPage(recent.filter((job) => job.textLayer === textLayer)) ?? secondsPerPage(recent);
}

/** A running job's seconds left: its pages left at the pace, less the time already spent on the
 * page in flight (the time since the job started beyond the pages done at the pace); never below
 * zero. Without it the estimate of a one-page job stayed the same for the whole page. */
export function runningEstimate({
  pagesLeft,
  pagesDone,
  secondsRunning,
  secondsPerPage: perPage,
}: {
  pagesLeft: number;
  pagesDone: number;
  secondsRunning: number;
  secondsPerPage: number | null;
}): number | null {
  if (perPage === null) return null;
  const intoCurrentPage = Math.min(perPage, Math.max(0, secondsRunning - pagesDone * perPage));
  return Math.max(0, Math.ceil(Math.max(0, pagesLeft) * perPage - intoCurrentPage));
}

/** The worker's stage in words that fit the document: the first step of a page is named for a
 * page with a text layer, and a scanned document has none (its text and rulings come from the
 * page image). */
export function stageForPeople(stage: string, textLayer: boolean): string {
  return textLayer ? stage : stage.replace("reading text layer and rulings", "reading the scanned page image");
}
