// The competition metric (Göbel et al. 2012): adjacency relations between neighbouring non-empty
// cells, compared as multisets after text normalisation; tables matched one to one per page.

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
}

/** NFKD, drop combining marks, NFKC, drop non-ASCII, drop all whitespace. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .normalize("NFKC")
    .replace(/[^\x00-\x7F]/g, "")
    .replace(/\s+/g, "");
}

/** One relation of a table: its multiset key ("a\tb\th|v") and the two cells (indices into the
 * input) it links. */
export interface Relation {
  key: string;
  a: number;
  b: number;
}

/** Every relation of one table, in grid order (the trust table labels each one). */
export function gridToRelationList(cells: GridCell[]): Relation[] {
  const slots = new Map<string, number>();
  const texts = cells.map((c) => normalizeText(c.text));
  let maxRow = 0;
  let maxCol = 0;
  cells.forEach((c, id) => {
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let k = c.col; k < c.col + c.colSpan; k++) slots.set(`${r},${k}`, id);
    }
    maxRow = Math.max(maxRow, c.row + c.rowSpan);
    maxCol = Math.max(maxCol, c.col + c.colSpan);
  });
  const relations: Relation[] = [];
  const seen = new Set<string>();
  const add = (a: number, b: number, dir: "h" | "v") => {
    const pairKey = `${a}>${b}>${dir}`;
    if (seen.has(pairKey)) return;
    seen.add(pairKey);
    relations.push({ key: `${texts[a]}\t${texts[b]}\t${dir}`, a, b });
  };
  cells.forEach((c, id) => {
    if (texts[id] === "") return;
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let k = c.col + c.colSpan; k < maxCol; k++) {
        const other = slots.get(`${r},${k}`);
        if (other === undefined || other === id || texts[other] === "") continue;
        add(id, other, "h");
        break;
      }
    }
    for (let k = c.col; k < c.col + c.colSpan; k++) {
      for (let r = c.row + c.rowSpan; r < maxRow; r++) {
        const other = slots.get(`${r},${k}`);
        if (other === undefined || other === id || texts[other] === "") continue;
        add(id, other, "v");
        break;
      }
    }
  });
  return relations;
}

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
export function matchTables(gtTables: Array<{ page: number; rel: Map<string, number> }>, predTables: Array<{ page: number; rel: Map<string, number> }>): Array<{ gt: number; pred: number; tp: number }> {
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
export function scoreDocument(gtTables: Array<{ page: number; rel: Map<string, number> }>, predTables: Array<{ page: number; rel: Map<string, number> }>): Scored {
  const gt = gtTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const pred = predTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const tp = matchTables(gtTables, predTables).reduce((s, m) => s + m.tp, 0);
  return { tp, gt, pred };
}
