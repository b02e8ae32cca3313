// Structure questions: a doubt about a table's shape asked once, not once per cell. The structure
// vote lowers every cell whose boundaries the segmentations disagree about, so two stacked tables
// delivered as one put all their (correct) cells in the queue, one item each. Such a cell is a
// structure doubt only: two or more value readings agree on its text (its value is cross-checked),
// and no value reading says otherwise; what is doubted is where it sits. Those cells of a table
// make ONE item, a question about the table, answered once for every cell it settles:
//   - "is this a table" when the readings did not agree there is a table at all (layout_disputed),
//   - "is the table's shape right" otherwise (rows, columns, header, bands, one table or two).
// The answers the page offers now: "yes, as shown" (the structure confirmation, which confirms
// exactly these cells: lib/review/structure/confirm-structure.ts) and "no" (fix it with the table
// tools: split the table, header row, merge, delete). Cells whose value readings disagree, or that
// only one reading saw, stay cell items, settled one by one.
// Designed to grow: the question's kind and its alternatives come from here, so the alternatives
// the segmentations proposed (a split row, another header line, another band span) can be added
// as choices once the result carries them, without changing the queue.
import type { Cell, Table } from "../result/schema";
import { tableName } from "../result/table-name";
import { DEFAULT_LEVELS, cellsOf, holdsNoValue, queueLevel, tableKey, type QueueLevel } from "./queue";
import { STRUCTURE_READINGS, valueReadingsDisagree } from "./readings";

/** Sources that are not a reading of the cell's text. */
const NOT_VALUE_READINGS = new Set([...STRUCTURE_READINGS, "human-review"]);

/** Whether a queued cell's doubt is about its place only: its value is agreed by two or more value
 * readings and contradicted by none. */
export function isStructureOnlyDoubt(cell: Cell): boolean {
  const level = queueLevel(cell);
  if (level === null || holdsNoValue(cell) || valueReadingsDisagree(cell)) return false;
  return cell.sources.filter((source) => !NOT_VALUE_READINGS.has(source)).length >= 2;
}

export type StructureQuestion = "is-table" | "shape";

export interface StructureItem {
  kind: "structure";
  /** "page:index" of the table. */
  table: string;
  question: StructureQuestion;
  /** The strongest doubt among its cells (disputed before unverified). */
  level: QueueLevel;
  /** The cells one answer settles, in reading order. */
  cells: string[];
}

export interface CellItem {
  kind: "cell";
  ref: string;
  level: QueueLevel;
  table: string;
}

export type ReviewItem = CellItem | StructureItem;

/** The question in words, for the page and the docs. */
export function questionText(item: StructureItem, table: Pick<Table, "page" | "index">): string {
  const name = tableName(table);
  const cells = `${item.cells.length} cell${item.cells.length === 1 ? "" : "s"}`;
  return item.question === "is-table"
    ? `${name}: is this a table? The readings agree on the values of ${cells} but not that a table is there.`
    : `${name}: is its shape right (rows, columns, header, one table or two)? The readings agree on the values of ${cells} but not on where they sit.`;
}

/** The review queue as items with the default filter: each table's structure-only doubts as one
 * structure item (placed where its first cell would be), every other queued cell as itself;
 * disputed first, then unverified, each in page, table and reading order. */
export function reviewItems(tables: Table[], levels: readonly QueueLevel[] = DEFAULT_LEVELS): ReviewItem[] {
  const ordered = [...tables].sort((a, b) => a.page - b.page || a.index - b.index);
  const items: Array<ReviewItem & { position: number }> = [];
  for (const table of ordered) {
    const key = tableKey(table);
    let structure: (StructureItem & { position: number }) | null = null;
    for (const { ref, cell } of cellsOf(table)) {
      const level = queueLevel(cell);
      if (!level || !levels.includes(level)) continue;
      if (isStructureOnlyDoubt(cell)) {
        if (!structure) {
          structure = {
            kind: "structure",
            table: key,
            question: table.layout_disputed ? "is-table" : "shape",
            level,
            cells: [],
            position: items.length,
          };
          items.push(structure);
        }
        structure.cells.push(ref);
        if (level === "disputed") structure.level = "disputed";
      } else items.push({ kind: "cell", ref, level, table: key, position: items.length });
    }
  }
  const rank = (level: QueueLevel) => (level === "disputed" ? 0 : level === "unverified" ? 1 : 2);
  items.sort((a, b) => rank(a.level) - rank(b.level) || a.position - b.position);
  return items.map(({ position: _position, ...item }) => item);
}

/** How many items a person answers: cell items and structure questions. */
export function itemCounts(tables: Table[]): { cells: number; structure: number; cellsInStructure: number } {
  const items = reviewItems(tables);
  const structure = items.filter((item): item is StructureItem => item.kind === "structure");
  return {
    cells: items.length - structure.length,
    structure: structure.length,
    cellsInStructure: structure.reduce((n, item) => n + item.cells.length, 0),
  };
}
