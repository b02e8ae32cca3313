"use client";
// The job page while the extraction runs: polls the job (GET /v1/parse/{id}) and shows its stage
// in words until it is done, then re-renders the page with the result. `status` decides
// completion; `stage` is only ever shown, never parsed (SPEC.md §2.1).
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

const POLL_MS = 1000;

export function JobProgress({ jobId, initialStage, createdAt }: { jobId: string; initialStage: string; createdAt: string }) {
  const router = useRouter();
  const [stage, setStage] = useState(initialStage);
  const [failure, setFailure] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(`/v1/parse/${jobId}`, { cache: "no-store" });
        const body = (await response.json()) as { status?: string; stage?: string; detail?: string };
        if (stopped) return;
        setOffline(false);
        if (!response.ok) {
          setFailure(body.detail ?? `the job could not be read (${response.status})`);
          return;
        }
        if (body.stage) setStage(body.stage);
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
  const seconds = Math.max(0, Math.round((now - Date.parse(createdAt)) / 1000));
  return (
    <div className="card" aria-live="polite" data-testid="job-progress">
      <p className="m-0 text-lg font-semibold">Extracting…</p>
      <p className="muted mt-1" data-testid="job-stage">
        {stage.charAt(0).toUpperCase() + stage.slice(1)} · {seconds} s so far
      </p>
      <div className="h-2 overflow-hidden rounded bg-[#e8eaed]" role="progressbar" aria-label="Extraction in progress" aria-valuetext={stage}>
        <div className="progress-indeterminate h-full w-1/3 rounded bg-accent" />
      </div>
      {offline ? <p className="muted mb-0">Lost contact with the server; still trying…</p> : null}
      <p className="muted mb-0 text-sm">This page updates by itself. You can leave it and come back later with the same link.</p>
    </div>
  );
}
