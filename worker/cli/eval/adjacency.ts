// The competition metric (Göbel et al. 2012): adjacency relations between neighbouring non-empty
// cells, compared as multisets after text normalisation; tables matched one to one per page. The
// relations themselves are defined in pipeline/tables/adjacency-relations.ts.
import { gridToRelationList, type GridCell } from "../../pipeline/tables/adjacency-relations";

export { gridToRelationList, normalizeText, type GridCell, type Relation } from "../../pipeline/tables/adjacency-relations";

/** Relations of one table as a multiset: key "a\tb\th|v" to count. */
export function gridToRelations(cells: GridCell[]): Map<string, number> {
  const relations = new Map<string, number>();
  for (const { key } of gridToRelationList(cells)) relations.set(key, (relations.get(key) ?? 0) + 1);
  return relations;
}

export function countRelations(rel: Map<string, number>): number {
  let n = 0;
  for (const v of rel.values()) n += v;
  return n;
}

export function intersectRelations(a: Map<string, number>, b: Map<string, number>): number {
  let n = 0;
  for (const [k, v] of a) n += Math.min(v, b.get(k) ?? 0);
  return n;
}

export interface Scored {
  tp: number;
  gt: number;
  pred: number;
}

export function f1(tp: number, gt: number, pred: number): number {
  const p = pred ? tp / pred : 0;
  const r = gt ? tp / gt : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

/** The metric's one-to-one matching within a document: per page, ground-truth and predicted
 * tables paired greedily by relation F1 (pairs sharing no relation are never matched). Returns
 * the pairs as indices into the two lists, with their true positives. */
export function matchTables(
  gtTables: Array<{ page: number; rel: Map<string, number> }>,
  predTables: Array<{ page: number; rel: Map<string, number> }>,
): Array<{ gt: number; pred: number; tp: number }> {
  const matched: Array<{ gt: number; pred: number; tp: number }> = [];
  const pages = new Set(gtTables.map((t) => t.page));
  for (const page of pages) {
    const g = gtTables.map((t, i) => ({ t, i })).filter(({ t }) => t.page === page);
    const p = predTables.map((t, j) => ({ t, j })).filter(({ t }) => t.page === page);
    const pairs: Array<{ i: number; j: number; f: number; tp: number }> = [];
    for (const { t: gt1, i } of g) {
      for (const { t: pr, j } of p) {
        const hit = intersectRelations(gt1.rel, pr.rel);
        if (hit > 0) pairs.push({ i, j, f: f1(hit, countRelations(gt1.rel), countRelations(pr.rel)), tp: hit });
      }
    }
    // Stable sort: ties keep page order (ground-truth table, then predicted table), as before.
    pairs.sort((a, b) => b.f - a.f);
    const usedG = new Set<number>();
    const usedP = new Set<number>();
    for (const pair of pairs) {
      if (usedG.has(pair.i) || usedP.has(pair.j)) continue;
      usedG.add(pair.i);
      usedP.add(pair.j);
      matched.push({ gt: pair.i, pred: pair.j, tp: pair.tp });
    }
  }
  return matched;
}

/** One document: tables grouped by page, matched greedily by relation F1. */
export function scoreDocument(
  gtTables: Array<{ page: number; rel: Map<string, number> }>,
  predTables: Array<{ page: number; rel: Map<string, number> }>,
): Scored {
  const gt = gtTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const pred = predTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const tp = matchTables(gtTables, predTables).reduce((s, m) => s + m.tp, 0);
  return { tp, gt, pred };
}
