"use client";
// The structure buttons of the review page, for the selected cell's table (each has a key, from
// key-map.ts): merge with the cell to the right or below, split the cell (both in the header row
// too), header row on or off, split the table before this row, merge with the next table, delete
// this row or column, confirm the table's structure. Splitting a cell asks for its parts
// (separated by "|"), guessed from its text.
import { useEffect, useRef } from "react";
import { keyOf, type StructureCommand } from "./key-map";

export type StructureAction = StructureCommand;

export interface StructureToolsProps {
  busy: boolean;
  isHeader: boolean;
  hasHeader: boolean;
  /** The parts being typed for a split, or null when not splitting. */
  splitDraft: string | null;
  onSplitDraft: (text: string | null) => void;
  /** The parts typed, separated by "|". */
  onSplit: (typed: string) => void;
  onAction: (action: StructureAction) => void;
  /** Whether the tables have been reshaped (by anyone, in any visit): the latest change can be undone. */
  reshaped: boolean;
  onUndoStructure: () => void;
}

const BUTTONS: Array<[StructureAction, string]> = [
  ["merge-right", "Merge →"],
  ["merge-down", "Merge ↓"],
  ["split-cell", "Split cell"],
  ["toggle-header", "Header row"],
  ["split-table", "Split table here"],
  ["merge-next", "Merge with next table"],
  ["delete-row", "Delete row"],
  ["delete-column", "Delete column"],
  ["confirm-structure", "Confirm table structure"],
];

/** What a header cell cannot do: start a new table. */
const BODY_ONLY: ReadonlySet<StructureAction> = new Set(["split-table"]);

export function StructureTools({
  busy,
  isHeader,
  hasHeader,
  splitDraft,
  onSplitDraft,
  onSplit,
  onAction,
  reshaped,
  onUndoStructure,
}: StructureToolsProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (splitDraft !== null) input.current?.focus();
  }, [splitDraft !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- focus when the draft opens, not on every keystroke in it
  return (
    <section aria-labelledby="structure-heading" className="rounded border border-line bg-white p-2" data-testid="structure-tools">
      <h2 id="structure-heading" className="m-0 mb-1 text-sm">
        Table structure
      </h2>
      <div className="flex flex-wrap gap-1">
        {BUTTONS.map(([action, label]) => {
          const key = keyOf(action);
          return (
            <button
              key={action}
              type="button"
              className="button button-secondary px-2 py-1 text-sm"
              disabled={busy || (isHeader && BODY_ONLY.has(action))}
              onClick={() => onAction(action)}
              aria-keyshortcuts={key.replace("Del", "Delete") || undefined}
            >
              {action === "toggle-header" ? (isHeader ? "Header row → data" : hasHeader ? "Header row" : "Make header row") : label}
              {key ? <kbd className="kbd ml-1">{key}</kbd> : null}
            </button>
          );
        })}
        {reshaped ? (
          <button type="button" className="button button-secondary px-2 py-1 text-sm" disabled={busy} onClick={onUndoStructure}>
            Undo last table change
          </button>
        ) : null}
      </div>
      {splitDraft !== null ? (
        <div className="mt-2">
          <label htmlFor="split-parts">Parts of the cell, left to right, separated by |</label>
          <input
            id="split-parts"
            ref={input}
            type="text"
            value={splitDraft}
            onChange={(event) => onSplitDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                onSplit(splitDraft);
              } else if (event.key === "Escape") {
                event.preventDefault();
                onSplitDraft(null);
              }
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
