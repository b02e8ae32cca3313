// Rulings to grids (pdf-grid): snap near-collinear rulings, join touching pieces, group rulings
// that cross into one grid each, and turn a grid into cells with spans. Modelled on pdfplumber's
// edges_to_intersections / intersections_to_cells, but working on grid slots so spans fall out.
import type { Box, Ruling } from "../types";

/** Snaps rulings of one orientation whose positions are within `snap` to their mean position and
 * joins pieces along one position that overlap or are within `join` of each other. */
export function rulingsToJoined(rulings: Ruling[], snap: number, join: number): Ruling[] {
  const out: Ruling[] = [];
  for (const orientation of ["h", "v"] as const) {
    const sorted = rulings.filter((r) => r.orientation === orientation).sort((a, b) => a.pos - b.pos);
    // Cluster by position.
    const clusters: Ruling[][] = [];
    for (const r of sorted) {
      const cluster = clusters[clusters.length - 1];
      if (cluster && r.pos - cluster[cluster.length - 1]!.pos <= snap) cluster.push(r);
      else clusters.push([r]);
    }
    for (const cluster of clusters) {
      const pos = cluster.reduce((sum, r) => sum + r.pos, 0) / cluster.length;
      const pieces = [...cluster].sort((a, b) => a.start - b.start);
      let current: Ruling | null = null;
      for (const piece of pieces) {
        if (current && piece.start <= current.end + join) {
          current.end = Math.max(current.end, piece.end);
        } else {
          current = { orientation, pos, start: piece.start, end: piece.end };
          out.push(current);
        }
      }
    }
  }
  return out;
}

/** Whether a horizontal and a vertical ruling cross or touch (within `tolerance`). */
export function rulingsIntersect(h: Ruling, v: Ruling, tolerance: number): boolean {
  return v.pos >= h.start - tolerance && v.pos <= h.end + tolerance && h.pos >= v.start - tolerance && h.pos <= v.end + tolerance;
}

/** Groups rulings into connected sets (two rulings are connected when they cross). */
export function rulingsToGroups(rulings: Ruling[], tolerance: number): Ruling[][] {
  const parent = rulings.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const hs = rulings.map((r, i) => [r, i] as const).filter(([r]) => r.orientation === "h");
  const vs = rulings.map((r, i) => [r, i] as const).filter(([r]) => r.orientation === "v");
  for (const [h, hi] of hs) {
    for (const [v, vi] of vs) {
      if (rulingsIntersect(h, v, tolerance)) parent[find(hi)] = find(vi);
    }
  }
  const groups = new Map<number, Ruling[]>();
  rulings.forEach((r, i) => {
    const root = find(i);
    const group = groups.get(root) ?? [];
    group.push(r);
    groups.set(root, group);
  });
  return [...groups.values()];
}

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  box: Box;
}

export interface Grid {
  xs: number[];
  ys: number[];
  cells: GridCell[];
  box: Box;
}

/** Sorted distinct values, merging values within `tolerance` (keeping the first of a run). */
export function positionsToBoundaries(values: number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last === undefined || v - last > tolerance) out.push(v);
  }
  return out;
}

/** Whether some ruling of `rulings` covers the segment [from, to] at position `pos` (within
 * `tolerance`, allowing `coverShare` of the length to be missing, for rulings drawn in pieces). */
export function isSegmentRuled(rulings: Ruling[], pos: number, from: number, to: number, tolerance: number): boolean {
  const length = to - from;
  if (length <= 0) return true;
  let covered = 0;
  const pieces = rulings
    .filter((r) => Math.abs(r.pos - pos) <= tolerance && r.end > from && r.start < to)
    .map((r) => [Math.max(r.start, from), Math.min(r.end, to)] as const)
    .sort((a, b) => a[0] - b[0]);
  let reach = from;
  for (const [s, e] of pieces) {
    if (e <= reach) continue;
    covered += e - Math.max(s, reach);
    reach = e;
  }
  return covered >= length * 0.6;
}

/** A group of crossing rulings to a grid of cells: boundaries at every ruling position (the outer
 * frame taken from the rulings' extent when a side is open), neighbouring slots merged where no
 * ruling separates them. */
export function groupToGrid(group: Ruling[], tolerance: number): Grid | null {
  const hs = group.filter((r) => r.orientation === "h");
  const vs = group.filter((r) => r.orientation === "v");
  if (hs.length === 0 || vs.length === 0) return null;
  const x0 = Math.min(...hs.map((r) => r.start), ...vs.map((r) => r.pos));
  const x1 = Math.max(...hs.map((r) => r.end), ...vs.map((r) => r.pos));
  const y0 = Math.min(...vs.map((r) => r.start), ...hs.map((r) => r.pos));
  const y1 = Math.max(...vs.map((r) => r.end), ...hs.map((r) => r.pos));
  const xs = positionsToBoundaries([x0, x1, ...vs.map((r) => r.pos)], tolerance);
  const ys = positionsToBoundaries([y0, y1, ...hs.map((r) => r.pos)], tolerance);
  const nCols = xs.length - 1;
  const nRows = ys.length - 1;
  if (nCols < 1 || nRows < 1) return null;
  // Union slots not separated by a ruling.
  const id = (r: number, c: number) => r * nCols + c;
  const parent = Array.from({ length: nRows * nCols }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++) {
      if (c + 1 < nCols && !isSegmentRuled(vs, xs[c + 1]!, ys[r]!, ys[r + 1]!, tolerance)) parent[find(id(r, c + 1))] = find(id(r, c));
      if (r + 1 < nRows && !isSegmentRuled(hs, ys[r + 1]!, xs[c]!, xs[c + 1]!, tolerance)) parent[find(id(r + 1, c))] = find(id(r, c));
    }
  }
  // Each union is reported as its bounding rectangle of slots; non-rectangular unions (an L of
  // missing rulings) are split back into single slots rather than invent a span.
  const members = new Map<number, Array<[number, number]>>();
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++) {
      const root = find(id(r, c));
      const list = members.get(root) ?? [];
      list.push([r, c]);
      members.set(root, list);
    }
  }
  const cells: GridCell[] = [];
  for (const list of members.values()) {
    const r0 = Math.min(...list.map((m) => m[0]));
    const r1 = Math.max(...list.map((m) => m[0]));
    const c0 = Math.min(...list.map((m) => m[1]));
    const c1 = Math.max(...list.map((m) => m[1]));
    if ((r1 - r0 + 1) * (c1 - c0 + 1) === list.length) {
      cells.push({ row: r0, col: c0, rowSpan: r1 - r0 + 1, colSpan: c1 - c0 + 1, box: [xs[c0]!, ys[r0]!, xs[c1 + 1]!, ys[r1 + 1]!] });
    } else {
      for (const [r, c] of list) cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, box: [xs[c]!, ys[r]!, xs[c + 1]!, ys[r + 1]!] });
    }
  }
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { xs, ys, cells, box: [xs[0]!, ys[0]!, xs[nCols]!, ys[nRows]!] };
}

/** Filled background rectangles (zebra rows, shaded headers) to rulings: each rectangle's four
 * edges bound a cell. */
export function rectsToRulings(boxes: Box[]): Ruling[] {
  const out: Ruling[] = [];
  for (const [x0, y0, x1, y1] of boxes) {
    out.push({ orientation: "h", pos: y0, start: x0, end: x1 });
    out.push({ orientation: "h", pos: y1, start: x0, end: x1 });
    out.push({ orientation: "v", pos: x0, start: y0, end: y1 });
    out.push({ orientation: "v", pos: x1, start: y0, end: y1 });
  }
  return out;
}
