// The trust table: does a cell's confidence tell a right place in the table from a
// wrong one? The value calibration (calibration.ts) checks each cell's text; this checks structure,
// scored like the complete-process metric:
//   1. each predicted table is laid out as the scorer sees it (tableToGrid: colband line, header
//      line, body rows with span_grid merges) and its adjacency relations listed;
//   2. a relation takes the WEAKER confidence of its two cells (disputed < unverified < resolved <
//      reviewed < verified < confirmed < exact). A band label carries its own confidence (the value
//      vote on its label capped by the structure vote, when OCR ran); a band without one counts
//      as `unverified`: nothing read it twice, and a label's place is exactly the structure this
//      table is about;
//   3. after the metric's one-to-one table matching (adjacency.ts matchTables), a relation is right
//      when its key is in the matched ground-truth table's multiset (each ground-truth relation
//      used once). Where a predicted table holds more copies of a key than the ground truth, the
//      copies counted wrong are those of the MOST confident relations: the table must not credit a
//      level with a right answer it cannot show was its own (pessimistic for the promise);
//   4. per level: relations, share of all, share right; then the share of wrong relations that are
//      NOT verified/confirmed/exact (what the confidence catches).
import type { Confidence, Table } from "../../../lib/result/schema";
import { tableToGrid } from "../../pipeline/tables/assemble-table";
import { gridToRelationList, matchTables, type GridCell } from "./adjacency";

/** Weakest first: a relation is as sure as its less sure cell. */
export const TRUST_ORDER: readonly Confidence[] = ["disputed", "unverified", "resolved", "reviewed", "verified", "confirmed", "exact"];
const PROMISED: ReadonlySet<Confidence> = new Set(["verified", "confirmed", "exact"]);
/** Band labels without a confidence of their own (see the header comment). */
const UNLABELLED: Confidence = "unverified";

export interface LabelledCell extends GridCell {
  confidence?: Confidence;
}

export interface LabelledRelation {
  key: string;
  confidence: Confidence;
}

export function weaker(a: Confidence, b: Confidence): Confidence {
  return TRUST_ORDER.indexOf(a) <= TRUST_ORDER.indexOf(b) ? a : b;
}

/** A grid's relations, each with the weaker confidence of its two cells. */
export function labelledRelations(cells: LabelledCell[]): LabelledRelation[] {
  return gridToRelationList(cells).map(({ key, a, b }) => ({
    key,
    confidence: weaker(cells[a]!.confidence ?? UNLABELLED, cells[b]!.confidence ?? UNLABELLED),
  }));
}

/** A delivered table's relations as the scorer lays it out. */
export function tableTrustRelations(table: Table): LabelledRelation[] {
  return labelledRelations(tableToGrid(table).cells);
}

export interface TrustCounts {
  /** Per level: relations carrying it and how many of them are right. */
  perLevel: Partial<Record<Confidence, { relations: number; right: number }>>;
  /** Every wrong relation (page, index of the predicted table in the document, key, level): which
   * ones the confidence caught and which it let through, for reading the eval JSON. */
  wrongRelations?: Array<{ page: number; table: number; key: string; confidence: Confidence }>;
}

