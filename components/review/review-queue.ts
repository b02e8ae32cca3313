// The review queue: every cell that needs a person, most urgent first (disputed, then
// unverified, then resolved), in page and reading order within a level. Pure, so the page and
// its tests agree on the order.
import type { Cell, Confidence, Table } from "@/lib/result/schema";
import { coveredCells } from "@/lib/result/span-layout";
import { formatCellRef } from "@/lib/review/cell-ref";

const PRIORITY: Partial<Record<Confidence, number>> = { disputed: 0, unverified: 1, resolved: 2 };

export interface QueueEntry {
  ref: string;
}

/** Every drawn cell of a table with its reference, header line first. Cells covered by a merged
 * cell (span_grid) are left out: they are empty placeholders in `rows`, not cells on the page, so
 * they are neither queued nor boxed; the merged cell is its top-left reference. */
export function cellsOf(table: Table): Array<{ ref: string; cell: Cell }> {
  const covered = coveredCells(table);
  const header = table.header_cells.map((cell, col) => ({ ref: formatCellRef({ page: table.page, table: table.index, row: "h", col }), cell }));
  const body = table.rows.flatMap((row, r) =>
    row.flatMap((cell, col) => (covered.has(`${r},${col}`) ? [] : [{ ref: formatCellRef({ page: table.page, table: table.index, row: r, col }), cell }])),
  );
  return [...header, ...body];
}

export function buildQueue(tables: Table[]): QueueEntry[] {
  const ordered = [...tables].sort((a, b) => a.page - b.page || a.index - b.index);
  const entries: Array<QueueEntry & { priority: number; position: number }> = [];
  for (const table of ordered) {
    for (const { ref, cell } of cellsOf(table)) {
      const priority = PRIORITY[cell.confidence];
      if (priority !== undefined) entries.push({ ref, priority, position: entries.length });
    }
  }
  entries.sort((a, b) => a.priority - b.priority || a.position - b.position);
  return entries.map(({ ref }) => ({ ref }));
}

/** The cell's choices for the number keys: every reading when they disagree, else the one value. */
export function readingsOf(cell: Cell): Array<{ source: string; value: string }> {
  if (cell.readings && Object.keys(cell.readings).length) return Object.entries(cell.readings).map(([source, value]) => ({ source, value }));
  return [{ source: cell.sources.length ? cell.sources.join(", ") : "the only reading", value: cell.value }];
}

export function isSettled(cell: Cell): boolean {
  return PRIORITY[cell.confidence] === undefined;
}
