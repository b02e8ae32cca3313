// One table read as two: a table opening with a row of values (no line of names) right under
// another table of as many columns standing in the same places reads like the upper table's
// continuation, cut where detection found a wider gap (a box drawn around a group of rows, a
// blank, a row detection left out). A table of its own would have its own names. The text does
// not say which, so both tables carry the doubt (`disputed`): no cell is verified whose table
// may be one, and the review page asks "one table or two".
import { median } from "../geometry/box";
import type { TableModel, TextLine } from "../types";
import { isNumeric } from "./cell-text";
import { MARKED_YEAR_SPAN } from "./year-names";

export interface SplitDoubtSettings {
  /** Largest gap between the two tables, in the upper table's row pitches. */
  maxGapPitches: number;
  /** Columns stand in the same places when their left or their right edges lie this many ems
   * apart at most. */
  columnAlignEm: number;
}

/** Left and right edges of each column's cells below the header (null for an empty column). */
function bodyColumnEdges(model: TableModel): Array<[number, number] | null> {
  return Array.from({ length: model.nCols }, (_, c) => {
    const boxes = model.cells.filter((x) => x.row >= model.headerRows && x.col === c && x.colSpan === 1 && x.box).map((x) => x.box!);
    if (boxes.length === 0) return null;
    return [Math.min(...boxes.map((b) => b[0])), Math.max(...boxes.map((b) => b[2]))];
  });
}

/** The table's first row holds values, not names: every filled cell right of the stub a number
 * and not a year (years head columns), in most of those columns (whether detection took the row
 * for a header or not). */
function opensWithValues(model: TableModel): boolean {
  const first = model.cells.filter((x) => x.row === 0 && x.col > 0 && x.text.trim() !== "");
  return first.length * 2 >= model.nCols - 1 && first.every((x) => isNumeric(x.text) && !MARKED_YEAR_SPAN.test(x.text.trim()));
}

function fontSize(model: TableModel): number {
  return median(
    model.cells.filter((x) => x.box && x.text !== "").map((x) => x.box![3] - x.box![1]),
    10,
  );
}

/** Marks `disputed` the tables of a page (sorted top to bottom) that may be one table read as two.
 * `lines`: the page's text lines, each cut into chunks at column gaps. Between the two tables only
 * rows may stand (lines of two chunks or more, one a number: rows detection left out) or lines
 * in the stub (section labels, a row label's wrapped lines); a title, a note or prose reaching
 * over the values makes the lower one a table of its own. */
export function markPossibleSplits(tables: readonly TableModel[], lines: readonly TextLine[][], settings: SplitDoubtSettings): void {
  for (let i = 0; i < tables.length; i++) {
    const upper = tables[i]!;
    for (let j = i + 1; j < tables.length; j++) {
      const lower = tables[j]!;
      if (!opensWithValues(lower) || lower.nCols !== upper.nCols || upper.nCols < 3) continue;
      if (lower.box[1] < upper.box[3]) continue;
      const pitch = (upper.box[3] - upper.box[1]) / Math.max(1, upper.nRows);
      if (lower.box[1] - upper.box[3] > pitch * settings.maxGapPitches) continue;
      const between = lines.filter((chunks) => {
        const box = chunks[0]!.box;
        const cy = (box[1] + box[3]) / 2;
        return cy > upper.box[3] && cy < lower.box[1] && chunks.some((c) => c.box[2] > upper.box[0] && c.box[0] < upper.box[2]);
      });
      // A row left out (two chunks or more, one a number), or a line in the stub (a section label,
      // a wrapped row label) only: anything else (a title, a note) parts two tables.
      const valuesLeft = Math.min(...lower.cells.filter((x) => x.col > 0 && x.box).map((x) => x.box![0]));
      const isRow = (chunks: TextLine[]) => chunks.length >= 2 && chunks.some((c) => isNumeric(c.text));
      const inStub = (chunks: TextLine[]) => chunks.every((c) => c.box[2] < valuesLeft && !isNumeric(c.text));
      if (between.some((chunks) => !isRow(chunks) && !inStub(chunks))) continue;
      const tol = fontSize(upper) * settings.columnAlignEm;
      const a = bodyColumnEdges(upper);
      const b = bodyColumnEdges(lower);
      // Left-aligned labels share their left edge, right-aligned numbers their right edge. The
      // stub is left out: its labels are indented by level.
      const aligned = a.every((x, c) => {
        const y = b[c];
        return c === 0 || !x || !y || Math.abs(x[0] - y[0]) <= tol || Math.abs(x[1] - y[1]) <= tol;
      });
      if (!aligned) continue;
      upper.disputed = lower.disputed = true;
      upper.structureDoubt ??= "split";
      upper.mayContinueIn ??= lower.box;
      lower.structureDoubt ??= "split";
    }
  }
}
