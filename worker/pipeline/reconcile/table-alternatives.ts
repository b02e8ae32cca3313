// The shapes the losing structure readings proposed, recorded per table so the review page can
// offer them as numbered answers to the table's question ("one table or two?", "where does the
// header end?") instead of leaving the reviewer to rebuild them with the table tools. The votes
// (structure-vote.ts, boundary-vote.ts) decide which cells are in doubt; this says what the
// readings that disagreed would have delivered instead, compared like the votes in the page's
// words (a row is the set of words its cells hold).
//
// Only shapes the review page's table edits can apply are recorded:
//   - split:       two or more of a reading's tables each hold at least `partMinWords` of the
//                  table's words; the body rows where the reading's next table starts;
//   - merge-next:  the reading's table over this one also holds at least `partMinWords` of the
//                  next delivered table's words on the page;
//   - header-down: the reading's header lines hold the first body rows too (the header ends lower);
//   - no-header:   the reading has the delivered header line's words in its body and none in a
//                  header;
//   - band-span:   the reading has a column band of the same label over other columns (its
//                  columns mapped onto the delivered ones through the words they hold).
// Other disagreements (another column count, an extent that takes in a
// block outside the table) stay in the cells' doubt and the table tools: no single edit applies
// them. Every reading of the page's tables that takes part in the vote proposes, whatever its
// input (a reviewer weighs them); a reading reported beside the vote does not.
import type { Table, TableAlternative } from "../../../lib/result/schema";
import type { Box, TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { modelToTable } from "../tables/assemble-table";
import { RECONCILE_SETTINGS } from "./settings";

/** An alternative before the readings proposing it are gathered. */
type Proposal = TableAlternative extends infer A ? (A extends unknown ? Omit<A, "by"> : never) : never;

/** The page's words (by index) whose centre lies in one of the boxes. Asked for every row of
 * every table against all the page's words, so a word is first tested against the boxes' common
 * extent (a centre inside a box is inside it), and only the few inside go through the boxes. */
export function wordsInBoxes(words: readonly Word[], boxes: readonly Box[]): Set<number> {
  const out = new Set<number>();
  if (boxes.length === 0) return out;
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const box of boxes) {
    // Comparisons, not Math.min: a box with a NaN side contains nothing and widens nothing.
    if (box[0] < left) left = box[0];
    if (box[1] < top) top = box[1];
    if (box[2] > right) right = box[2];
    if (box[3] > bottom) bottom = box[3];
  }
  for (let i = 0; i < words.length; i++) {
    const box = words[i]!.box;
    const x = (box[0] + box[2]) / 2;
    const y = (box[1] + box[3]) / 2;
    if (!(x >= left && x <= right && y >= top && y <= bottom)) continue;
    for (const cell of boxes) {
      if (x >= cell[0] && x <= cell[2] && y >= cell[1] && y <= cell[3]) {
        out.add(i);
        break;
      }
    }
  }
  return out;
}