function multiset(keys: Iterable<string>): Map<string, number> {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

/** One document: ground-truth tables as relation multisets, predicted tables as labelled
 * relations; the tables are matched as the metric matches them. */
export function trustDocument(
  gtTables: Array<{ page: number; rel: Map<string, number> }>,
  predTables: Array<{ page: number; relations: LabelledRelation[] }>,
): TrustCounts {
  const predAsMultisets = predTables.map((t) => ({ page: t.page, rel: multiset(t.relations.map((r) => r.key)) }));
  const matchOf = new Map(matchTables(gtTables, predAsMultisets).map((m) => [m.pred, m.gt]));
  const perLevel: TrustCounts["perLevel"] = {};
  const wrongRelations: NonNullable<TrustCounts["wrongRelations"]> = [];
  predTables.forEach((table, j) => {
    const g = matchOf.get(j);
    const left = new Map(g === undefined ? [] : gtTables[g]!.rel);
    // Least confident first, so surplus copies of a key fall on the most confident relations.
    const ordered = [...table.relations].sort((x, y) => TRUST_ORDER.indexOf(x.confidence) - TRUST_ORDER.indexOf(y.confidence));
    for (const relation of ordered) {
      const available = left.get(relation.key) ?? 0;
      const isRight = available > 0;
      if (isRight) left.set(relation.key, available - 1);
      const level = (perLevel[relation.confidence] ??= { relations: 0, right: 0 });
      level.relations += 1;
      if (isRight) level.right += 1;
      else wrongRelations.push({ page: table.page, table: j, key: relation.key, confidence: relation.confidence });
    }
  });
  return { perLevel, wrongRelations };
}

export function addTrust(into: TrustCounts, more: TrustCounts): TrustCounts {
  const perLevel: TrustCounts["perLevel"] = { ...into.perLevel };
  for (const [level, c] of Object.entries(more.perLevel) as Array<[Confidence, { relations: number; right: number }]>) {
    const sum = perLevel[level] ?? { relations: 0, right: 0 };
    perLevel[level] = { relations: sum.relations + c.relations, right: sum.right + c.right };
  }
  return { perLevel, wrongRelations: [...(into.wrongRelations ?? []), ...(more.wrongRelations ?? [])] };
}

export interface TrustSummary {
  relations: number;
  levels: Array<{ level: Confidence; relations: number; shareOfAll: number; right: number; shareRight: number }>;
  wrong: number;
  wrongNotVerified: number;
  /** Of wrong relations, the share not verified/confirmed/exact (target >= 80%). */
  wrongNotVerifiedShare: number;
  /** Relations at verified or above, and the share of them right (target >= 99.5%). */
  verifiedOrAbove: number;
  verifiedOrAboveRight: number;
  /** Share of all relations at verified or above (target >= 75%). */
  verifiedOrAboveShare: number;
}

export function summariseTrust(counts: TrustCounts): TrustSummary {
  const present = TRUST_ORDER.filter((level) => counts.perLevel[level]);
  const relations = present.reduce((n, level) => n + counts.perLevel[level]!.relations, 0);
  const levels = present.map((level) => {
    const c = counts.perLevel[level]!;
    return {
      level,
      relations: c.relations,
      shareOfAll: relations ? c.relations / relations : 0,
      right: c.right,
      shareRight: c.relations ? c.right / c.relations : 0,
    };
  });
  const wrong = levels.reduce((n, l) => n + l.relations - l.right, 0);
  const promised = levels.filter((l) => PROMISED.has(l.level));
  const wrongPromised = promised.reduce((n, l) => n + l.relations - l.right, 0);
  const verifiedOrAbove = promised.reduce((n, l) => n + l.relations, 0);
  const verifiedOrAboveRight = promised.reduce((n, l) => n + l.right, 0);
  return {
    relations,
    levels,
    wrong,
    wrongNotVerified: wrong - wrongPromised,
    // No wrong relation at all: nothing escaped the confidence.
    wrongNotVerifiedShare: wrong ? (wrong - wrongPromised) / wrong : 1,
    verifiedOrAbove,
    verifiedOrAboveRight: verifiedOrAbove ? verifiedOrAboveRight / verifiedOrAbove : 0,
    verifiedOrAboveShare: relations ? verifiedOrAbove / relations : 0,
  };
}

/** The printed table, one line per level then the targets line. */
export function formatTrust(summary: TrustSummary, pct: (x: number) => string): string[] {
  const lines = [`trust table (${summary.relations} predicted relations; a relation takes the weaker confidence of its two cells)`];
  for (const l of summary.levels) {
    lines.push(`    ${l.level.padEnd(10)} ${String(l.relations).padStart(6)} relations (${pct(l.shareOfAll)}), ${pct(l.shareRight)} right`);
  }
  lines.push(
    `    verified or above and right: ${pct(summary.verifiedOrAboveRight)} (${summary.verifiedOrAbove} relations) [target >= 99.5%]; ` +
      `wrong and not verified: ${pct(summary.wrongNotVerifiedShare)} (${summary.wrongNotVerified} of ${summary.wrong}) [target >= 80%]; ` +
      `verified at all: ${pct(summary.verifiedOrAboveShare)} [target >= 75%]`,
  );
  return lines;
}
