// Two tables read as one: the mirror of split-doubt.ts. Two tables stacked with a blank line between
// them (each under its own line of names, typed rules, dot leaders) are set as close as a table's
// row groups, so detection may take them for one region, and every reading of that region inherits
// it. What tells them apart on the page is where the numbers stand: a table's row groups keep its
// columns across a blank line, another table sets its own. So where the numbers under a blank line
// inside a table stand in none of the columns the numbers above it stand in, the table carries the
// doubt (`disputed`: none of its cells is verified), and detection proposes the table cut there as
// the review page's "two tables" answer (detection-alternatives.ts).
import { median } from "../geometry/box";
import type { Box, TableModel, TextLine } from "../types";
import { isNumeric } from "./cell-text";
import { MARKED_YEAR_SPAN } from "./year-names";

/** A number that is a value, not a year naming a column (a lower table's line of names may be
 * years, which stand where its values do). */
const isValue = (text: string) => isNumeric(text) && !MARKED_YEAR_SPAN.test(text.trim());

export interface MergeDoubtSettings {
  /** A blank line: a step from one line's top to the next of at least this many of the table's
   * median steps. */
  blankPitches: number;
  /** A column stands where the numbers above it do when its edge (the right one of right-aligned
   * numbers, the left one of left-aligned numbers) is this many ems from theirs at most; numbers
   * set otherwise stand in it when they overlap it. */
  alignEm: number;
  /** Lines holding a number under the blank line: at least this many. */
  minLinesBelow: number;
}

/** A column of numbers above the blank: its extent and whether its numbers share an edge. */
interface NumberColumn {
  left: number;
  right: number;
  rightAligned: boolean;
  leftAligned: boolean;
}

/** The numbers' chunks of `lines`, grouped into columns by overlap; a column whose right (left)
 * edges lie within `tol` of one another is right- (left-) aligned. */
function numberColumns(lines: readonly TextLine[][], tol: number): NumberColumn[] {
  const groups: Box[][] = [];
  for (const chunk of lines.flat().filter((c) => isValue(c.text))) {
    const group = groups.find((g) => g.some((b) => b[0] <= chunk.box[2] && chunk.box[0] <= b[2]));
    if (group) group.push(chunk.box);
    else groups.push([chunk.box]);
  }
  return groups.map((boxes) => {
    const lefts = boxes.map((b) => b[0]);
    const rights = boxes.map((b) => b[2]);
    return {
      left: Math.min(...lefts),
      right: Math.max(...rights),
      rightAligned: Math.max(...rights) - Math.min(...rights) <= tol,
      leftAligned: Math.max(...lefts) - Math.min(...lefts) <= tol,
    };
  });
}

/** Whether a number's chunk stands in one of the columns. */
function standsIn(box: Box, columns: readonly NumberColumn[], tol: number): boolean {
  return columns.some((c) => {
    if (c.rightAligned) return Math.abs(box[2] - c.right) <= tol;
    if (c.leftAligned) return Math.abs(box[0] - c.left) <= tol;
    return box[0] <= c.right && c.left <= box[2];
  });
}

/** The table's lines (chunks of the page's text lines whose centre lies in its box), top down. */
function linesIn(table: TableModel, lines: readonly TextLine[][]): TextLine[][] {
  const [x0, y0, x1, y1] = table.box;
  return lines
    .map((chunks) =>
      chunks.filter((c) => {
        const cx = (c.box[0] + c.box[2]) / 2;
        const cy = (c.box[1] + c.box[3]) / 2;
        return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
      }),
    )
    .filter((chunks) => chunks.length > 0)
    .sort((a, b) => a[0]!.box[1] - b[0]!.box[1]);
}

/** The first body row of `table` whose cells lie at or below `top` (the row a cut there starts). */
function rowAt(table: TableModel, top: number): number | null {
  for (let r = table.headerRows; r < table.nRows; r++) {
    const tops = table.cells.filter((c) => c.row === r && c.box && c.text.trim() !== "").map((c) => c.box![1]);
    if (tops.length > 0 && Math.min(...tops) >= top - 1) return r;
  }
  return null;
}

/** Marks `disputed` each table with a blank line inside it under which the numbers of at least
 * `minLinesBelow` lines stand in none of the columns the numbers above it stand in (and records the
 * body row the lower part starts at in `mayStartAt`). `lines`: the page's text lines cut into
 * chunks at column gaps. */
export function markPossibleMerges(tables: readonly TableModel[], lines: readonly TextLine[][], settings: MergeDoubtSettings): void {
  for (const table of tables) {
    const inside = linesIn(table, lines);
    if (inside.length < 4) continue;
    const steps = inside.slice(1).map((l, k) => l[0]!.box[1] - inside[k]![0]!.box[1]);
    const pitch = median(steps, NaN);
    if (!(pitch > 0)) continue;
    const size = median(
      inside.flat().map((c) => c.size),
      10,
    );
    const tol = size * settings.alignEm;
    for (let k = 0; k < steps.length; k++) {
      if (steps[k]! < pitch * settings.blankPitches) continue;
      const above = inside.slice(0, k + 1);
      const below = inside.slice(k + 1);
      const columns = numberColumns(above, tol);
      if (columns.length === 0) continue;
      const numbered = below.filter((chunks) => chunks.some((c) => isValue(c.text)));
      if (numbered.length < settings.minLinesBelow) continue;
      // Every number under the blank stands outside the columns above: a table of its own.
      if (numbered.some((chunks) => chunks.some((c) => isValue(c.text) && standsIn(c.box, columns, tol)))) continue;
      table.disputed = true;
      table.structureDoubt ??= "merge";
      const row = rowAt(table, below[0]![0]!.box[1]);
      if (row !== null && row > table.headerRows) table.mayStartAt ??= row - table.headerRows;
      break;
    }
  }
}
