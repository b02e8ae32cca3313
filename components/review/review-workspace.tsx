"use client";
// The side-by-side review page: the original page on the left, following the
// selected cell (zoomed to the table, scrolled to the cell, its row and column banded); on the
// right the shortcuts, the cell with a 3-4x crop and its readings in a fixed order, the table's
// structure tools, the table grid scrolled to the cell, and the queue (lib/review/queue.ts, the
// same count the result page shows). Every save names the version it was made against (cell
// version and structure version), so a change someone else made meanwhile is refused (409) and
// said so, never overwritten. The keys are in key-map.ts (use-review-keys.ts listens), what a
// structure key asks for in structure-request.ts.
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PageEntry, Table } from "@/lib/result/schema";
import { cellGeometry } from "@/lib/review/cell-geometry";
import { cellsOf, DEFAULT_LEVELS, isSettled, QUEUE_LEVELS, type QueueLevel } from "@/lib/review/queue";
import { nextUnsettled, sessionQueue, type QueueMembers } from "@/lib/review/session-queue";
import { choicesOf } from "@/lib/review/readings";
import { questionOf } from "@/lib/review/structure-items";
import { BulkAcceptPanel } from "./bulk-accept-panel";
import { CellPanel } from "./cell-panel";
import type { StructureCommand } from "./key-map";
import type { Box, Crop } from "./page-viewer";
import { QueuePanel } from "./queue-panel";
import { ReviewGrid } from "./review-grid";
import { ReviewStatus, type ReviewMessage } from "./review-status";
import { saveCell, saveStructure, type StructureAnswer } from "./save-cell";
import { cellAt, describe, replaceCell, sentence } from "./selection";
import { ShortcutList } from "./shortcuts";
import { bulkRequest, choiceRequest, splitRequest, structureRequest, undoneWhat, type StructureRequest } from "./structure-request";
import { StructureTools } from "./structure-tools";
import { StructureQuestions } from "./structure-questions";
import { useReviewKeys } from "./use-review-keys";
import { useZoom, ZoomControls } from "./zoom-controls";
import { cropFigure, type OpenPdf } from "./crop-figure";

/** Whether the cell at `ref` still needs a person. */
function needsPerson(tables: Table[], ref: string): boolean {
  const found = cellAt(tables, ref);
  return found ? !isSettled(found.cell) : false;
}

/** Every level: the queue's members are recorded whatever the filter shows. */
const EVERY_LEVEL = { levels: QUEUE_LEVELS };

const PageViewer = dynamic(() => import("./page-viewer"), { ssr: false, loading: () => <p className="p-4">Loading the page viewer…</p> });

export interface ReviewWorkspaceProps {
  jobId: string;
  tables: Table[];
  pages: PageEntry[];
  sourcePages?: number[];
  versions: Record<string, number>;
  structure: number;
}

/** A structure entry remembers the cell selected when the change was made: undoing it selects
 * that cell again. Keeping the selection's reference instead pointed, after undoing a table split,
 * at whatever table now had the new table's number (the next table on the page), and the next
 * Del deleted a row there. */
type Undo = { kind: "cell"; ref: string; version: number } | { kind: "structure"; before: string | null; what: string };