function overlap(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

const boxesOf = (cells: ReadonlyArray<{ bbox?: Box | null }>): Box[] => cells.flatMap((cell) => (cell.bbox ? [cell.bbox] : []));

interface TableWords {
  header: Set<number>;
  rows: Set<number>[];
  all: Set<number>;
}

function tableWords(table: Table, words: readonly Word[]): TableWords {
  const header = wordsInBoxes(words, boxesOf(table.header_cells));
  const rows = table.rows.map((row) => wordsInBoxes(words, boxesOf(row)));
  return { header, rows, all: new Set([...header, ...rows.flatMap((row) => [...row])]) };
}

/** The alternatives one reading proposes for the delivered table `i`. */
function proposalsOf(
  reading: Extract<StructureReading, { kind: "tables" }>,
  i: number,
  delivered: readonly TableWords[],
  tables: readonly Table[],
  words: readonly Word[],
  partMinWords: number,
): Proposal[] {
  const mine = delivered[i]!;
  const proposed = reading.tables.map((model) => ({ model, words: wordsInBoxes(words, [model.box]) }));
  const parts = proposed.filter((p) => overlap(p.words, mine.all) >= partMinWords);
  if (parts.length === 0) return [];
  if (parts.length >= 2) {
    // Each body row goes with the part holding most of its words; a row none holds stays with the
    // row above. A new table starts where the part changes (never at the first body row: the
    // header line would be a table of its own, which no single edit makes).
    const partOf = mine.rows.map((row) => {
      let best = -1;
      let most = 0;
      parts.forEach((part, p) => {
        const n = overlap(part.words, row);
        if (n > most) [best, most] = [p, n];
      });
      return best;
    });
    const rows: number[] = [];
    let current = partOf[0] ?? -1;
    partOf.forEach((part, r) => {
      if (r === 0 || part < 0 || part === current) return;
      if (current >= 0) rows.push(r);
      current = part;
    });
    return rows.length ? [{ kind: "split", rows }] : [];
  }
  const main = parts[0]!;
  const out: Proposal[] = [];
  const table = tables[i]!;
  const next = tables.findIndex((t) => t.page === table.page && t.index === table.index + 1);
  if (next >= 0 && overlap(main.words, delivered[next]!.all) >= partMinWords) out.push({ kind: "merge-next" });
  out.push(...headerProposal(main.model, mine, words));
  out.push(...bandProposals(main.model, table, mine, words));
  return out;
}

/** Column bands the reading sets over other columns: a band of the delivered table and one of the
 * reading's with the same label, the reading's columns mapped onto the delivered ones through the
 * words they hold (each reading column goes to the delivered column holding most of its words). */
function bandProposals(model: TableModel, table: Table, mine: TableWords, words: readonly Word[]): Proposal[] {
  if (!table.colbands?.length) return [];
  const theirs = modelToTable(model, table.page, table.index).colbands ?? [];
  if (theirs.length === 0) return [];
  const width = Math.max(table.header_cells.length, ...table.rows.map((row) => row.length));
  const columnWords = Array.from({ length: width }, (_, c) =>
    wordsInBoxes(words, boxesOf([table.header_cells[c] ?? {}, ...table.rows.map((row) => row[c] ?? {})])),
  );
  const mapped = (col: number): number | null => {
    const held = wordsInBoxes(
      words,
      model.cells.filter((cell) => cell.col === col && cell.colSpan === 1 && cell.box).map((cell) => cell.box!),
    );
    let best: number | null = null;
    let most = 0;
    columnWords.forEach((own, c) => {
      const n = overlap(own, held);
      if (n > most) [best, most] = [c, n];
    });
    return best;
  };
  const label = (text: string) => text.replace(/\s+/g, " ").trim();
  const out: Proposal[] = [];
  table.colbands.forEach((band, index) => {
    if (mine.all.size === 0) return;
    const same = theirs.filter((other) => label(other.label) === label(band.label));
    if (same.length !== 1) return;
    const cols: number[] = [];
    for (let col = same[0]!.start_col; col <= same[0]!.end_col; col++) {
      const to = mapped(col);
      if (to !== null) cols.push(to);
    }
    if (cols.length === 0) return;
    const start = Math.min(...cols);
    const end = Math.max(...cols);
    if (start !== band.start_col || end !== band.end_col)
      out.push({ kind: "band-span", band: index, label: band.label, start_col: start, end_col: end });
  });
  return out;
}

/** Where the reading's header ends, against the delivered one. */
function headerProposal(
  model: TableModel,
  mine: TableWords,
  words: readonly Word[],
): Array<{ kind: "header-down"; rows: number } | { kind: "no-header" }> {
  const headerWords = wordsInBoxes(
    words,
    model.cells.filter((cell) => cell.row < model.headerRows && cell.box).map((cell) => cell.box!),
  );
  const bodyWords = wordsInBoxes(
    words,
    model.cells.filter((cell) => cell.row >= model.headerRows && cell.box).map((cell) => cell.box!),
  );
  if (mine.header.size > 0 && overlap(headerWords, mine.header) === 0) {
    return overlap(bodyWords, mine.header) * 2 > mine.header.size ? [{ kind: "no-header" }] : [];
  }
  // The leading body rows whose words are mostly the reading's header words; at least one body
  // row stays (a table of header lines alone is no table).
  let rows = 0;
  while (rows < mine.rows.length - 1) {
    const row = mine.rows[rows]!;
    if (row.size === 0 || overlap(headerWords, row) * 2 <= row.size) break;
    rows++;
  }
  return rows > 0 ? [{ kind: "header-down", rows }] : [];
}

const keyOf = (alternative: Proposal): string => JSON.stringify(alternative);

/** The delivered tables, each with the alternatives the page's table readings propose for it
 * (`alternatives`, absent when none). A table keeps any it already has. */
export function withTableAlternatives(
  tables: readonly Table[],
  words: readonly Word[],
  readings: readonly StructureReading[],
  settings: { partMinWords: number; alternativesPerTable: number } = {
    partMinWords: RECONCILE_SETTINGS.boundary.partMinWords,
    alternativesPerTable: RECONCILE_SETTINGS.alternativesPerTable,
  },
): Table[] {
  const delivered = tables.map((table) => tableWords(table, words));
  return tables.map((table, i) => {
    if (delivered[i]!.all.size === 0) return table;
    const found = new Map<string, { alternative: Proposal; by: Set<string> }>();
    for (const reading of readings) {
      // A reading reported beside the vote (concursOnly: pdf-model, whose vote lowered the trust
      // figures) has no say in it, and proposes nothing here either: on EU it proposed "no header"
      // for 9 of 76 tables, each delivered with a header line.
      if (reading.kind !== "tables" || reading.concursOnly) continue;
      for (const alternative of proposalsOf(reading, i, delivered, tables, words, settings.partMinWords)) {
        const key = keyOf(alternative);
        const entry = found.get(key) ?? { alternative, by: new Set<string>() };
        entry.by.add(reading.source);
        found.set(key, entry);
      }
    }
    if (found.size === 0) return table;
    // The shapes more readings proposed first; among equals, in the order they were found.
    const alternatives = [...found.values()]
      .map((entry, order) => ({ ...entry, order }))
      .sort((a, b) => b.by.size - a.by.size || a.order - b.order)
      .slice(0, settings.alternativesPerTable)
      .map(({ alternative, by }) => ({ ...alternative, by: [...by].sort() }));
    return { ...table, alternatives: [...(table.alternatives ?? []), ...alternatives] };
  });
}
