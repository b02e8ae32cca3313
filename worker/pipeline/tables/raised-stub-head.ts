// A stub head standing alone on a line above the column names. Where a table's stub has no name,
// a line set flush left right above its names (a part's caption, "Section D", a title with no
// blank line under it) joins the header as the stub's name: the names line offers the stub column
// an empty place and the line above fills it. A real stub head sits on the names' line (or on
// their last line, or from their first line down); one on a line of its own above every name is
// the stub's name or a caption, which the text does not tell. Every reading of the text shares the
// choice, so the table carries the doubt (`disputed`): none of its cells is verified, and the
// review page asks where the header starts.
import type { TableModel } from "../types";

/** Marks `disputed` each table whose first row's stub cell lies wholly above every other name of
 * that row (its bottom above their tops), with at least two names beside it. */
export function markRaisedStubHeads(tables: readonly TableModel[]): void {
  for (const table of tables) {
    if (table.headerRows < 1) continue;
    const first = table.cells.filter((c) => c.row === 0 && c.rowSpan === 1 && c.text.trim() !== "" && c.box);
    const stub = first.find((c) => c.col === 0);
    const names = first.filter((c) => c.col > 0);
    if (!stub || names.length < 2) continue;
    if (stub.box![3] <= Math.min(...names.map((c) => c.box![1]))) {
      table.disputed = true;
      table.structureDoubt ??= "raised-stub-head";
    }
  }
}
