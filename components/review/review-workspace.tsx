"use client";
// The side-by-side review page (issues 7 and 16): the original page on the left, following the
// selected cell (zoomed to the table, scrolled to the cell, its row and column banded); on the
// right the shortcuts, the cell with a 3-4x crop and its readings in a fixed order, the table's
// structure tools, the table grid scrolled to the cell, and the queue (lib/review/queue.ts, the
// same count the result page shows). Every save names the version it was made against (cell
// version and structure version), so a change someone else made meanwhile is refused (409) and
// said so, never overwritten.
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Cell, PageEntry, Table } from "@/lib/result/schema";
import { applyEdits } from "@/lib/review/cell-edits";
import { cellGeometry } from "@/lib/review/cell-geometry";
import { findCell, findTable, parseCellRef, type CellRef } from "@/lib/review/cell-ref";
import { buildQueue, cellsOf, DEFAULT_LEVELS, isSettled, type QueueLevel } from "@/lib/review/queue";
import { choicesOf } from "@/lib/review/readings";
import type { StructureOpInput } from "@/lib/review/structure/ops";
import { guessParts } from "@/lib/review/structure/cell-ops";
import { CellPanel } from "./cell-panel";
import type { Box, Crop } from "./page-viewer";
import { QueueFilter } from "./queue-filter";
import { QueueList } from "./queue-list";
import { ReviewGrid } from "./review-grid";
import { saveCell, saveStructure } from "./save-cell";
import { ShortcutList } from "./shortcuts";
import { StructureTools, type StructureAction } from "./structure-tools";

const PageViewer = dynamic(() => import("./page-viewer"), { ssr: false, loading: () => <p className="p-4">Loading the page viewer…</p> });

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const DEFAULT_ZOOM = ZOOMS.indexOf(1);

export interface ReviewWorkspaceProps {
  jobId: string;
  tables: Table[];
  pages: PageEntry[];
  sourcePages?: number[];
  versions: Record<string, number>;
  structure: number;
}

type Undo = { kind: "cell"; ref: string; version: number } | { kind: "structure" };

