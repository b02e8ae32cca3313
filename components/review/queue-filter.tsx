"use client";
// Which cells the review queue holds: by level (disputed and unverified unless asked; resolved
// only when ticked) and by table.
import type { Table } from "@/lib/result/schema";
import { QUEUE_LEVELS, tableKey, type QueueLevel } from "@/lib/review/queue";
import { ConfidenceMark } from "../result/confidence-mark";

export interface QueueFilterProps {
  tables: Table[];
  levels: readonly QueueLevel[];
  table: string;
  onLevels: (levels: QueueLevel[]) => void;
  onTable: (table: string) => void;
}

export function QueueFilter({ tables, levels, table, onLevels, onTable }: QueueFilterProps) {
  const toggle = (level: QueueLevel, on: boolean) => onLevels(QUEUE_LEVELS.filter((l) => (l === level ? on : levels.includes(l))));
  return (
    <fieldset className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 border-0 p-0 text-sm" data-testid="queue-filter">
      <legend className="visually-hidden">Queue filter</legend>
      {QUEUE_LEVELS.map((level) => (
        <label key={level} className="flex items-center gap-1 font-normal">
          <input type="checkbox" checked={levels.includes(level)} onChange={(event) => toggle(level, event.target.checked)} />
          <ConfidenceMark level={level} />
          {level}
        </label>
      ))}
      <label className="flex items-center gap-1 font-normal">
        Table
        <select value={table} onChange={(event) => onTable(event.target.value)} className="w-auto py-0.5 text-sm">
          <option value="">all tables</option>
          {tables.map((t) => (
            <option key={tableKey(t)} value={tableKey(t)}>
              Table {t.index + 1} on page {t.page}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
