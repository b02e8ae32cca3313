// A running job's pages that the worker has finished (lib/result/finished-page.ts), shown under
// its progress with the same grids, tints and marks as the finished result. The pages are
// provisional until the job is done: the finished result replaces them (and adds the figures).
import type { FinishedPage } from "@/lib/result/finished-page";
import { ConfidenceLegend } from "./confidence-legend";
import { ResultPages } from "./result-pages";

export function FinishedPages({ jobId, pages, total }: { jobId: string; pages: readonly FinishedPage[]; total: number }) {
  if (pages.length === 0) return null;
  const sorted = [...pages].sort((a, b) => a.page.page - b.page.page);
  const content = {
    pages: sorted.map((p) => p.page),
    tables: sorted.flatMap((p) => p.tables),
    prose: sorted.flatMap((p) => p.prose),
    images: [],
  };
  const figuresPending = new Map(sorted.filter((p) => p.figures > 0).map((p) => [p.page.page, p.figures]));
  return (
    <div className="stack" data-testid="finished-pages">
      <section className="card" aria-labelledby="finished-heading">
        <h2 id="finished-heading">Pages finished so far</h2>
        <p className="m-0" data-testid="finished-count">
          {pages.length} of {total} page{total === 1 ? "" : "s"} shown below, with each cell&apos;s confidence. Downloads and review open
          when the whole document is done.
        </p>
        <h3 className="mb-2 mt-4 text-base">Legend</h3>
        <ConfidenceLegend compact />
      </section>
      <ResultPages jobId={jobId} content={content} figuresPending={figuresPending} />
    </div>
  );
}
