// The page image's own grid as a check on a segmentation of a scanned table. On a scan every
// segmentation of an unruled table reads words inside the region table detection delivered:
// pdf-layout the first OCR engine's, pdf-model the other engine's. Where the region is wrong (two
// tables side by side delivered as one) or a dense header is cut wrongly, both make the same wrong
// neighbours, so their agreement is no check. The ink of the prepared page image, read by
// projection profiles as page-ink reads it (page-ink.ts), is a third reading made by another
// method and from another input: text lines are runs of inked pixel rows, gutters are x-ranges no
// line's ink enters.
// A cell agrees with the ink grid when:
//   - the region reads as one table in the ink (page-ink cuts it nowhere), with as many columns as
//     the segmentation has (gutters + 1), each gutter standing in the blank between the words of
//     the two columns of its boundary;
//   - its words lie between the gutters of its own column(s): its left edge in its first column,
//     its right edge in its last (a span is read where the text crosses the gutters between);
//   - its rows: every ink line whose centre lies in the cell falls in the cell's rows, where each
//     row owns the ink lines whose centres lie in the vertical extent of its one-row cells; two rows
//     that claim one ink line (rows interleaved, as two side-by-side tables' rows are) fail the
//     whole table.
// Where the ink has no opinion (too few lines, no gutter) or disagrees, the cell does not agree.
import type { PageRender } from "../render/render-page";
import type { Box, TableModel } from "../types";
import { guttersOf, inkLines, inkTables, median, type InkWindow } from "./page-ink";
import type { PageInkSettings } from "./settings";

/** The ink of a region: its text lines (pixels of the window) and how many tables page-ink reads
 * in it (more than one: it cuts it). */
export interface InkGrid {
  window: InkWindow;
  parts: number;
  settings: PageInkSettings;
}

/** The ink grid of `region`, or null where the ink gives none (fewer text lines than a table). */
export function inkGrid(render: PageRender, region: Box, settings: PageInkSettings): InkGrid | null {
  const window = inkLines(render, region, settings, settings.gridSolidRowShare);
  if (!window || window.lines.length < settings.minPartLines) return null;
  return { window, parts: inkTables(render, region, settings).length, settings };
}

/** The boxes of `model`'s cells (with words) that do not agree with the ink grid: every one of them
 * where the table as a whole does not (no grid, cut in parts, interleaved rows, another column
 * count). */
export function cellsOffInkGrid(model: TableModel, grid: InkGrid | null): Box[] {
  const filled = model.cells.filter((c) => c.box !== null);
  const all = filled.map((c) => c.box!);
  if (!grid || grid.parts !== 1) return all;
  const { lines, w, x0, y0, scale } = grid.window;
  const bands = lines.map((l): [number, number] => [(y0 + l.top) / scale, (y0 + l.bottom) / scale]);
  const centre = (k: number) => (bands[k]![0] + bands[k]![1]) / 2;
  // The ink lines each row owns: those whose centre lies in the vertical extent of its one-row cells.
  const ownerOf = new Map<number, number>();
  for (let row = 0; row < model.nRows; row++) {
    const boxes = filled.filter((c) => c.row === row && c.rowSpan === 1).map((c) => c.box!);
    if (boxes.length === 0) continue;
    const top = Math.min(...boxes.map((b) => b[1]));
    const bottom = Math.max(...boxes.map((b) => b[3]));
    for (let k = 0; k < lines.length; k++) {
      if (centre(k) < top || centre(k) > bottom) continue;
      if (ownerOf.has(k)) return all;
      ownerOf.set(k, row);
    }
  }
  // Gutters from the lines below the header rows: a band's name is set across the gutters of the
  // columns under it, which is what its span is read from.
  const body = lines.filter((_, k) => (ownerOf.get(k) ?? model.nRows) >= model.headerRows);
  if (body.length < grid.settings.minPartLines) return all;
  const em = median(body.map((l) => l.bottom - l.top));
  const gutters = guttersOf(body, w, grid.settings.minGutterEm * em, grid.settings.gutterCrossingShare).map(([a, b]): [number, number] => [
    (x0 + a) / scale,
    (x0 + b) / scale,
  ]);
  // The ink must read as many columns as the reading, each gutter standing in the blank between
  // the words of two neighbouring columns of it, gutter k in blank k (seenBoundaries). The blanks
  // come from the reading's body cells, as the gutters from the body's lines (a column name may be
  // wider than its column).
  const middles = seenBoundaries(
    filled.filter((c) => c.row >= model.headerRows),
    model.nCols,
    gutters,
  );
  if (!middles) return all;
  // The ink column a point falls in: the boundaries whose middle lies left of it.
  const columnAt = (x: number) => middles.filter((m) => m < x).length;
  const columnsAgree = (cell: TableModel["cells"][number]) =>
    columnAt(cell.box![0]) === cell.col && columnAt(cell.box![2]) === cell.col + cell.colSpan - 1;
  return filled
    .filter((cell) => {
      const box = cell.box!;
      const columns = columnsAgree(cell);
      const own = bands.flatMap((_, k) => (centre(k) >= box[1] && centre(k) <= box[3] ? [k] : []));
      const rows =
        own.length > 0 &&
        own.every((k) => {
          const row = ownerOf.get(k);
          return row !== undefined && row >= cell.row && row < cell.row + cell.rowSpan;
        });
      return !(columns && rows);
    })
    .map((cell) => cell.box!);
}

/** The middles of the ink's gutters, one per column boundary of the reading (boundary j lies between
 * columns j and j + 1), or null where the ink's columns are not the reading's: another number of
 * them, or a gutter that does not stand in the blank between the words of the two columns of its
 * boundary (the right edges of the cells ending at j and the left edges of those starting at
 * j + 1). Without that check gutter k is taken for boundary k wherever it lies: a gutter inside
 * a column the reading cuts in two (between a currency sign and its amount) stands in for the cut
 * while the ink misses a boundary elsewhere. */
export function seenBoundaries(
  cells: ReadonlyArray<{ col: number; colSpan: number; box: Box | null }>,
  nCols: number,
  gutters: ReadonlyArray<[number, number]>,
): number[] | null {
  if (gutters.length !== nCols - 1) return null;
  const middles: number[] = [];
  for (const [j, gutter] of gutters.entries()) {
    // The blank between columns j and j + 1 (none where their words overlap or one holds none).
    const rights = cells.filter((c) => c.box && c.col + c.colSpan - 1 === j).map((c) => c.box![2]);
    const lefts = cells.filter((c) => c.box && c.col === j + 1).map((c) => c.box![0]);
    if (rights.length === 0 || lefts.length === 0) return null;
    const from = Math.max(...rights);
    const to = Math.min(...lefts);
    if (!(from < to && gutter[0] < to && gutter[1] > from)) return null;
    middles.push((gutter[0] + gutter[1]) / 2);
  }
  return middles;
}
