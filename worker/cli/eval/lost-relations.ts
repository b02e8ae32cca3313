// Where the complete-process F1 is lost: every ground-truth relation the prediction missed, and
// every predicted relation the ground truth lacks, put under one cause. Counted over a set, so
// the unseen set can say where it loses without anyone reading its cases.
//   - table missed:   the relation's table matched no predicted table (or no ground-truth table,
//                     for a predicted relation: a spurious table);
//   - table merged:   ...but at least half its cell texts are in one predicted table on its page,
//                     matched to another ground-truth table (two tables read as one), or, for a
//                     predicted relation, half its texts are in one ground-truth table (one table
//                     read as two);
//   - misread:        one of its two cells has no cell of the same text in the matched table,
//                     but one that differs by a few characters (OCR misreads, a lost decimal
//                     point, glued punctuation);
//   - cell cut:       a cell text is nowhere in the matched table, not even nearly (a cell split
//                     in two, two cells merged, a cell lost);
//   - not neighbours: both texts are cells of the matched table but not next to each other in
//                     that direction (rows or columns cut differently, a header misplaced).
// "Nearly" is an edit distance of at most `MISREAD_SHARE` of the longer text, at least one and at
// most `MISREAD_MAX` characters (a long label that lost a whole word is cut, not misread).
import { gridToRelationList, normalizeText, type GridCell } from "../../pipeline/tables/adjacency-relations";
import { gridToRelations, matchTables } from "./adjacency";

export type LossCause = "table missed" | "table merged" | "misread" | "cell cut" | "not neighbours";
export const LOSS_CAUSES: readonly LossCause[] = ["table missed", "table merged", "misread", "cell cut", "not neighbours"];

/** Share of a table's cell texts another table must hold for the two to be one table read apart
 * or two read as one. */
const SAME_TABLE_SHARE = 0.5;

/** Edit distance allowed, as a share of the longer text, for two cell texts to count as one cell
 * read differently: a misread digit or two in a number, a word's letter. A diagnostic's line, not a
 * pipeline threshold; a cut cell usually differs by whole words. */
const MISREAD_SHARE = 0.34;
const MISREAD_MAX = 3;

export interface LossCounts {
  /** Ground-truth relations not found, by cause. */
  missed: Record<LossCause, number>;
  /** Predicted relations not in the ground truth, by cause. */
  extra: Record<LossCause, number>;
}

export function emptyLoss(): LossCounts {
  const zero = () => Object.fromEntries(LOSS_CAUSES.map((c) => [c, 0])) as Record<LossCause, number>;
  return { missed: zero(), extra: zero() };
}

export function addLoss(a: LossCounts, b: LossCounts): LossCounts {
  const out = emptyLoss();
  for (const cause of LOSS_CAUSES) {
    out.missed[cause] = a.missed[cause] + b.missed[cause];
    out.extra[cause] = a.extra[cause] + b.extra[cause];
  }
  return out;
}

interface TableCells {
  page: number;
  cells: GridCell[];
}

/** Levenshtein distance, stopping early once it passes `limit`. */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

function nearlyIn(text: string, others: readonly string[]): boolean {
  return others.some((other) => {
    const limit = Math.min(MISREAD_MAX, Math.max(1, Math.floor(MISREAD_SHARE * Math.max(text.length, other.length))));
    return editDistanceWithin(text, other, limit) <= limit;
  });
}

/** Whether at least SAME_TABLE_SHARE of `table`'s non-empty cell texts are cells of one of `others`. */
function isInAnother(table: TableCells, others: readonly TableCells[]): boolean {
  const texts = table.cells.map((c) => normalizeText(c.text)).filter((t) => t !== "");
  if (texts.length === 0) return false;
  return others.some((other) => {
    if (other.page !== table.page) return false;
    const theirs = new Set(other.cells.map((c) => normalizeText(c.text)));
    return texts.filter((t) => theirs.has(t)).length >= SAME_TABLE_SHARE * texts.length;
  });
}

/** A table with its relations, listed and as the metric's multiset. */
interface Related extends TableCells {
  list: string[];
  multiset: Map<string, number>;
}

function related(table: TableCells): Related {
  return { ...table, list: gridToRelationList(table.cells).map((r) => r.key), multiset: gridToRelations(table.cells) };
}

/** The cause of each relation of `from` that `to` lacks (multiset difference); with no `to`, the
 * table was missed, or merged when `merged`. */
function unmatchedCauses(from: Related, to: Related | null, into: Record<LossCause, number>, merged = false): void {
  if (!to) {
    into[merged ? "table merged" : "table missed"] += from.list.length;
    return;
  }
  const theirTexts = new Set(to.cells.map((cell) => normalizeText(cell.text)));
  const theirList = [...theirTexts].filter((t) => t !== "");
  const left = new Map(to.multiset);
  for (const key of from.list) {
    const n = left.get(key) ?? 0;
    if (n > 0) {
      left.set(key, n - 1);
      continue;
    }
    const [a, b] = key.split("\t") as [string, string];
    const absent = [a, b].filter((t) => !theirTexts.has(t));
    if (absent.length === 0) into["not neighbours"] += 1;
    else if (absent.every((t) => nearlyIn(t, theirList))) into.misread += 1;
    else into["cell cut"] += 1;
  }
}

/** One document's losses: tables matched as the metric matches them. */
export function lostRelations(truthTables: readonly TableCells[], predictedTables: readonly TableCells[]): LossCounts {
  const loss = emptyLoss();
  const truth = truthTables.map(related);
  const predicted = predictedTables.map(related);
  const pairs = matchTables(
    truth.map((t) => ({ page: t.page, rel: t.multiset })),
    predicted.map((t) => ({ page: t.page, rel: t.multiset })),
  );
  const predOf = new Map(pairs.map((p) => [p.gt, p.pred]));
  const gtOf = new Map(pairs.map((p) => [p.pred, p.gt]));
  truth.forEach((t, i) => {
    const j = predOf.get(i);
    unmatchedCauses(t, j === undefined ? null : predicted[j]!, loss.missed, j === undefined && isInAnother(t, predicted));
  });
  predicted.forEach((t, j) => {
    const i = gtOf.get(j);
    unmatchedCauses(t, i === undefined ? null : truth[i]!, loss.extra, i === undefined && isInAnother(t, truth));
  });
  return loss;
}

/** Lines for the eval's report: counts and shares of all ground-truth (or predicted) relations. */
export function formatLoss(loss: LossCounts, gtRelations: number, predRelations: number, pct: (x: number) => string): string[] {
  const line = (counts: Record<LossCause, number>, total: number) =>
    LOSS_CAUSES.map((c) => `${c} ${counts[c]} (${pct(total ? counts[c] / total : 0)})`).join(", ");
  return [
    `where relations were lost (cause of each miss; a misread cell is nearly the right text, a cut one is not)`,
    `    ground truth not found: ${line(loss.missed, gtRelations)}`,
    `    predicted not in truth: ${line(loss.extra, predRelations)}`,
  ];
}
