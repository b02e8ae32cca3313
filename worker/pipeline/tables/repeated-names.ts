// Tables on one page under the same line of column names, set in the same places: the parts of
// one table stacked with their names repeated, the panels of one survey. The same name at the same
// place stands over the same column, so where two such tables give it different columns (counted
// from their first column, both starting at one left edge), one of them is read wrong: a long row
// label set close to the first value glued to it (the one-row part of a stacked table read with a
// column too few), or a column cut in two. Which one, the text does not say; every reading of the
// text shares the choice, so both tables carry the doubt (`disputed`): none of their cells is
// verified, and the review page asks about both.
import type { ModelCell, TableModel } from "../types";

/** The cells of a table's last header row holding text (its line of names), or of its first row
 * when it was read without a header (the names of a one-row part are not told from its values). */
function namesLine(table: TableModel): ModelCell[] {
  const row = Math.max(table.headerRows - 1, 0);
  return table.cells.filter((c) => c.row === row && c.text.trim() !== "" && c.box);
}

const centre = (cell: ModelCell) => (cell.box![0] + cell.box![2]) / 2;
const size = (cell: ModelCell) => cell.box![3] - cell.box![1];

/** Whether `a` and `b`, starting at one left edge, hold at least two names alike in text and place
 * (centres within `alignEm` of the names' size), one of them in another column. */
function namesClash(a: TableModel, b: TableModel, alignEm: number): boolean {
  const namesA = namesLine(a);
  const namesB = namesLine(b);
  if (namesA.length < 2 || namesB.length < 2) return false;
  const tolerance = alignEm * Math.max(...namesA.map(size), ...namesB.map(size));
  if (Math.abs(a.box[0] - b.box[0]) > tolerance) return false;
  const pairs = namesA.flatMap((x) =>
    namesB.filter((y) => y.text.trim() === x.text.trim() && Math.abs(centre(x) - centre(y)) <= tolerance).map((y) => [x, y] as const),
  );
  return pairs.length >= 2 && pairs.some(([x, y]) => x.col !== y.col);
}

/** Marks `disputed` both tables of each pair on the page whose repeated names stand over different
 * columns (namesClash). `alignEm` 0 switches it off. */
export function markRepeatedNameClashes(tables: readonly TableModel[], alignEm: number): void {
  if (alignEm <= 0) return;
  for (let i = 0; i < tables.length; i++) {
    for (let j = i + 1; j < tables.length; j++) {
      if (!namesClash(tables[i]!, tables[j]!, alignEm)) continue;
      for (const table of [tables[i]!, tables[j]!]) {
        table.disputed = true;
        table.structureDoubt ??= "repeated-names";
      }
    }
  }
}
