// Where a table ends, doubted from the line under it. A row label wrapped onto a line of its own
// under the last row ("Local government," then "excluding education") is set in the stub at the
// table's own line spacing; detection ends a region at a line with no values, so it may leave the
// wrap out and the last label cut. A wrap carries on in lower case or hangs indented under the
// label; a note or a source line starts flush as a sentence. Even so a short indented note looks
// like a wrap, so a table with such a line right under it carries the doubt
// (`disputed`): none of its cells is verified, and the review page asks where the table ends.
import { boxUnion, median } from "../geometry/box";
import type { TableModel, TextLine } from "../types";
import { isNumeric } from "./cell-text";

/** Gaps between the table's consecutive rows (top of one minus bottom of the one above). */
function rowGaps(model: TableModel): number[] {
  const rows = Array.from({ length: model.nRows }, (_, r) => boxUnion(model.cells.filter((x) => x.row === r && x.box).map((x) => x.box!)));
  const gaps: number[] = [];
  for (let r = 1; r < rows.length; r++) if (rows[r] && rows[r - 1]) gaps.push(rows[r]![1] - rows[r - 1]![3]);
  return gaps;
}

/** Marks `disputed` each table whose next line below, within `maxGapShare` of its median row gap,
 * lies in its stub (left of every value), holds no number and carries on the last row's label (in
 * lower case, or indented more than `hangEm` ems past the label's start). `lines`: the page's
 * text lines cut into chunks. */
export function markTailWraps(tables: readonly TableModel[], lines: readonly TextLine[][], maxGapShare: number, hangEm: number): void {
  for (const table of tables) {
    if (table.nCols < 2 || table.nRows < 3) continue;
    const values = table.cells.filter((x) => x.col > 0 && x.row >= table.headerRows && x.box);
    if (values.length === 0) continue;
    const valuesLeft = Math.min(...values.map((x) => x.box![0]));
    const gap = median(rowGaps(table), NaN);
    if (!(gap >= 0)) continue;
    const below = lines
      .filter((chunks) => chunks[0]!.box[1] >= table.box[3] - 1 && chunks.some((c) => c.box[2] > table.box[0] && c.box[0] < table.box[2]))
      .sort((a, b) => a[0]!.box[1] - b[0]!.box[1])[0];
    if (!below) continue;
    if (below[0]!.box[1] - table.box[3] > Math.max(gap, 1) * maxGapShare) continue;
    if (!below.every((c) => c.box[2] < valuesLeft && c.box[0] >= table.box[0] - 1 && !isNumeric(c.text))) continue;
    // A wrap carries on the last row's label: in lower case, or hung under it (indented past the
    // label's start). A note or a source line starts a sentence flush with the table.
    const label = table.cells.find((x) => x.row === table.nRows - 1 && x.col === 0 && x.box);
    const size = label ? label.box![3] - label.box![1] : 0;
    const text = below.map((c) => c.text).join(" ");
    // A word in lower case ("households with..."), not a symbol ("χ 2 = 16.9" under EU tables).
    if (/^\p{Ll}\p{L}/u.test(text) || (label && below[0]!.box[0] > label.box![0] + size * hangEm)) {
      table.disputed = true;
      table.structureDoubt ??= "tail-wrap";
    }
  }
}