function cellAt(tables: Table[], ref: string | null): { table: Table; cell: Cell; parsed: CellRef } | null {
  const parsed = ref ? parseCellRef(ref) : null;
  if (!parsed) return null;
  const table = findTable({ tables }, parsed.page, parsed.table);
  const cell = findCell({ tables }, parsed);
  return table && cell ? { table, cell, parsed } : null;
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

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

export function ReviewWorkspace({ jobId, tables: initialTables, pages, sourcePages, versions: initialVersions, structure: initialStructure }: ReviewWorkspaceProps) {
  const [tables, setTables] = useState(initialTables);
  const [versions, setVersions] = useState(initialVersions);
  const [structure, setStructure] = useState(initialStructure);
  // The queue keeps the order it had when the page opened (or the filter or the structure last
  // changed): a confirmed cell stays in place (ticked), so undo and going back behave predictably.
  const [levels, setLevels] = useState<readonly QueueLevel[]>(DEFAULT_LEVELS);
  const [tableFilter, setTableFilter] = useState("");
  const [queueTables, setQueueTables] = useState(initialTables);
  const queue = useMemo(() => buildQueue(queueTables, { levels, table: tableFilter || undefined }), [queueTables, levels, tableFilter]);
  const firstRef = queue[0]?.ref ?? (initialTables[0] ? cellsOf(initialTables[0])[0]?.ref : undefined) ?? null;
  const [selected, setSelected] = useState<string | null>(firstRef);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [splitDraft, setSplitDraft] = useState<string | null>(null);
  const [undoStack, setUndoStack] = useState<Undo[]>([]);
  const [message, setMessage] = useState<{ tone: "ok" | "warn" | "error"; text: string } | null>(null);
  const [zoomIndex, setZoomIndex] = useState(DEFAULT_ZOOM);
  const [busy, setBusy] = useState(false);
  const [crop, setCrop] = useState<Crop | null>(null);

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
  const geometry = current ? cellGeometry(current.table, current.parsed) : null;

  const select = useCallback((ref: string) => {
    setSelected(ref);
    setEditing(false);
    setSplitDraft(null);
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
    const answer = await saveCell(jobId, { cell: ref, version: versions[ref] ?? 0, structure, action: "confirm", value });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    const updated = replaceCell(tables, ref, answer.cell);
    setTables(updated);
    setVersions((old) => ({ ...old, [ref]: answer.version }));
    setUndoStack((stack) => [...stack, { kind: "cell", ref, version: answer.version }]);
    setEditing(false);
    setMessage({ tone: "ok", text: `Confirmed “${answer.cell.value}” (${describe(ref).toLowerCase()}).` });
    advanceFrom(ref, updated);
  }

  /** Tables reshaped (or the reshaping undone): everything shown is rebuilt from the server's answer. */
  function reshaped(answer: { structure: number; tables: Table[]; versions: Record<string, number> }, keep: string | null, text: string) {
    setTables(answer.tables);
    setQueueTables(answer.tables);
    setVersions(answer.versions);
    setStructure(answer.structure);
    setSplitDraft(null);
    const still = cellAt(answer.tables, keep) ? keep : (answer.tables[0] ? cellsOf(answer.tables[0])[0]?.ref : null) ?? null;
    setSelected(still);
    setMessage({ tone: "ok", text });
  }

  async function changeStructure(op: StructureOpInput, done: string, keep: string | null = selected) {
    if (busy) return;
    setBusy(true);
    const answer = await saveStructure(jobId, { version: structure, action: "apply", op });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    setUndoStack((stack) => [...stack, { kind: "structure" }]);
    reshaped(answer, keep, done);
  }

  /** Undoes the latest structure change in force, whoever made it and when (the server keeps them). */
  async function undoStructure() {
    if (busy) return;
    setBusy(true);
    const answer = await saveStructure(jobId, { version: structure, action: "revert" });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    // A structure entry on this visit's undo stack is the change just undone.
    setUndoStack((stack) => {
      const at = stack.map((entry) => entry.kind).lastIndexOf("structure");
      return at < 0 ? stack : [...stack.slice(0, at), ...stack.slice(at + 1)];
    });
    reshaped(answer, selected, "Undone: the tables are back as they were before the last structure change.");
  }

  async function undo() {
    const last = undoStack.at(-1);
    if (!last || busy) {
      if (!last) setMessage({ tone: "warn", text: "Nothing to undo." });
      return;
    }
    setBusy(true);
    if (last.kind === "structure") {
      const answer = await saveStructure(jobId, { version: structure, action: "revert" });
      setBusy(false);
      if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
      setUndoStack((stack) => stack.slice(0, -1));
      return reshaped(answer, selected, "Undone: the tables are back as they were before your last structure change.");
    }
    const answer = await saveCell(jobId, { cell: last.ref, version: last.version, structure, action: "revert" });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    setTables((old) => replaceCell(old, last.ref, answer.cell));
    setVersions((old) => ({ ...old, [last.ref]: answer.version }));
    setUndoStack((stack) => stack.slice(0, -1));
    select(last.ref);
    setMessage({ tone: "ok", text: `Undone: the cell is ${answer.cell.confidence} again, reading “${answer.cell.value}”.` });
  }

  function structureAction(action: StructureAction) {
    if (!current) return;
    const { page: p, table: t, row, col } = current.parsed;
    const at = { page: p, table: t };
    const header = row === "h";
    const needsBody = () => setMessage({ tone: "warn", text: "Select a cell in the body of the table (not the header row) for this change." });
    switch (action) {
      case "merge-right":
      case "merge-down":
        if (header) return needsBody();
        return void changeStructure({ kind: "merge-cells", ...at, row, col, direction: action === "merge-right" ? "right" : "down" }, `Merged the cell with the one ${action === "merge-right" ? "to its right" : "below"}.`);
      case "split-cell":
        if (header) return needsBody();
        return setSplitDraft(guessParts(current.cell.value).join(" | "));
      case "toggle-header":
        if (header) return void changeStructure({ kind: "unmark-header", ...at }, "The header row is a data row now.", `${p}:${t}:0:${col}`);
        if (current.table.header_cells.length) return setMessage({ tone: "warn", text: "This table already has a header row: select it and press H to make it a data row first." });
        if (row !== 0) return setMessage({ tone: "warn", text: "Only the first row can become the header row; delete the rows above it first." });
        return void changeStructure({ kind: "mark-header", ...at }, "The first row is the header row now.", `${p}:${t}:h:${col}`);
      case "split-table":
        if (header || row === 0) return setMessage({ tone: "warn", text: "Select a cell in the row the new table starts with (not the first row)." });
        return void changeStructure({ kind: "split-table", ...at, row }, `Split the table: row ${row + 1} on is table ${t + 2} now.`, `${p}:${t + 1}:0:${col}`);
      case "merge-next":
        return void changeStructure({ kind: "merge-next", ...at }, "Merged the table with the next one.");
      case "delete-row":
        return void changeStructure({ kind: "delete-row", ...at, row }, `Deleted ${header ? "the header row" : `row ${row + 1}`}.`);
      case "delete-column":
        return void changeStructure({ kind: "delete-column", ...at, col }, `Deleted column ${col + 1}.`);
    }
  }

  function split(parts: string[]) {
    if (!current || current.parsed.row === "h") return;
    const { page: p, table: t, row, col } = current.parsed;
    void changeStructure({ kind: "split-cell", page: p, table: t, row, col, parts }, `Split the cell into ${parts.length} parts.`);
  }

  function startEditing() {
    if (!current) return;
    setDraft(current.cell.value);
    setEditing(true);
  }

  // A phone shows the page larger (scrolled to the cell), or the text is unreadable.
  useEffect(() => {
    const phone = window.matchMedia("(max-width: 699px)");
    const apply = () => setZoomIndex(phone.matches ? ZOOMS.indexOf(1.5) : DEFAULT_ZOOM);
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
    else if (key === "m" || key === "M") structureAction(event.shiftKey ? "merge-down" : "merge-right");
    else if (key === "n" || key === "N") structureAction("merge-next");
    else if (key === "Delete") structureAction(event.shiftKey ? "delete-column" : "delete-row");
    else if (key === "s" || key === "S") structureAction("split-cell");
    else if (key === "h" || key === "H") structureAction("toggle-header");
    else if (key === "t" || key === "T") structureAction("split-table");
    else if (key === "+" || key === "=") zoomBy(1);
    else if (key === "-") zoomBy(-1);
    else if (key === "0") setZoomIndex(DEFAULT_ZOOM);
    else handled = false;
    if (handled) event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  // On a wide screen the right half scrolls on its own: a cell picked far down (in the queue) brings
  // the reading panel back into view. (On a phone the window scrolls; it is left where it is.)
  const pane = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = pane.current;
    const panel = element?.querySelector<HTMLElement>('[data-testid="cell-panel"]');
    if (!element || !panel || element.scrollHeight <= element.clientHeight || getComputedStyle(element).overflowY !== "auto") return;
    const top = panel.getBoundingClientRect().top - element.getBoundingClientRect().top;
    const shortcuts = element.querySelector<HTMLElement>('[data-testid="shortcuts"]')?.offsetHeight ?? 0;
    if (top < shortcuts || top > element.clientHeight / 2) element.scrollTop += top - shortcuts - 8;
  }, [selected]);

  const onCrop = useCallback((next: Crop | null) => setCrop(next), []);

  return (
    <div className="grid gap-4 lg:h-[calc(100vh-7.5rem)] lg:min-h-[36rem] lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]" data-testid="review-layout">
      <section aria-labelledby="page-heading" className="flex min-h-0 min-w-0 flex-col">
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
          geometry={geometry}
          selected={selected}
          zoom={zoom}
          onSelect={select}
          onCrop={onCrop}
        />
      </section>

      <section ref={pane} aria-label="Cell review" className="flex min-h-0 min-w-0 flex-col gap-2 lg:overflow-y-auto lg:pr-1">
        <div className="z-10 bg-[#f5f7f9] pb-1 lg:sticky lg:top-0">
          <ShortcutList />
        </div>
        <p className="m-0 text-lg font-semibold" data-testid="remaining" data-count={remaining} aria-live="polite">
          {remaining === 0 ? "Nothing left to check" : `${remaining} cell${remaining === 1 ? "" : "s"} left to check`}
          <span className="muted text-base font-normal"> of {queue.length} in the queue</span>
        </p>
        {message ? (
          <p className={`notice notice-${message.tone} m-0`} role={message.tone === "error" ? "alert" : "status"} data-testid="review-message">
            {message.text}
            {message.tone === "error" && /reload the page/.test(message.text) ? (
              <>
                {" "}
                <a href="">Reload the page</a>
              </>
            ) : null}
          </p>
        ) : null}

        {current && selected ? (
          <CellPanel
            title={describe(selected)}
            cell={current.cell}
            crop={crop}
            busy={busy}
            editing={editing}
            draft={draft}
            canUndo={undoStack.length > 0}
            onDraft={setDraft}
            onConfirm={(value) => void confirm(value)}
            onStartEditing={startEditing}
            onStopEditing={() => setEditing(false)}
            onUndo={() => void undo()}
            onMove={move}
          />
        ) : (
          <p className="muted">This extraction has no table cells to review.</p>
        )}

        {current ? (
          <StructureTools
            busy={busy}
            isHeader={current.parsed.row === "h"}
            hasHeader={current.table.header_cells.length > 0}
            splitDraft={splitDraft}
            onSplitDraft={setSplitDraft}
            onSplit={split}
            onAction={structureAction}
            reshaped={structure > 0}
            onUndoStructure={() => void undoStructure()}
          />
        ) : null}

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
            <QueueList queue={queue} selected={selected} cellOf={(ref) => cellAt(tables, ref)?.cell ?? null} describe={describe} onSelect={select} />
          )}
        </section>
      </section>
    </div>
  );
}
