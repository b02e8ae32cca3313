// A finished job's result, page by page in reading order: tables as tinted grids, headings and
// paragraphs, figures; with the counts per confidence level, the downloads, and the way to review.
import type { Result } from "@/lib/result/schema";
import { ConfidenceLegend } from "./confidence-legend";
import { queueCount } from "@/lib/review/queue";
import { formatsFor } from "@/lib/export/formats";
import { itemCounts } from "@/lib/review/structure-items";
import { countConfidence } from "./count-confidence";
import { ProblemsOnlySwitch } from "./problems-only";
import { ResultPages } from "./result-pages";

export interface ReviewLink {
  /** The review page's address, or null when this visitor cannot review (anonymous job). */
  href: string | null;
}

/** `deleteAt`: when the job and its files go (finished + RETENTION_SECONDS), or null if unknown. */
export function ResultView({
  jobId,
  fileName,
  result,
  review,
  deleteAt,
}: {
  jobId: string;
  fileName: string;
  result: Result;
  review: ReviewLink;
  deleteAt: Date | null;
}) {
  const counts = countConfidence(result);
  // The same function the review page counts with (lib/review/queue.ts): the numbers always match.
  const needsPerson = queueCount(result.tables);
  // Of those, the cells doubted for their place only are asked about once per table.
  const items = itemCounts(result.tables);
  const formats = formatsFor(result);
  const pages = result.pages.map((entry) => entry.page);

  return (
    <div className="stack">
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Summary</h2>
        <p className="m-0" data-testid="counts">
          {result.tables.length} table{result.tables.length === 1 ? "" : "s"} on {pages.length} page{pages.length === 1 ? "" : "s"}:{" "}
          <strong>{counts.verified + counts.exact} verified</strong>, <strong>{counts.confirmed} confirmed</strong>,{" "}
          <strong>{counts.disputed} disputed</strong>, <strong>{counts.unverified} unverified</strong>
          {counts.resolved ? `, ${counts.resolved} resolved` : ""}
          {counts.reviewed ? `, ${counts.reviewed} reviewed` : ""} cells{counts.blank ? `, and ${counts.blank} blank` : ""}.
        </p>
        {needsPerson > 0 ? (
          review.href ? (
            <p className="mb-0">
              <a className="button" href={review.href} data-testid="review-count" data-count={needsPerson}>
                Review {needsPerson} cell{needsPerson === 1 ? "" : "s"} against the page
              </a>
              {items.structure > 0 ? (
                <span className="muted ml-2 text-sm" data-testid="table-questions">
                  {items.cellsInStructure} of them in {items.structure} table question{items.structure === 1 ? "" : "s"}, each answered once
                </span>
              ) : null}
            </p>
          ) : (
            <p className="muted mb-0">
              {needsPerson} cell{needsPerson === 1 ? " needs" : "s need"} a person. Reviewing them side by side with the page needs an
              account: <a href={`/sign-in?callbackUrl=${encodeURIComponent(`/jobs/${jobId}/review`)}`}>sign in</a> from the browser you
              uploaded it with, and this document becomes yours to review.
            </p>
          )
        ) : null}
        <h3 className="mb-2 mt-4 text-base">Download</h3>
        <div className="flex flex-wrap gap-2">
          {formats.map((format) => (
            <a key={format} className="button button-secondary" href={`/v1/parse/${jobId}/export?format=${format}`} download>
              {format.toUpperCase()}
            </a>
          ))}
        </div>
        <p className="muted mb-0 mt-2 text-sm">
          XLSX shades disputed cells red and unverified ones yellow and lists every cell with its confidence;{" "}
          {result.images.some((image) => !image.uncropped) ? "JSON and ZIP carry" : "JSON carries"} everything; CSV holds the values only,
          one file per table
          {result.tables.length > 1 ? " (a zip of them)" : ""}.
          {deleteAt ? ` This extraction and its files are deleted at ${deleteAt.toISOString().slice(0, 16).replace("T", " ")} UTC.` : ""}
        </p>
        <h3 className="mb-2 mt-4 text-base">Legend</h3>
        <ConfidenceLegend compact />
        <p className="muted mb-0 mt-1 text-sm">Blank cells are left white. Click or tap a cell to see its readings.</p>
        {needsPerson > 0 ? (
          <div className="mt-3">
            <ProblemsOnlySwitch targetId="result-pages" problems={needsPerson} />
          </div>
        ) : null}
      </section>
      <div id="result-pages" className="stack">
        <ResultPages jobId={jobId} content={result} />
      </div>
      <p className="muted text-sm">Source file: {fileName}</p>
    </div>
  );
}
