// A cell's readings in one fixed order: the source vocabulary order (ocr-1, ocr-2,
// ocr-3, pdf-layout, ..., pdf-text, ..., human-review), never the order a JSON object happened to
// keep its keys in. A stored cell, a saved cell and an undone cell can list their readings in
// different key orders (Postgres jsonb sorts keys by length, then bytes), so the number keys of the
// review page would pick different values for the same cell; sorted here, key 1 is always the
// same reading.
import { CELL_SOURCES, type Cell, type Table } from "../result/schema";
import { STRUCTURE_READER_NAMES, VISION_STRUCTURE_NAMES } from "../structure/reader-names";

export interface Reading {
  source: string;
  value: string;
}

const RANK = new Map<string, number>(CELL_SOURCES.map((source, index) => [source, index]));

/** Sorts source names by the vocabulary order; a name outside the vocabulary goes last, by name. */
export function compareSources(a: string, b: string): number {
  const rankA = RANK.get(a) ?? CELL_SOURCES.length;
  const rankB = RANK.get(b) ?? CELL_SOURCES.length;
  return rankA - rankB || (a < b ? -1 : a > b ? 1 : 0);
}

/** Every reading of a cell that has them, in vocabulary order. */
export function orderedReadings(cell: Pick<Cell, "readings">): Reading[] {
  return Object.entries(cell.readings ?? {})
    .sort(([a], [b]) => compareSources(a, b))
    .map(([source, value]) => ({ source, value }));
}

/** The choices a reviewer has for a cell (the number keys): every reading when there are
 * readings, else the one value with the sources behind it. */
export function choicesOf(cell: Cell): Reading[] {
  const readings = orderedReadings(cell);
  if (readings.length) return readings;
  const sources = [...cell.sources].sort(compareSources);
  return [{ source: sources.length ? sources.join(", ") : "the only reading", value: cell.value }];
}

/** The readings the structure vote adds to a cell it disputes (lib/structure/reader-names.ts): what each segmentation would make of the cell. They disagree about where the
 * cell's boundaries are, not about the text the page shows in it. */
export const STRUCTURE_READINGS: readonly string[] = [...STRUCTURE_READER_NAMES, ...VISION_STRUCTURE_NAMES];

/** Whether the readings of a cell's text (every reading but the structure readings) say different
 * things: what a person must settle cell by cell, since confirming a table's shape does not. */
export function valueReadingsDisagree(cell: Pick<Cell, "readings">): boolean {
  const values = Object.entries(cell.readings ?? {}).filter(([source]) => !STRUCTURE_READINGS.includes(source));
  return new Set(values.map(([, value]) => value.trim())).size > 1;
}

const NOT_VALUE_READINGS = new Set([...STRUCTURE_READINGS, "human-review"]);

/** Whether a cell's value is backed by two or more value readings (its sources, structure
 * readings and a person's review aside) and by more of them than say otherwise: with no dissent
 * plain agreement, with dissent the value vote's "resolved" (the text layer and one OCR family
 * against the other). */
export function valueBackedByMajority(cell: Pick<Cell, "sources" | "readings">): boolean {
  const backers: readonly string[] = cell.sources.filter((source) => !NOT_VALUE_READINGS.has(source));
  if (backers.length < 2) return false;
  const dissenters = Object.keys(cell.readings ?? {}).filter((source) => !NOT_VALUE_READINGS.has(source) && !backers.includes(source));
  return backers.length > dissenters.length;
}

/** A cell whose readings object lists its keys in vocabulary order (the same cell otherwise). */
function sortedCell(cell: Cell): Cell {
  if (!cell.readings) return cell;
  const keys = Object.keys(cell.readings);
  const sorted = [...keys].sort(compareSources);
  if (keys.every((key, i) => key === sorted[i])) return cell;
  return { ...cell, readings: Object.fromEntries(sorted.map((key) => [key, cell.readings![key]!])) };
}

/** The result with every cell's readings in vocabulary order, so the JSON the API and the exports
 * write lists them in the order the pages show (JSON object order carries no meaning, but people
 * read it). Tables whose cells are already in order are returned as they are. */
export function withOrderedReadings<R extends { tables: Table[] }>(result: R): R {
  let changed = false;
  const tables = result.tables.map((table) => {
    const header_cells = table.header_cells.map(sortedCell);
    const rows = table.rows.map((row) => row.map(sortedCell));
    const same =
      header_cells.every((cell, i) => cell === table.header_cells[i]) &&
      rows.every((row, r) => row.every((cell, c) => cell === table.rows[r]![c]));
    if (same) return table;
    changed = true;
    return { ...table, header_cells, rows };
  });
  return changed ? { ...result, tables } : result;
}
