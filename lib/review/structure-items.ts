// Structure questions: a doubt about a table's shape asked once, not once per cell. The structure
// vote lowers every cell whose boundaries the segmentations disagree about, so two stacked tables
// delivered as one put all their (correct) cells in the queue, one item each. Such a cell is a
// structure doubt only: two or more value readings agree on its text (its value is cross-checked),
// and no value reading says otherwise; what is doubted is where it sits. Those cells of a table
// make ONE item, a question about the table, answered once for every cell it settles:
//   - "is this a table" when the readings did not agree there is a table at all (layout_disputed),
//   - "is the table's shape right" otherwise (rows, columns, header, bands, one table or two).
// The answers are numbered choices (the number keys pick them, as they pick a cell's readings):
//   1. "yes, as shown" (the structure confirmation, which confirms exactly these cells:
//      lib/review/structure/confirm-structure.ts);
//   then each shape another structure reading proposed for the table (the result's
//   `alternatives`: a split, one table with the next, the header ending lower, no header), which is
//   made and confirmed in one step (lib/review/structure/alternatives.ts);
//   then, for "is this a table", "no, it is text" and "no, it is a figure"
//   (lib/review/structure/not-a-table.ts).
// Besides them, "no" (fix it with the table tools: split the table, header row, merge, delete).
// Cells whose value readings disagree, or that only one reading saw, stay cell items, settled one
// by one.
import type { Cell, Table, TableAlternative } from "../result/schema";
import { tableName } from "../result/table-name";
import { DEFAULT_LEVELS, cellsOf, isBlank, queueLevel, tableKey, type QueueLevel } from "./queue";
import { valueBackedByMajority } from "./readings";
import { alternativeText, proposedBy } from "./structure/alternatives";

/** Sources that are not a reading of the cell's text. */
/** Whether a queued cell's doubt is about its place only: its value is backed by two or more value
 * readings and by more of them than say otherwise. With no dissent that is plain agreement; with
 * dissent it is the value vote's "resolved" (the text layer and one OCR family against the other),
 * a level the queue does not ask about on its own, so what keeps the cell queued is the structure
 * vote. A value the text layer alone backs against the OCR readings stays a cell item. */
export function isStructureOnlyDoubt(cell: Cell): boolean {
  const level = queueLevel(cell);
  // A cell holding no letter or digit ("%", "-") counts too when two value readings agree on it:
  // it is queued only because a structure reading cut it otherwise ("1997 %"), and that doubt is
  // the table's shape. A blank cell has no value reading to agree.
  if (level === null || isBlank(cell)) return false;
  return valueBackedByMajority(cell);
}

export type StructureQuestion = "is-table" | "shape";

/** One numbered answer to a structure question. */
export type StructureChoice =
  | { kind: "as-shown"; label: string }
  | { kind: "alternative"; index: number; alternative: TableAlternative; label: string; by: string }
  | { kind: "not-a-table"; as: "prose" | "figure"; label: string };

/** The number keys reach nine choices. */
export const MAX_CHOICES = 9;

export interface StructureItem {
  kind: "structure";
  /** "page:index" of the table. */
  table: string;
  question: StructureQuestion;
  /** The strongest doubt among its cells (disputed before unverified). */
  level: QueueLevel;
  /** The cells one answer settles, in reading order. */
  cells: string[];
  /** The numbered answers: choices[0] is key 1. */
  choices: StructureChoice[];
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

/** The question's numbered answers (see above), at most MAX_CHOICES. */
export function questionChoices(question: StructureQuestion, table: Pick<Table, "alternatives">, cells: number): StructureChoice[] {
  const choices: StructureChoice[] = [{ kind: "as-shown", label: `Yes, as shown: confirm ${cells} cell${cells === 1 ? "" : "s"}` }];
  (table.alternatives ?? []).forEach((alternative, index) =>
    choices.push({ kind: "alternative", index, alternative, label: alternativeText(alternative), by: proposedBy(alternative) }),
  );
  if (question === "is-table") {
    choices.push({ kind: "not-a-table", as: "prose", label: "No, not a table: make it text" });
    choices.push({ kind: "not-a-table", as: "figure", label: "No, not a table: make it a figure" });
  }
  return choices.slice(0, MAX_CHOICES);
}

/** The structure question holding a cell, if any. */
export function questionOf(tables: Table[], ref: string | null): StructureItem | null {
  if (!ref) return null;
  return reviewItems(tables).find((item): item is StructureItem => item.kind === "structure" && item.cells.includes(ref)) ?? null;
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
            choices: [],
            position: items.length,
          };
          items.push(structure);
        }
        structure.cells.push(ref);
        if (level === "disputed") structure.level = "disputed";
      } else items.push({ kind: "cell", ref, level, table: key, position: items.length });
    }
  }
  for (const item of items) {
    if (item.kind !== "structure") continue;
    const table = ordered.find((t) => tableKey(t) === item.table)!;
    item.choices = questionChoices(item.question, table, item.cells.length);
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