export function ReviewWorkspace({
  jobId,
  tables: initialTables,
  pages,
  sourcePages,
  versions: initialVersions,
  structure: initialStructure,
}: ReviewWorkspaceProps) {
  const [tables, setShownTables] = useState(initialTables);
  const [versions, setVersions] = useState(initialVersions);
  const [structure, setStructure] = useState(initialStructure);
  // The queue keeps its members for the whole visit (lib/review/session-queue.ts): a settled cell
  // stays in place (ticked), whatever settled it, so J/K, undo and going back behave predictably.
  const [levels, setLevels] = useState<readonly QueueLevel[]>(DEFAULT_LEVELS);
  const [tableFilter, setTableFilter] = useState("");
  // Members are kept at every level, whatever the filter shows: ticking a level later shows the
  // cells of that level settled meanwhile too.
  const [members, setMembers] = useState<QueueMembers>(() => sessionQueue(initialTables, EVERY_LEVEL).members);
  const filter = useMemo(() => ({ levels, table: tableFilter || undefined }), [levels, tableFilter]);
  const queue = useMemo(() => sessionQueue(tables, filter, members).entries, [tables, filter, members]);
  /** The tables as saved: a cell that became doubtful after the page opened (an undo, a reshaped
   * table) is a member of the queue from then on, so it stays in it once settled. */
  const setTables = (next: Table[]) => {
    setShownTables(next);
    setMembers((known) => sessionQueue(next, EVERY_LEVEL, known).members);
  };
  const firstRef = queue[0]?.ref ?? (initialTables[0] ? cellsOf(initialTables[0])[0]?.ref : undefined) ?? null;
  const [selected, setSelected] = useState<string | null>(firstRef);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [splitDraft, setSplitDraft] = useState<string | null>(null);
  const [undoStack, setUndoStack] = useState<Undo[]>([]);
  const [message, setMessage] = useState<ReviewMessage | null>(null);
  const { zoom, zoomBy, reset: resetZoom } = useZoom();
  const [busy, setBusy] = useState(false);
  const [crop, setCrop] = useState<Crop | null>(null);
  const openPdf = useRef<OpenPdf | null>(null);

  const current = cellAt(tables, selected);
  const remaining = queue.filter((entry) => needsPerson(tables, entry.ref)).length;
  const page = current?.table.page ?? pages[0]?.page ?? 1;
  const pageEntry = pages.find((p) => p.page === page);
  /** The PDF's page number of a result page (a job of a page range numbers its pages from 1). */
  const pdfPageOf = (resultPage: number) => sourcePages?.[pages.findIndex((p) => p.page === resultPage)] ?? resultPage;
  const pdfPage = pdfPageOf(page);
  const boxes: Box[] = tables
    .filter((t) => t.page === page)
    .flatMap((t) => cellsOf(t))
    .flatMap(({ ref, cell }) => (cell.bbox ? [{ ref, bbox: cell.bbox, confidence: cell.confidence }] : []));
  const geometry = current ? cellGeometry(current.table, current.parsed) : null;
  // The table question the selected cell belongs to: its numbered answers take the number keys.
  const question = useMemo(() => questionOf(tables, selected), [tables, selected]);

  // A message about the selected cell (a warning, "this is the last item") is about that cell only:
  // it goes when the selection moves, not at the next save.
  const selectOnly = useCallback((ref: string | null) => {
    setSelected(ref);
    setMessage((shown) => (shown?.about !== undefined && shown.about !== ref ? null : shown));
  }, []);

  const select = useCallback(
    (ref: string) => {
      selectOnly(ref);
      setEditing(false);
      setSplitDraft(null);
    },
    [selectOnly],
  );
  /** Says something about the selected cell (cleared when the selection moves). */
  const say = (tone: ReviewMessage["tone"], text: string) => setMessage({ tone, text, about: selected });

  function move(delta: number) {
    if (queue.length === 0) return say("ok", "The queue is empty: nothing left to check.");
    const index = queue.findIndex((entry) => entry.ref === selected);
    const next = index < 0 ? 0 : Math.min(queue.length - 1, Math.max(0, index + delta));
    // At either end a key that moves nothing says so, rather than doing nothing silently.
    if (index >= 0 && next === index)
      return say("ok", delta > 0 ? "This is the last item in the queue." : "This is the first item in the queue.");
    select(queue[next]!.ref);
  }

  /** After a confirmation (said in `done`): the next cell that still needs a person, wrapping round
   * the queue; or, when there is none, the news that the queue is done. */
  function advanceFrom(ref: string, settledTables: Table[], done = "") {
    const next = nextUnsettled(queue, ref, (at) => needsPerson(settledTables, at));
    if (next) return select(next);
    setMessage({
      tone: "ok",
      text: `${done ? `${done} ` : ""}Every cell in the queue is settled. The downloads on the result page include your confirmations.`,
    });
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
    const done = `Confirmed “${answer.cell.value}” (${describe(ref).toLowerCase()}).`;
    setMessage({ tone: "ok", text: done });
    advanceFrom(ref, updated, done);
  }

  /** Tables reshaped (or the reshaping undone): everything shown is rebuilt from the server's answer.
   * The selection stays on `keep` (the cell just shaped) if it is still there; with `moveOn` (after
   * a confirmation of the structure) only while it still needs a person, else it moves to the first
   * cell that does. */
  function reshaped(answer: Extract<StructureAnswer, { ok: true }>, keep: string | null, text: string, moveOn = false) {
    setTables(answer.tables);
    setVersions(answer.versions);
    setStructure(answer.structure);
    setSplitDraft(null);
    const kept = cellAt(answer.tables, keep);
    // The queue as it stands after the change: the same members, and any cell newly doubtful.
    const after = sessionQueue(answer.tables, filter, members).entries;
    const next = nextUnsettled(after, keep, (at) => needsPerson(answer.tables, at));
    const fallback = next ?? after[0]?.ref ?? (answer.tables[0] ? cellsOf(answer.tables[0])[0]?.ref : null) ?? null;
    selectOnly(kept && (!moveOn || !isSettled(kept.cell) || !next) ? keep : fallback);
    setMessage({ tone: "ok", text: moveOn && !next ? `${text} Every cell in the queue is settled.` : text });
  }

  async function sendStructure(request: StructureRequest) {
    if (request.kind === "warn") return say("warn", request.text);
    if (request.kind === "ask-parts") return setSplitDraft(request.draft);
    if (busy) return;
    setBusy(true);
    // A region made a figure takes its crop along, cut here from the page (crop-figure.ts).
    const op = request.op;
    const region =
      op.kind === "not-a-table" && op.as === "figure" ? tables.find((t) => t.page === op.page && t.index === op.table)?.bbox : undefined;
    // The crop is cut from the document the viewer holds (its PDF page, as the viewer maps it).
    const source = { open: openPdf.current, documentUrl: `/jobs/${jobId}/document` };
    const image = region && op.kind === "not-a-table" ? ((await cropFigure(source, pdfPageOf(op.page), region)) ?? undefined) : undefined;
    const answer = await saveStructure(jobId, { version: structure, action: "apply", op, image });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    const before = selected;
    setUndoStack((stack) => [...stack, { kind: "structure", before, what: undoneWhat(request.op) }]);
    // An answer that settles cells moves on to the next cell that needs a person.
    const settles = ["confirm-structure", "choose-alternative", "accept-text-layer"].includes(request.op.kind);
    reshaped(answer, request.keep ?? selected, request.done, settles);
  }

  /** Undoes the latest structure change in force, whoever made it and when (the server keeps them). */
  async function undoStructure(fromStack: boolean) {
    if (busy) return;
    setBusy(true);
    const answer = await saveStructure(jobId, { version: structure, action: "revert" });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    // A structure entry on this visit's undo stack is the change just undone; the cell selected
    // when it was made is selected again.
    const at = undoStack.map((entry) => entry.kind).lastIndexOf("structure");
    const undone = at < 0 ? null : undoStack[at]!;
    setUndoStack((stack) => {
      const index = stack.map((entry) => entry.kind).lastIndexOf("structure");
      return index < 0 ? stack : [...stack.slice(0, index), ...stack.slice(index + 1)];
    });
    const keep = undone?.kind === "structure" && undone.before ? undone.before : selected;
    const what = undone?.kind === "structure" && fromStack ? undone.what : `${fromStack ? "your" : "the"} last structure change`;
    reshaped(answer, keep, `Undone: the tables are back as they were before ${what}.`);
  }

  async function undo() {
    const last = undoStack.at(-1);
    if (!last) return say("warn", "Nothing to undo.");
    if (busy) return;
    if (last.kind === "structure") return undoStructure(true);
    setBusy(true);
    const answer = await saveCell(jobId, { cell: last.ref, version: last.version, structure, action: "revert" });
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: "error", text: sentence(answer.detail) });
    setTables(replaceCell(tables, last.ref, answer.cell));
    setVersions((old) => ({ ...old, [last.ref]: answer.version }));
    setUndoStack((stack) => stack.slice(0, -1));
    select(last.ref);
    setMessage({ tone: "ok", text: `Undone: the cell is ${answer.cell.confidence} again, reading “${answer.cell.value}”.` });
  }

  function structureAction(action: StructureCommand) {
    if (current) void sendStructure(structureRequest(action, current));
  }

  function startEditing() {
    if (!current) return;
    setDraft(current.cell.value);
    setEditing(true);
  }

  useReviewKeys({
    next: () => move(1),
    previous: () => move(-1),
    reading: (press) => {
      if (question) {
        const choice = question.choices[Number(press) - 1];
        if (choice) void sendStructure(choiceRequest(question, choice));
        else say("warn", `This table question has no answer ${press}.`);
        return;
      }
      // A settled cell keeps its value: a number key pressed on it (after J/K back to it, say) does
      // not replace what was confirmed. Changing it is deliberate: E types the value.
      if (current && isSettled(current.cell))
        return say(
          "warn",
          `This cell is settled (${current.cell.confidence}, “${current.cell.value}”): the number keys do not change it. Press E to type another value.`,
        );
      const reading = current ? choicesOf(current.cell)[Number(press) - 1] : undefined;
      if (reading) void confirm(reading.value);
      else say("warn", `This cell has no reading ${press}.`);
    },
    confirm: () => void confirm(),
    edit: startEditing,
    undo: () => void undo(),
    "merge-right": () => structureAction("merge-right"),
    "merge-down": () => structureAction("merge-down"),
    "split-cell": () => structureAction("split-cell"),
    "toggle-header": () => structureAction("toggle-header"),
    "split-table": () => structureAction("split-table"),
    "merge-next": () => structureAction("merge-next"),
    "delete-row": () => structureAction("delete-row"),
    "delete-column": () => structureAction("delete-column"),
    "confirm-structure": () => structureAction("confirm-structure"),
    "accept-text-layer-table": () => {
      if (!current) return say("warn", "Select a cell of the table first.");
      void sendStructure(bulkRequest(tables, { page: current.parsed.page, table: current.parsed.table }));
    },
    "accept-text-layer-document": () => void sendStructure(bulkRequest(tables, null)),
    "zoom-in": () => zoomBy(1),
    "zoom-out": () => zoomBy(-1),
    "zoom-reset": resetZoom,
  });

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
  const onDocument = useCallback((pdf: OpenPdf) => {
    openPdf.current = pdf;
  }, []);

  return (
    <div
      className="grid gap-4 lg:h-[calc(100vh-7.5rem)] lg:min-h-[36rem] lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]"
      data-testid="review-layout"
    >
      <section aria-labelledby="page-heading" className="flex min-h-0 min-w-0 flex-col">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="page-heading" className="m-0 text-base">
            Original, page {page}
          </h2>
          <ZoomControls zoom={zoom} zoomBy={zoomBy} />
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
          onDocument={onDocument}
        />
      </section>

      <section ref={pane} aria-label="Cell review" className="flex min-h-0 min-w-0 flex-col gap-2 lg:overflow-y-auto lg:pr-1">
        <div className="z-10 bg-[#f5f7f9] pb-1 lg:sticky lg:top-0">
          <ShortcutList />
        </div>
        <ReviewStatus remaining={remaining} queued={queue.length} message={message} />

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
            onSplit={(typed) => void sendStructure(splitRequest(current, typed))}
            onAction={structureAction}
            reshaped={structure > 0}
            onUndoStructure={() => void undoStructure(false)}
          />
        ) : null}

        {current ? <ReviewGrid table={current.table} selected={selected} onSelect={select} /> : null}

        <StructureQuestions
          tables={tables}
          busy={busy}
          active={question?.table ?? null}
          onChoose={(item, choice) => void sendStructure(choiceRequest(item, choice))}
          onFix={(item) => {
            select(item.cells[0]!);
            setMessage({
              tone: "ok",
              text: "Fix the table with the tools above (split the table, header row, merge, delete); C confirms its structure once it is right.",
            });
          }}
        />

        <BulkAcceptPanel
          tables={tables}
          scope={current ? { page: current.parsed.page, table: current.parsed.table } : null}
          busy={busy}
          onAccept={(scope) => void sendStructure(bulkRequest(tables, scope))}
        />

        <QueuePanel
          tables={tables}
          queue={queue}
          levels={levels}
          tableFilter={tableFilter}
          selected={selected}
          onFilter={(next) => {
            if (next.levels) setLevels(next.levels);
            if (next.table !== undefined) setTableFilter(next.table);
          }}
          onSelect={select}
        />
      </section>
    </div>
  );
}
