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

/** Relations of one table as a multiset: key "a\tb\th|v" to count. */
export function gridToRelations(cells: GridCell[]): Map<string, number> {
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
  const relations = new Map<string, number>();
  const seen = new Set<string>();
  const add = (a: number, b: number, dir: "h" | "v") => {
    const pairKey = `${a}>${b}>${dir}`;
    if (seen.has(pairKey)) return;
    seen.add(pairKey);
    const key = `${texts[a]}\t${texts[b]}\t${dir}`;
    relations.set(key, (relations.get(key) ?? 0) + 1);
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

/** One document: tables grouped by page, matched greedily by relation F1. */
export function scoreDocument(gtTables: Array<{ page: number; rel: Map<string, number> }>, predTables: Array<{ page: number; rel: Map<string, number> }>): Scored {
  let tp = 0;
  const gt = gtTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const pred = predTables.reduce((s, t) => s + countRelations(t.rel), 0);
  const pages = new Set(gtTables.map((t) => t.page));
  for (const page of pages) {
    const g = gtTables.filter((t) => t.page === page);
    const p = predTables.filter((t) => t.page === page);
    const pairs: Array<{ i: number; j: number; f: number; tp: number }> = [];
    g.forEach((gt1, i) =>
      p.forEach((pr, j) => {
        const hit = intersectRelations(gt1.rel, pr.rel);
        if (hit > 0) pairs.push({ i, j, f: f1(hit, countRelations(gt1.rel), countRelations(pr.rel)), tp: hit });
      }),
    );
    pairs.sort((a, b) => b.f - a.f);
    const usedG = new Set<number>();
    const usedP = new Set<number>();
    for (const pair of pairs) {
      if (usedG.has(pair.i) || usedP.has(pair.j)) continue;
      usedG.add(pair.i);
      usedP.add(pair.j);
      tp += pair.tp;
    }
  }
  return { tp, gt, pred };
}
