"use client";
// The reading panel of the review page: the selected cell, its level as a mark and a word, the
// piece of the page under it at 3-4x with its neighbours, and its readings in source order
// (the number keys pick them), with the buttons the keys stand for.
import { useEffect, useRef } from "react";
import type { Cell } from "@/lib/result/schema";
import { choicesOf } from "@/lib/review/readings";
import { CONFIDENCE_STYLES } from "../result/confidence";
import { ConfidenceMark } from "../result/confidence-mark";
import { CROP_DISPLAY_SCALE } from "./crop-scale";
import type { Crop } from "./page-viewer";

export interface CellPanelProps {
  title: string;
  cell: Cell;
  crop: Crop | null;
  busy: boolean;
  editing: boolean;
  draft: string;
  canUndo: boolean;
  onDraft: (value: string) => void;
  onConfirm: (value?: string) => void;
  onStartEditing: () => void;
  onStopEditing: () => void;
  onUndo: () => void;
  onMove: (delta: number) => void;
}

export function CellPanel(props: CellPanelProps) {
  const { title, cell, crop, busy, editing, draft } = props;
  const editor = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) editor.current?.select();
  }, [editing]);
  const readings = choicesOf(cell);
  const cropFrame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = cropFrame.current;
    if (frame && crop) frame.scrollLeft = Math.max(0, ((crop.cell[0] + crop.cell[2]) / 2) * CROP_DISPLAY_SCALE - frame.clientWidth / 2);
  }, [crop]);
  return (
    <div className="rounded border-2 border-ink bg-white p-3" data-testid="cell-panel" aria-labelledby="cell-heading">
      <h2 id="cell-heading" className="m-0 text-sm font-semibold">
        {title}
      </h2>
      <div className="flex flex-wrap items-baseline gap-x-3">
        <p className="my-1 break-words text-2xl font-bold" data-testid="cell-value">
          {cell.value === "" ? <span className="muted text-base font-normal">(empty)</span> : cell.value}
        </p>
        <p className="m-0 text-sm">
          <span className={`badge ${CONFIDENCE_STYLES[cell.confidence].tint}`}>
            <ConfidenceMark level={cell.confidence} /> <span data-testid="cell-confidence">{cell.confidence}</span>
          </span>{" "}
          <span className="muted">{CONFIDENCE_STYLES[cell.confidence].meaning}</span>
        </p>
      </div>
      <p className="muted m-0 text-sm">Sources: {cell.sources.length ? cell.sources.join(", ") : "none agree"}</p>
      {crop ? (
        <div
          className="mt-2 overflow-x-auto rounded border border-line bg-white"
          data-testid="cell-crop-frame"
          // Wider than the panel at 3.5x when the neighbours are wide: a keyboard-scrollable region,
          // opened centred on the cell.
          tabIndex={0}
          role="region"
          aria-label="The page around this cell, enlarged"
          ref={cropFrame}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn by pdf.js in the browser */}
          <img
            src={crop.url}
            alt="The original page around this cell (outlined)"
            data-testid="cell-crop"
            style={{ width: crop.width * CROP_DISPLAY_SCALE, maxWidth: "none", height: crop.height * CROP_DISPLAY_SCALE, display: "block" }}
          />
        </div>
      ) : null}
      <h3 className="mb-1 mt-2 text-sm">Readings</h3>
      <ol className="m-0 list-none space-y-1 p-0" aria-label="Readings" data-testid="readings">
        {readings.map((reading, index) => (
          <li key={reading.source}>
            <button
              type="button"
              className="flex w-full items-center gap-2 rounded border border-line bg-white px-2 py-1 text-left hover:border-accent"
              style={{ minHeight: 40, font: "inherit", color: "inherit", cursor: "pointer" }}
              onClick={() => props.onConfirm(reading.value)}
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
            onChange={(event) => props.onDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                props.onConfirm(draft);
              } else if (event.key === "Escape") {
                event.preventDefault();
                props.onStopEditing();
              }
            }}
          />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="button" onClick={() => props.onConfirm(editing ? draft : undefined)} disabled={busy}>
          Confirm
        </button>
        {editing ? null : (
          <button type="button" className="button button-secondary" onClick={props.onStartEditing}>
            Type a value
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={props.onUndo} disabled={busy || !props.canUndo}>
          Undo
        </button>
        <button type="button" className="button button-secondary" onClick={() => props.onMove(-1)} aria-label="Previous cell">
          ←
        </button>
        <button type="button" className="button button-secondary" onClick={() => props.onMove(1)} aria-label="Next cell">
          →
        </button>
      </div>
    </div>
  );
}
