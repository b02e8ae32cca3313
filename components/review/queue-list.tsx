"use client";
// The review queue as a list: each cell's mark, value, level and place; the current one marked;
// settled ones ticked in place.
import type { Cell } from "@/lib/result/schema";
import type { QueueEntry } from "@/lib/review/queue";
import { isSettled } from "@/lib/review/queue";
import { ConfidenceMark } from "../result/confidence-mark";

export function QueueList({
  queue,
  selected,
  cellOf,
  describe,
  onSelect,
}: {
  queue: QueueEntry[];
  selected: string | null;
  cellOf: (ref: string) => Cell | null;
  describe: (ref: string) => string;
  onSelect: (ref: string) => void;
}) {
  return (
    <ol className="m-0 max-h-56 list-none overflow-y-auto rounded border border-line bg-white p-0" data-testid="queue">
      {queue.map((entry) => {
        const cell = cellOf(entry.ref);
        if (!cell) return null;
        const isCurrent = entry.ref === selected;
        return (
          <li key={entry.ref} className="border-b border-line last:border-b-0">
            <button
              type="button"
              onClick={() => onSelect(entry.ref)}
              aria-current={isCurrent ? "true" : undefined}
              data-settled={isSettled(cell) ? "true" : undefined}
              className={`flex w-full items-center gap-2 px-2 py-1 text-left ${isCurrent ? "bg-[#e8eaed] font-semibold" : "bg-white"}`}
              style={{ minHeight: 40, font: "inherit", color: "inherit", border: 0, cursor: "pointer" }}
            >
              <ConfidenceMark level={cell.confidence} />
              <span className="flex-1 truncate">{cell.value || "(empty)"}</span>
              <span className="muted whitespace-nowrap text-xs">
                {isSettled(cell) ? "✓ " : ""}
                {cell.confidence} · {describe(entry.ref).replace(/^Page \d+, /, "")}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
