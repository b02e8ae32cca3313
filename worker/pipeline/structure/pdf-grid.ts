// Structure reader pdf-grid: the page's rulings (stroked lines, thin and background rectangles)
// snapped into grids by table detection, each grid read cell by cell (tables/build-table.ts
// gridToModel). It has an opinion only where a grid is drawn: an unruled table gets none from it.
//
// Where a grid row holds several text lines aligned across columns (a table ruled between columns
// only), gridToModel cuts it into rows at the text lines: those rows are text geometry's, not the
// rulings'. On a scan the words are one OCR reading's and pdf-layout lays out the same lines, so
// the two "agreeing" on such rows is one piece of evidence counted twice (a line OCR lost or split
// makes the same wrong rows in both). There the reading abstains on those cells (`abstainOn`): it
// may still object, never support. On a page with a text layer the lines are the file's own.
import { gridToModel, splitRepeatedColumns } from "../tables/build-table";
import type { Grid } from "../geometry/rulings-to-grid";
import type { Box, TableModel } from "../types";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";

export const pdfGridReader: StructureReader = {
  name: "pdf-grid",
  inputs: ["rulings"],
  read({ detected, words, settings, wordsFromOcr }) {
    if (detected.grids.length === 0) return null;
    // A grid gridToModel refuses (too few column rulings for its text: zebra rows) says nothing
    // about columns, so it proposes nothing; table detection then takes columns from the layout.
    const read = detected.grids
      .map((grid) => ({ grid, model: gridToModel(grid, words, settings) }))
      .filter((pair): pair is { grid: Grid; model: TableModel } => pair.model !== null && isSegmentation(pair.model));
    const tables = read.flatMap(({ model }) => splitRepeatedColumns(model));
    if (tables.length === 0) return null;
    const abstainOn = wordsFromOcr ? read.flatMap(({ grid, model }) => cellsInRowsCutByText(grid, model)) : [];
    return { source: "pdf-grid", kind: "tables", tables, ...(abstainOn.length > 0 ? { abstainOn } : {}) };
  },
};

/** The boxes of the cells of `model` whose row shares one ruled row of `grid` with another row:
 * rows cut at text lines, not at rulings. A model row lies in the grid row holding the middle of
 * its cells' extent. */
export function cellsInRowsCutByText(grid: Grid, model: TableModel): Box[] {
  const extent = new Map<number, [number, number]>();
  for (const cell of model.cells) {
    if (!cell.box || cell.rowSpan !== 1) continue;
    const e = extent.get(cell.row);
    extent.set(cell.row, e ? [Math.min(e[0], cell.box[1]), Math.max(e[1], cell.box[3])] : [cell.box[1], cell.box[3]]);
  }
  const gridRowOf = new Map<number, number>();
  for (const [row, [top, bottom]] of extent) {
    const middle = (top + bottom) / 2;
    const k = grid.ys.findIndex((y, i) => i + 1 < grid.ys.length && middle >= y && middle < grid.ys[i + 1]!);
    if (k >= 0) gridRowOf.set(row, k);
  }
  const rowsPerGridRow = new Map<number, number>();
  for (const k of gridRowOf.values()) rowsPerGridRow.set(k, (rowsPerGridRow.get(k) ?? 0) + 1);
  const cut = (row: number) => (rowsPerGridRow.get(gridRowOf.get(row) ?? -1) ?? 0) > 1;
  return model.cells
    .filter((cell) => cell.box !== null && Array.from({ length: cell.rowSpan }, (_, i) => cell.row + i).some(cut))
    .map((cell) => cell.box!);
}
