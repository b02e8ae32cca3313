"use client";
// The structure buttons of the review page, for the selected cell's table (each has a key; see
// shortcuts.tsx): merge with the cell to the right or below, split the cell, header row on or off,
// split the table before this row, merge with the next table, delete this row or column. Splitting
// a cell asks for its parts (separated by "|"), guessed from its text.
import { useEffect, useRef } from "react";

export type StructureAction = "merge-right" | "merge-down" | "split-cell" | "toggle-header" | "split-table" | "merge-next" | "delete-row" | "delete-column";

export interface StructureToolsProps {
  busy: boolean;
  isHeader: boolean;
  hasHeader: boolean;
  /** The parts being typed for a split, or null when not splitting. */
  splitDraft: string | null;
  onSplitDraft: (text: string | null) => void;
  onSplit: (parts: string[]) => void;
  onAction: (action: StructureAction) => void;
  /** Whether the tables have been reshaped (by anyone, in any visit): the latest change can be undone. */
  reshaped: boolean;
  onUndoStructure: () => void;
}

const BUTTONS: Array<[StructureAction, string, string]> = [
  ["merge-right", "Merge →", "M"],
  ["merge-down", "Merge ↓", "Shift+M"],
  ["split-cell", "Split cell", "S"],
  ["toggle-header", "Header row", "H"],
  ["split-table", "Split table here", "T"],
  ["merge-next", "Merge with next table", "N"],
  ["delete-row", "Delete row", "Delete"],
  ["delete-column", "Delete column", "Shift+Delete"],
];

export function StructureTools({ busy, isHeader, hasHeader, splitDraft, onSplitDraft, onSplit, onAction, reshaped, onUndoStructure }: StructureToolsProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (splitDraft !== null) input.current?.focus();
  }, [splitDraft !== null]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section aria-labelledby="structure-heading" className="rounded border border-line bg-white p-2" data-testid="structure-tools">
      <h2 id="structure-heading" className="m-0 mb-1 text-sm">
        Table structure
      </h2>
      <div className="flex flex-wrap gap-1">
        {BUTTONS.map(([action, label, key]) => (
          <button
            key={action}
            type="button"
            className="button button-secondary px-2 py-1 text-sm"
            disabled={busy || (isHeader && action !== "toggle-header" && action !== "delete-row" && action !== "delete-column" && action !== "merge-next")}
            onClick={() => onAction(action)}
            aria-keyshortcuts={key || undefined}
          >
            {action === "toggle-header" ? (isHeader ? "Header row → data" : hasHeader ? "Header row" : "Make header row") : label}
            {key ? <kbd className="kbd ml-1">{key.replace("Delete", "Del")}</kbd> : null}
          </button>
        ))}
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
                onSplit(splitDraft.split("|").map((part) => part.trim()));
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
