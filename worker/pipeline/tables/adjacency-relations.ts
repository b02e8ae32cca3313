// Adjacency relations (Göbel et al. 2012, the ICDAR 2013 table competition's metric): each
// non-empty cell and its nearest non-empty neighbour to the right and below, compared as text after
// normalisation. The pipeline's structure vote judges a cell's place by these same relations
// (reconcile/relation-support.ts), and the eval scores tables by them (cli/eval/adjacency.ts), so
// the definition lives here, once.

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
}

// eslint-disable-next-line no-control-regex -- the range starts at NUL
const ASCII_ONLY = /^[\x00-\x7F]*$/;
const MARKS = /\p{M}/gu;

/** NFKD, drop combining marks, NFKC, drop non-ASCII, drop all whitespace. */
export function normalizeText(text: string): string {
  // Most cell texts are ASCII, which neither normalisation changes and which holds no mark and
  // nothing outside ASCII: only the white space goes (asked for every cell of every reading).
  if (ASCII_ONLY.test(text)) return text.replace(/\s+/g, "");
  return (
    text
      .normalize("NFKD")
      .replace(MARKS, "")
      .normalize("NFKC")
      // eslint-disable-next-line no-control-regex -- the range starts at NUL: everything outside ASCII goes
      .replace(/[^\x00-\x7F]/g, "")
      .replace(/\s+/g, "")
  );
}

/** One relation of a table: its multiset key ("a\tb\th|v") and the two cells (indices into the
 * input) it links. */
export interface Relation {
  key: string;
  a: number;
  b: number;
}

/** Every relation of one table, in grid order (the trust table labels each one). Rows, columns and
 * spans are whole numbers from 0 (tableToGrid's, and the training regions' ground truth). */
export function gridToRelationList(cells: GridCell[]): Relation[] {
  const texts = cells.map((c) => normalizeText(c.text));
  let maxRow = 0;
  let maxCol = 0;
  for (const c of cells) {
    maxRow = Math.max(maxRow, c.row + c.rowSpan);
    maxCol = Math.max(maxCol, c.col + c.colSpan);
  }
  // The cell over each slot (row * maxCol + col; -1: none), a later cell over a slot winning. Asked
  // for every table of every structure reading, so numbers rather than "row,col" strings.
  const slots = new Int32Array(maxRow * maxCol).fill(-1);
  cells.forEach((c, id) => {
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let k = c.col; k < c.col + c.colSpan; k++) slots[r * maxCol + k] = id;
    }
  });
  const relations: Relation[] = [];
  const seen = new Set<number>();
  const add = (a: number, b: number, dir: "h" | "v") => {
    const pairKey = (a * cells.length + b) * 2 + (dir === "h" ? 0 : 1);
    if (seen.has(pairKey)) return;
    seen.add(pairKey);
    relations.push({ key: `${texts[a]}\t${texts[b]}\t${dir}`, a, b });
  };
  cells.forEach((c, id) => {
    if (texts[id] === "") return;
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let k = c.col + c.colSpan; k < maxCol; k++) {
        const other = slots[r * maxCol + k]!;
        if (other < 0 || other === id || texts[other] === "") continue;
        add(id, other, "h");
        break;
      }
    }
    for (let k = c.col; k < c.col + c.colSpan; k++) {
      for (let r = c.row + c.rowSpan; r < maxRow; r++) {
        const other = slots[r * maxCol + k]!;
        if (other < 0 || other === id || texts[other] === "") continue;
        add(id, other, "v");
        break;
      }
    }
  });
  return relations;
}
