"use client";
// The queue section of the review page: its filter (levels, table) and the list of its cells.
import type { Table } from "@/lib/result/schema";
import type { QueueEntry, QueueLevel } from "@/lib/review/queue";
import { QueueFilter } from "./queue-filter";
import { QueueList } from "./queue-list";
import { cellAt, describe } from "./selection";

export interface QueuePanelProps {
  tables: Table[];
  queue: QueueEntry[];
  levels: readonly QueueLevel[];
  tableFilter: string;
  selected: string | null;
  onFilter: (next: { levels?: QueueLevel[]; table?: string }) => void;
  onSelect: (ref: string) => void;
}

export function QueuePanel({ tables, queue, levels, tableFilter, selected, onFilter, onSelect }: QueuePanelProps) {
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="mb-1 text-base">
        Queue
      </h2>
      <QueueFilter
        tables={tables}
        levels={levels}
        table={tableFilter}
        onLevels={(next) => onFilter({ levels: next })}
        onTable={(next) => onFilter({ table: next })}
      />
      {queue.length === 0 ? (
        <p className="muted m-0">Nothing in the queue: no cell of this filter needs a person.</p>
      ) : (
        <QueueList
          queue={queue}
          selected={selected}
          cellOf={(ref) => cellAt(tables, ref)?.cell ?? null}
          describe={describe}
          onSelect={onSelect}
        />
      )}
    </section>
  );
}
