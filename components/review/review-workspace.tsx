"use client";
// The side-by-side review page (issue 7): the original page on the left, the table and the cell
// being checked on the right, a queue of the cells that need a person, keyboard first. Every
// save names the cell version it was made against, so a cell someone else changed meanwhile is
// refused (409) and said so, never overwritten.
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Cell, PageEntry, Table } from "@/lib/result/schema";
import { applyEdits } from "@/lib/review/cell-edits";
import { findCell, findTable, parseCellRef } from "@/lib/review/cell-ref";
import { CONFIDENCE_STYLES } from "../result/confidence";
import type { Box } from "./page-viewer";
import { ReviewGrid } from "./review-grid";
import { buildQueue, cellsOf, DEFAULT_LEVELS, isSettled, type QueueLevel } from "@/lib/review/queue";
import { choicesOf } from "@/lib/review/readings";
import { QueueFilter } from "./queue-filter";
import { saveCell } from "./save-cell";
import { ShortcutList } from "./shortcuts";

const PageViewer = dynamic(() => import("./page-viewer"), { ssr: false, loading: () => <p className="p-4">Loading the page viewer…</p> });

const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3];

export interface ReviewWorkspaceProps {
  jobId: string;
  tables: Table[];
  pages: PageEntry[];
  sourcePages?: number[];
  versions: Record<string, number>;
}

function cellAt(tables: Table[], ref: string | null): { table: Table; cell: Cell } | null {
  const parsed = ref ? parseCellRef(ref) : null;
  if (!parsed) return null;
  const table = findTable({ tables }, parsed.page, parsed.table);
  const cell = findCell({ tables }, parsed);
  return table && cell ? { table, cell } : null;
}

/** The tables with one saved cell in place, exactly as the server applies edits. */
function replaceCell(tables: Table[], ref: string, cell: Cell): Table[] {
  return applyEdits({ tables }, [{ cellRef: ref, version: 0, after: cell }]).tables;
}

function describe(ref: string): string {
  const parsed = parseCellRef(ref);
  if (!parsed) return ref;
  const row = parsed.row === "h" ? "header" : `row ${parsed.row + 1}`;
  return `Page ${parsed.page}, table ${parsed.table + 1}, ${row}, column ${parsed.col + 1}`;
}

