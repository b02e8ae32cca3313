"use client";
// The job page while the extraction waits or runs: polls GET /jobs/{id}/progress and shows the
// place in the queue, pages done (a real progress bar once pages finish), an estimate from the
// service's recent throughput, and the stage in words; below, each page as the worker finishes it
// (fetched from GET /jobs/{id}/pages when `pages_finished` grows); when it is done the page
// re-renders with the result. `status` decides completion; `stage` is only ever shown, never
// parsed here.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { formatEstimate } from "@/lib/jobs/progress-estimate";
import type { JobProgressView } from "@/lib/jobs/job-progress";
import type { FinishedPage } from "@/lib/result/finished-page";
import { FinishedPages } from "./finished-pages";

const POLL_MS = 1000;

/** The finished pages numbered above the last one held, until none are left to fetch; and how
 * many pages the server holds in all (a page it cannot read is counted but never sent). */
async function fetchFinishedPages(
  jobId: string,
  held: readonly FinishedPage[],
): Promise<{ pages: FinishedPage[]; finished: number | null }> {
  const pages: FinishedPage[] = [];
  let finished: number | null = null;
  let after = held.reduce((max, p) => Math.max(max, p.page.page), 0);
  for (;;) {
    const response = await fetch(`/jobs/${jobId}/pages?after=${after}`, { cache: "no-store" });
    if (!response.ok) return { pages, finished };
    const body = (await response.json()) as { pages: FinishedPage[]; finished: number };
    finished = body.finished;
    if (body.pages.length === 0) return { pages, finished };
    pages.push(...body.pages);
    after = body.pages[body.pages.length - 1]!.page.page;
  }
}

export function JobProgress({
  jobId,
  initialStage,
  createdAt,
  pages: totalPages,
  initialFinished,
}: {
  jobId: string;
  initialStage: string;
  createdAt: string;
  pages: number;
  initialFinished: FinishedPage[];
}) {
  const router = useRouter();
  const [progress, setProgress] = useState<JobProgressView | null>(null);
  const [finished, setFinished] = useState<FinishedPage[]>(initialFinished);
  const finishedRef = useRef<FinishedPage[]>(initialFinished);
  // Pages the server counted at the last fetch: fetch again only when progress counts more.
  const countedRef = useRef(initialFinished.length);
  const [failure, setFailure] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(`/jobs/${jobId}/progress`, { cache: "no-store" });
        const body = (await response.json()) as JobProgressView & { detail?: string };
        if (stopped) return;
        setOffline(false);
        if (!response.ok) {
          setFailure(body.detail ?? `the job could not be read (${response.status})`);
          return;
        }
        setProgress(body);
        if (body.pages_finished > countedRef.current) {
          const more = await fetchFinishedPages(jobId, finishedRef.current);
          if (stopped) return;
          if (more.finished !== null) countedRef.current = more.finished;
          if (more.pages.length > 0) {
            finishedRef.current = [...finishedRef.current, ...more.pages];
            setFinished(finishedRef.current);
          }
        }
        if (body.status === "done") {
          router.refresh();
          return;
        }
        if (body.status === "failed") {
          setFailure(body.detail ?? "the extraction failed");
          return;
        }
      } catch {
        if (!stopped) setOffline(true);
      }
      setNow(Date.now());
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), 300);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, router]);

  if (failure) {
    return (
      <div className="notice notice-error" role="alert">
        <strong>The extraction did not finish.</strong> {failure.charAt(0).toUpperCase() + failure.slice(1)}
        <p className="mb-0">
          <a href="/">Upload the document again</a>
        </p>
      </div>
    );
  }
  const stage = progress?.stage ?? initialStage;
  const seconds = Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000));
  const waiting = progress?.queue_position ?? null;
  const done = progress?.pages_done ?? null;
  const pages = progress?.pages ?? null;
  const ahead = waiting !== null ? waiting - 1 : null;
  return (
    <div className="stack">
      <div className="card" aria-live="polite" data-testid="job-progress">
        <p className="m-0 text-lg font-semibold" data-testid="job-queue">
          {waiting !== null
            ? ahead === 0
              ? "Next in the queue"
              : `Waiting in the queue: ${ahead} document${ahead === 1 ? "" : "s"} ahead`
            : "Extracting…"}
        </p>
        <p className="muted mt-1" data-testid="job-stage">
          {stage.charAt(0).toUpperCase() + stage.slice(1)} · {seconds} s so far
          {progress?.estimate_seconds != null ? (
            <span data-testid="job-estimate"> · done in {formatEstimate(progress.estimate_seconds)} at the recent pace</span>
          ) : null}
        </p>
        {done !== null && pages ? (
          <>
            <p className="m-0 mb-1 text-sm" data-testid="job-pages-done">
              {done} of {pages} page{pages === 1 ? "" : "s"} done
            </p>
            <progress className="h-3 w-full" max={pages} value={done} aria-label="Pages done" />
          </>
        ) : (
          <div
            className="h-2 overflow-hidden rounded bg-[#e8eaed]"
            role="progressbar"
            aria-label="Extraction in progress"
            aria-valuetext={stage}
          >
            <div className="progress-indeterminate h-full w-1/3 rounded bg-accent" />
          </div>
        )}
        {offline ? <p className="muted mb-0">Lost contact with the server; still trying…</p> : null}
        <p className="muted mb-0 text-sm">This page updates by itself. You can leave it and come back later with the same link.</p>
      </div>
      <FinishedPages jobId={jobId} pages={finished} total={totalPages} />
    </div>
  );
}
