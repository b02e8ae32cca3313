"use client";
// Bulk acceptance of the text layer's reading (lib/review/bulk-accept.ts): for the selected cell's
// table (A) or every table (Shift+A), with the differences listed first so a person can see they
// are safe (a mark OCR cannot see, an accent, a look-alike) before accepting them all. U undoes it.
import type { Table } from "@/lib/result/schema";
import { textLayerCandidates, type BulkScope } from "@/lib/review/bulk-accept";
import { describe } from "./selection";

/** How many differences are listed before "and N more". */
const SHOWN = 6;

export function BulkAcceptPanel({
  tables,
  scope,
  busy,
  onAccept,
}: {
  tables: Table[];
  /** The selected cell's table, or null when no cell is selected. */
  scope: BulkScope;
  busy: boolean;
  onAccept: (scope: BulkScope) => void;
}) {
  const everywhere = textLayerCandidates(tables, null);
  if (everywhere.length === 0) return null;
  const here = scope ? textLayerCandidates(tables, scope) : [];
  const listed = (here.length ? here : everywhere).slice(0, SHOWN);
  const more = (here.length ? here : everywhere).length - listed.length;
  return (
    <section aria-labelledby="bulk-heading" className="rounded border border-line bg-white p-2" data-testid="bulk-accept">
      <h2 id="bulk-heading" className="mb-1 text-base">
        Accept the text layer&apos;s reading
      </h2>
      <p className="muted m-0 mb-1 text-sm">
        Where every difference is one the text layer gets right (a mark, an accent, a look-alike OCR misreads), accept its reading for all
        of them at once.
      </p>
      <ul className="m-0 mb-1 list-none space-y-0.5 p-0 text-sm" data-testid="bulk-differences">
        {listed.map((candidate) => (
          <li key={candidate.ref}>
            {describe(candidate.ref)}: text layer “{candidate.textLayer}”
            {candidate.others.map((other) => ` · ${other.source} “${other.value}”`).join("")}
          </li>
        ))}
        {more > 0 ? <li className="muted">and {more} more</li> : null}
      </ul>
      <div className="flex flex-wrap gap-2">
        {scope && here.length ? (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => onAccept(scope)} aria-keyshortcuts="A">
            <kbd className="kbd mr-1" aria-hidden="true">
              A
            </kbd>
            Accept for {here.length} cell{here.length === 1 ? "" : "s"} of this table
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => onAccept(null)}
          aria-keyshortcuts="Shift+A"
        >
          <kbd className="kbd mr-1" aria-hidden="true">
            Shift+A
          </kbd>
          Accept for {everywhere.length} cell{everywhere.length === 1 ? "" : "s"} of the document
        </button>
      </div>
    </section>
  );
}