export function ReviewWorkspace({ jobId, tables: initialTables, pages, sourcePages, versions: initialVersions }: ReviewWorkspaceProps) {
  const [tables, setTables] = useState(initialTables);
  const [versions, setVersions] = useState(initialVersions);
  // The queue keeps the order it had when the page opened (or the filter last changed): a confirmed
  // cell stays in place (ticked), so undo and going back behave predictably.
  const [levels, setLevels] = useState<readonly QueueLevel[]>(DEFAULT_LEVELS);
  const [tableFilter, setTableFilter] = useState<string>("");
  const [queueTables, setQueueTables] = useState(initialTables);
  const queue = useMemo(() => buildQueue(queueTables, { levels, table: tableFilter || undefined }), [queueTables, levels, tableFilter]);
  const firstRef = queue[0]?.ref ?? (initialTables[0] ? cellsOf(initialTables[0])[0]?.ref : undefined) ?? null;
  const [selected, setSelected] = useState<string | null>(firstRef);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [undoStack, setUndoStack] = useState<Array<{ ref: string; version: number }>>([]);
  const [message, setMessage] = useState<{ tone: "ok" | "warn" | "error"; text: string } | null>(null);
  const [zoomIndex, setZoomIndex] = useState(1);
  const [busy, setBusy] = useState(false);
  const [crop, setCrop] = useState<string | null>(null);
  const editor = useRef<HTMLInputElement>(null);

  const current = cellAt(tables, selected);
  const remaining = queue.filter((entry) => {
    const found = cellAt(tables, entry.ref);
    return found ? !isSettled(found.cell) : false;
  }).length;
  const page = current?.table.page ?? pages[0]?.page ?? 1;
  const pageEntry = pages.find((p) => p.page === page);
  const pdfPage = sourcePages?.[pages.findIndex((p) => p.page === page)] ?? page;
  const boxes: Box[] = tables
    .filter((t) => t.page === page)
    .flatMap((t) => cellsOf(t))
    .flatMap(({ ref, cell }) => (cell.bbox ? [{ ref, bbox: cell.bbox, confidence: cell.confidence }] : []));

  const select = useCallback((ref: string) => {
    setSelected(ref);
    setEditing(false);
  }, []);

  function move(delta: number) {
    if (queue.length === 0) return;
    const index = queue.findIndex((entry) => entry.ref === selected);
    const next = index < 0 ? 0 : Math.min(queue.length - 1, Math.max(0, index + delta));
    select(queue[next]!.ref);
  }

  /** After a confirmation: the next cell that still needs a person, wrapping round the queue. */
  function advanceFrom(ref: string, settledTables: Table[]) {
    const start = queue.findIndex((entry) => entry.ref === ref);
    for (let step = 1; step <= queue.length; step++) {
      const entry = queue[(start + step + queue.length) % queue.length]!;
      const found = cellAt(settledTables, entry.ref);
      if (found && !isSettled(found.cell)) return select(entry.ref);
    }
    setMessage({ tone: "ok", text: "Every cell in the queue is settled. The downloads on the result page include your confirmations." });
  }

  async function confirm(value?: string) {
    if (!selected || !current || busy) return;
    if (value === undefined && current.cell.confidence === "confirmed") return advanceFrom(selected, tables);
    const ref = selected;
    setBusy(true);
    const answer = await saveCell(jobId, { cell: ref, version: versions[ref] ?? 0, action: "confirm", value });
    setBusy(false);
    if (!answer.ok) {
      setMessage({ tone: "error", text: sentence(answer.detail) });
      return;
    }
    const updated = replaceCell(tables, ref, answer.cell);
    setTables(updated);
    setVersions((old) => ({ ...old, [ref]: answer.version }));
    setUndoStack((stack) => [...stack, { ref, version: answer.version }]);
    setEditing(false);
    setMessage({ tone: "ok", text: `Confirmed “${answer.cell.value}” (${describe(ref).toLowerCase()}).` });
    advanceFrom(ref, updated);
  }

  async function undo() {
    const last = undoStack.at(-1);
    if (!last || busy) {
      if (!last) setMessage({ tone: "warn", text: "Nothing to undo." });
      return;
    }
    setBusy(true);
    const answer = await saveCell(jobId, { cell: last.ref, version: last.version, action: "revert" });
    setBusy(false);
    if (!answer.ok) {
      setMessage({ tone: "error", text: sentence(answer.detail) });
      return;
    }
    setTables((old) => replaceCell(old, last.ref, answer.cell));
    setVersions((old) => ({ ...old, [last.ref]: answer.version }));
    setUndoStack((stack) => stack.slice(0, -1));
    select(last.ref);
    setMessage({ tone: "ok", text: `Undone: the cell is ${answer.cell.confidence} again, reading “${answer.cell.value}”.` });
  }

  function startEditing() {
    if (!current) return;
    setDraft(current.cell.value);
    setEditing(true);
  }

  useEffect(() => {
    if (editing) editor.current?.select();
  }, [editing]);

  // A phone shows the page a few times larger (scrolled to the cell), or the text is unreadable.
  useEffect(() => {
    const phone = window.matchMedia("(max-width: 699px)");
    const apply = () => setZoomIndex(phone.matches ? ZOOMS.indexOf(2.5) : 1);
    apply();
    phone.addEventListener("change", apply);
    return () => phone.removeEventListener("change", apply);
  }, []);

  const zoom = ZOOMS[zoomIndex]!;
  const zoomBy = (delta: number) => setZoomIndex((index) => Math.min(ZOOMS.length - 1, Math.max(0, index + delta)));

  // One listener for the whole page; it reads the latest state through a ref.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    const tag = target?.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.isContentEditable) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z") {
      event.preventDefault();
      void undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Enter and Space on a button or link keep their usual meaning (press it).
    if ((event.key === "Enter" || event.key === " ") && (tag === "BUTTON" || tag === "A")) return;
    const key = event.key;
    let handled = true;
    if (key === "j" || key === "ArrowDown") move(1);
    else if (key === "k" || key === "ArrowUp") move(-1);
    else if (/^[1-9]$/.test(key)) {
      const reading = current ? choicesOf(current.cell)[Number(key) - 1] : undefined;
      if (reading) void confirm(reading.value);
      else setMessage({ tone: "warn", text: `This cell has no reading ${key}.` });
    } else if (key === "e" || key === "E") startEditing();
    else if (key === "Enter") void confirm();
    else if (key === "u" || key === "U") void undo();
    else if (key === "+" || key === "=") zoomBy(1);
    else if (key === "-") zoomBy(-1);
    else if (key === "0") setZoomIndex(1);
    else handled = false;
    if (handled) event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const onCrop = useCallback((url: string | null) => setCrop(url), []);
  const readings = current ? choicesOf(current.cell) : [];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
      <section aria-labelledby="page-heading" className="min-w-0">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="page-heading" className="m-0 text-base">
            Original, page {page}
          </h2>
          <div className="flex items-center gap-1" role="group" aria-label="Zoom">
            <button type="button" className="button button-secondary px-3" onClick={() => zoomBy(-1)} aria-label="Zoom out">
              −
            </button>
            <span className="w-14 text-center text-sm" aria-live="polite">
              {Math.round(zoom * 100)}%
            </span>
            <button type="button" className="button button-secondary px-3" onClick={() => zoomBy(1)} aria-label="Zoom in">
              +
            </button>
          </div>
        </div>
        <PageViewer
          fileUrl={`/jobs/${jobId}/document`}
          pageNumber={pdfPage}
          pageSize={{ width: pageEntry?.width ?? 595, height: pageEntry?.height ?? 842 }}
          boxes={boxes}
          tableBox={current?.table.bbox ?? null}
          selected={selected}
          zoom={zoom}
          onSelect={select}
          onCrop={onCrop}
        />
      </section>

      <section aria-label="Cell review" className="stack min-w-0">
        <p className="m-0 text-lg font-semibold" data-testid="remaining" data-count={remaining} aria-live="polite">
          {remaining === 0 ? "Nothing left to check" : `${remaining} cell${remaining === 1 ? "" : "s"} left to check`}
          <span className="muted text-base font-normal"> of {queue.length} in the queue</span>
        </p>
        {message ? (
          <p className={`notice notice-${message.tone} m-0`} role={message.tone === "error" ? "alert" : "status"} data-testid="review-message">
            {message.text}
            {message.tone === "error" && /changed this cell/.test(message.text) ? (
              <>
                {" "}
                <a href="">Reload the page</a>
              </>
            ) : null}
          </p>
        ) : null}

        {current && selected ? (
          <div className="rounded border-2 border-ink bg-white p-3" data-testid="cell-panel" aria-labelledby="cell-heading">
            <h2 id="cell-heading" className="m-0 text-sm font-semibold">
              {describe(selected)}
            </h2>
            <p className="my-1 break-words text-2xl font-bold" data-testid="cell-value">
              {current.cell.value === "" ? <span className="muted text-base font-normal">(empty)</span> : current.cell.value}
            </p>
            <p className="m-0 text-sm">
              <span className={`badge ${CONFIDENCE_STYLES[current.cell.confidence].tint}`} data-testid="cell-confidence">
                {current.cell.confidence}
              </span>{" "}
              <span className="muted">{CONFIDENCE_STYLES[current.cell.confidence].meaning}</span>
            </p>
            <p className="muted m-0 mt-1 text-sm">Sources: {current.cell.sources.length ? current.cell.sources.join(", ") : "none agree"}</p>
            {crop ? (
              <div className="mt-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL cut from the page canvas */}
                <img src={crop} alt="The original page under this cell" className="h-12 w-auto max-w-full rounded border border-line bg-white object-contain object-left" />
              </div>
            ) : null}
            <h3 className="mb-1 mt-3 text-sm">Readings</h3>
            <ol className="m-0 list-none space-y-1 p-0" aria-label="Readings">
              {readings.map((reading, index) => (
                <li key={reading.source}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-2 rounded border border-line bg-white px-2 py-1 text-left hover:border-accent"
                    style={{ minHeight: 40, font: "inherit", color: "inherit", cursor: "pointer" }}
                    onClick={() => void confirm(reading.value)}
                    disabled={busy}
                  >
                    <kbd className="kbd">{index + 1}</kbd>
                    <span className="flex-1 break-words font-semibold">{reading.value === "" ? "(empty)" : reading.value}</span>
                    <span className="muted text-sm">{reading.source}</span>
                  </button>
                </li>
              ))}
            </ol>
            {editing ? (
              <div className="mt-3">
                <label htmlFor="typed-value">Type the value as it reads on the page</label>
                <input
                  id="typed-value"
                  ref={editor}
                  type="text"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      void confirm(draft);
                    } else if (event.key === "Escape") {
                      event.preventDefault();
                      setEditing(false);
                    }
                  }}
                />
              </div>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="button" onClick={() => void confirm(editing ? draft : undefined)} disabled={busy}>
                Confirm
              </button>
              {editing ? null : (
                <button type="button" className="button button-secondary" onClick={startEditing}>
                  Type a value
                </button>
              )}
              <button type="button" className="button button-secondary" onClick={() => void undo()} disabled={busy || undoStack.length === 0}>
                Undo
              </button>
              <button type="button" className="button button-secondary" onClick={() => move(-1)} aria-label="Previous cell">
                ←
              </button>
              <button type="button" className="button button-secondary" onClick={() => move(1)} aria-label="Next cell">
                →
              </button>
            </div>
          </div>
        ) : (
          <p className="muted">This extraction has no table cells to review.</p>
        )}

        {current ? <ReviewGrid table={current.table} selected={selected} onSelect={select} /> : null}

        <section aria-labelledby="queue-heading">
          <h2 id="queue-heading" className="mb-1 text-base">
            Queue
          </h2>
          <QueueFilter
            tables={tables}
            levels={levels}
            table={tableFilter}
            onLevels={(next) => {
              setQueueTables(tables);
              setLevels(next);
            }}
            onTable={(next) => {
              setQueueTables(tables);
              setTableFilter(next);
            }}
          />
          {queue.length === 0 ? (
            <p className="muted m-0">Nothing in the queue: no cell of this filter needs a person.</p>
          ) : (
            <ol className="m-0 max-h-56 list-none overflow-y-auto rounded border border-line bg-white p-0" data-testid="queue">
              {queue.map((entry) => {
                const found = cellAt(tables, entry.ref);
                if (!found) return null;
                const isCurrent = entry.ref === selected;
                return (
                  <li key={entry.ref} className="border-b border-line last:border-b-0">
                    <button
                      type="button"
                      onClick={() => select(entry.ref)}
                      aria-current={isCurrent ? "true" : undefined}
                      className={`flex w-full items-center gap-2 px-2 py-1 text-left ${isCurrent ? "bg-[#e8eaed] font-semibold" : "bg-white"}`}
                      style={{ minHeight: 40, font: "inherit", color: "inherit", border: 0, cursor: "pointer" }}
                    >
                      <span className={`inline-block h-3 w-3 flex-none rounded-sm border border-[#8a949e] ${CONFIDENCE_STYLES[found.cell.confidence].tint}`} aria-hidden="true" />
                      <span className="flex-1 truncate">{found.cell.value || "(empty)"}</span>
                      <span className="muted whitespace-nowrap text-xs">
                        {isSettled(found.cell) ? "✓ " : ""}
                        {found.cell.confidence} · {describe(entry.ref).replace(/^Page \d+, /, "")}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        <ShortcutList />
      </section>
    </div>
  );
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}
