// The review queue: the cells that need a person, most urgent first. One function for every count
// a page shows (the result page's "Review N cells" button, the review page's "N left to check"), so
// the two can never disagree.
//
// Honest means: a blank cell (or one holding only a nil mark such as "-") is never queued unless
// its readings disagree about a value (an empty cell that one reading saw empty, or as "-", is not
// something to check, nor one with a single reading nobody disputes; one where another reading
// saw "5" is);
// `disputed` comes first, then `unverified`; `resolved` (a majority agrees) is only queued when
// the reviewer asks for it with a filter. Within a level, cells keep page, table and reading order.
import type { Cell, Confidence, Table } from "../result/schema";
import { coveredCells } from "../result/span-layout";
import { formatCellRef } from "./cell-ref";

// `reviewed` (a dispute an AI reviewer settled against the page image, only with vision readers
// configured) stays in the queue right after `disputed`: it is measured, not independently
// verified, so a person is still offered it.
export const QUEUE_LEVELS = ["disputed", "reviewed", "unverified", "resolved"] as const;
export type QueueLevel = (typeof QUEUE_LEVELS)[number];
/** What is queued unless the reviewer changes the filter. */
export const DEFAULT_LEVELS: readonly QueueLevel[] = ["disputed", "reviewed", "unverified"];

export interface QueueFilter {
  levels?: readonly QueueLevel[];
  /** Only this table ("page:index"); all tables when absent. */
  table?: string;
}

export interface QueueEntry {
  ref: string;
  level: QueueLevel;
  /** "page:index" of the table the cell is in. */
  table: string;
}

export const tableKey = (table: Pick<Table, "page" | "index">): string => `${table.page}:${table.index}`;

/** Every drawn cell of a table with its reference, header line first. Cells covered by a merged
 * cell (span_grid) are left out: they are empty placeholders in `rows`, not cells on the page. */
export function cellsOf(table: Table): Array<{ ref: string; cell: Cell }> {
  const covered = coveredCells(table);
  const header = table.header_cells.map((cell, col) => ({
    ref: formatCellRef({ page: table.page, table: table.index, row: "h", col }),
    cell,
  }));
  const body = table.rows.flatMap((row, r) =>
    row.flatMap((cell, col) =>
      covered.has(`${r},${col}`) ? [] : [{ ref: formatCellRef({ page: table.page, table: table.index, row: r, col }), cell }],
    ),
  );
  return [...header, ...body];
}

export function isBlank(cell: Pick<Cell, "value">): boolean {
  return cell.value.trim() === "";
}

/** A cell that holds no value: blank, or only a nil mark ("-", "–", "..", "*") with no letter or
 * digit. OCR engines drop such small isolated marks far more often than they read them, so the
 * text layer's "-" with no OCR reading is the usual case, not a doubt (on the EU set with both
 * OCR families it was a third of the queue, and right every time). */
export function holdsNoValue(cell: Pick<Cell, "value">): boolean {
  return !/[\p{L}\p{N}]/u.test(cell.value);
}

/** Whether a cell's readings disagree about a value: they say different things, and one of them
 * holds a letter or a digit. Readings that are all blank or nil marks ("-" against "", "—"
 * against "-") do not: on a scan one engine reads a dash and the other nothing at all. On the
 * realistic scans of both shared sets such cells were 7-10% of the queued cells, and where one
 * was wrong as delivered it was one nil mark read for another ("—-" for "—", ";" for "-"). A
 * single reading disagrees with nothing (a spreadsheet's formula the file keeps no result for). */
function readingsDisagreeAboutValue(cell: Pick<Cell, "readings">): boolean {
  const values = Object.values(cell.readings ?? {}).map((value) => value.trim());
  return new Set(values).size > 1 && values.some((value) => !holdsNoValue({ value }));
}

/** The queue level a cell belongs to, or null when no person needs to look at it. */
export function queueLevel(cell: Cell): QueueLevel | null {
  if (!(QUEUE_LEVELS as readonly Confidence[]).includes(cell.confidence)) return null;
  if (holdsNoValue(cell) && !readingsDisagreeAboutValue(cell)) return null;
  return cell.confidence as QueueLevel;
}

/** Settled: nothing left for a person (confirmed, verified, ...; or a blank cell nobody doubts). */
export function isSettled(cell: Cell): boolean {
  return queueLevel(cell) === null;
}

export function buildQueue(tables: Table[], filter: QueueFilter = {}): QueueEntry[] {
  const levels = filter.levels ?? DEFAULT_LEVELS;
  const ordered = [...tables].sort((a, b) => a.page - b.page || a.index - b.index);
  const entries: Array<QueueEntry & { position: number }> = [];
  for (const table of ordered) {
    const key = tableKey(table);
    if (filter.table !== undefined && filter.table !== key) continue;
    for (const { ref, cell } of cellsOf(table)) {
      const level = queueLevel(cell);
      if (level && levels.includes(level)) entries.push({ ref, level, table: key, position: entries.length });
    }
  }
  const rank = (level: QueueLevel) => QUEUE_LEVELS.indexOf(level);
  entries.sort((a, b) => rank(a.level) - rank(b.level) || a.position - b.position);
  return entries.map(({ ref, level, table }) => ({ ref, level, table }));
}

/** How many cells need a person with the default filter: the number both pages show. */
export function queueCount(tables: Table[]): number {
  return buildQueue(tables).length;
}
