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
//     the segmentation has (gutters + 1);
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
  // Off (the default): the ink must read as many columns as the reading, gutter k taken for
  // boundary k. On (settings.gridFewerColumnsPerCell): each of the reading's column boundaries the
  // ink sees as a gutter, by the boundary's index (between column j and j + 1) and the gutter's
  // middle; every gutter must stand in the blank between two of the reading's columns, and with
  // up to gridFewerColumnsMaxMissed boundaries unseen, a cell whose own edges both stand on
  // gutters the ink sees agrees; a gutter of the ink inside a column of the reading fails the table.
  let columnsAgree: (cell: TableModel["cells"][number]) => boolean;
  if (!grid.settings.gridFewerColumnsPerCell) {
    if (gutters.length + 1 !== model.nCols) return all;
    // The ink column a point falls in: the gutters whose middle lies left of it.
    const columnAt = (x: number) => gutters.filter(([a, b]) => (a + b) / 2 < x).length;
    columnsAgree = (cell) => columnAt(cell.box![0]) === cell.col && columnAt(cell.box![2]) === cell.col + cell.colSpan - 1;
  } else {
    // The blanks between the reading's columns are taken from its body cells, as the gutters are
    // from the body's lines (a column name may be wider than its column).
    const bodyCells = filled.filter((c) => c.row >= model.headerRows);
    const seen = seenBoundaries(bodyCells, model.nCols, gutters, grid.settings.gridFewerColumnsMaxMissed);
    if (!seen) return all;
    // The middle of the seen boundary at j, -Infinity / Infinity at the table's edges.
    const at = (j: number) => (j < 0 ? -Infinity : j >= model.nCols - 1 ? Infinity : seen.get(j));
    const seenMiddles = [...seen].sort((a, b) => a[0] - b[0]);
    columnsAgree = (cell) => {
      const box = cell.box!;
      const last = cell.col + cell.colSpan - 1;
      const before = at(cell.col - 1);
      const after = at(last);
      if (before === undefined || after === undefined) return false;
      // Its left edge in its first column, its right edge in its last: past the gutter before it
      // and short of the next one the ink sees, and likewise at the right (a span crosses the
      // gutters between).
      const next = seenMiddles.find(([j]) => j >= cell.col)?.[1] ?? Infinity;
      const previous = seenMiddles.filter(([j]) => j < last).at(-1)?.[1] ?? -Infinity;
      return box[0] > before && box[0] <= next && box[2] > previous && box[2] <= after;
    };
  }
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

/** The middles of the ink's gutters by the reading's column boundary they stand on (boundary j lies
 * between columns j and j + 1), or null where the ink's columns are not the reading's. Each gutter
 * must lie in the blank between the words of two neighbouring columns of the reading (the right
 * edges of the cells ending at j and the left edges of those starting at j + 1), claim one boundary,
 * and no two gutters the same one. With as many columns that makes gutter k boundary k; with fewer
 * (at most `maxMissed` boundaries unseen) the ink is a coarser grid of the same table. Where the ink has more
 * columns, or a gutter falls anywhere else (inside a column of the reading: a column folded in, or a
 * column the reading cuts where the ink sees a gutter elsewhere), null. */
export function seenBoundaries(
  cells: ReadonlyArray<{ col: number; colSpan: number; box: Box | null }>,
  nCols: number,
  gutters: ReadonlyArray<[number, number]>,
  maxMissed: number,
): Map<number, number> | null {
  const missed = nCols - 1 - gutters.length;
  if (missed < 0 || missed > maxMissed) return null;
  // The blank between columns j and j + 1 (none where their words overlap or one holds none).
  const blanks = Array.from({ length: nCols - 1 }, (_, j): [number, number] | null => {
    const rights = cells.filter((c) => c.box && c.col + c.colSpan - 1 === j).map((c) => c.box![2]);
    const lefts = cells.filter((c) => c.box && c.col === j + 1).map((c) => c.box![0]);
    if (rights.length === 0 || lefts.length === 0) return null;
    const from = Math.max(...rights);
    const to = Math.min(...lefts);
    return from < to ? [from, to] : null;
  });
  const seen = new Map<number, number>();
  for (const gutter of gutters) {
    const claimed = blanks.flatMap((blank, j) => (blank && gutter[0] < blank[1] && gutter[1] > blank[0] ? [j] : []));
    if (claimed.length !== 1 || seen.has(claimed[0]!)) return null;
    seen.set(claimed[0]!, (gutter[0] + gutter[1]) / 2);
  }
  return seen;
}
