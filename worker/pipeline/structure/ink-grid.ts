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
//
// The same check is a structure reading of its own on a page with a text layer (inkGridReader):
// there every reading of an unruled table (pdf-layout, pdf-stream, pdf-model) lays out the text
// layer's word positions inside the detected region, so they are one check (the vote counts them
// once with RECONCILE_SETTINGS.countSharedInputsOnce on). The render's ink is another input: the
// reading supports each delivered cell the ink grid agrees with and has no opinion elsewhere.
import type { PageRender } from "../render/render-page";
import type { Box, TableModel } from "../types";
import { guttersOf, inkLines, inkTables, median, type InkWindow } from "./page-ink";
import { STRUCTURE_SETTINGS, type PageInkSettings } from "./settings";
import type { StructureReader } from "./types";

/** Structure reader ink-grid: the delivered tables of a page with a text layer, checked cell by
 * cell against the ink of the page render (textLayerInkOpinions, read by the structure stage:
 * ink-opinions-cache.ts). It may only support: a cell off the grid, or in a table the ink reads
 * otherwise, gets no opinion from it. Objecting there (`textLayerObjects`) was measured and is
 * off: on the shared sets the ink's objections fell on right cells only. */
export const inkGridReader: StructureReader = {
  name: "ink-grid",
  inputs: ["page-image"],
  read({ inkOpinions, tableModels, wordsFromOcr }) {
    if (wordsFromOcr || !inkOpinions || !tableModels?.length) return null;
    const agree = new Set(inkOpinions.flatMap((o) => o.agree));
    const abstainOn = tableModels.flatMap((m) => m.cells.flatMap((c) => (c.box && !agree.has(c.box) ? [c.box] : [])));
    const againstOn = STRUCTURE_SETTINGS.pageInk.textLayerObjects ? inkOpinions.flatMap((o) => o.against) : [];
    return {
      source: "ink-grid",
      kind: "tables",
      tables: tableModels,
      supportsOnly: true,
      abstainOn,
      ...(againstOn.length > 0 ? { againstOn } : {}),
    };
  },
};

/** What the ink says of a table's cells (inkGridOpinions): boxes of the cells it agrees with and of
 * those it reads otherwise; the rest it says nothing of. */
export interface TableInkOpinions {
  agree: Box[];
  against: Box[];
}

/** The ink's opinions of each of `models` on the render of a page with a text layer: the scan
 * check's ink lines, with the text-layer page's gutter width and tolerances (settings pageInk). */
export function textLayerInkOpinions(render: PageRender, models: readonly TableModel[]): TableInkOpinions[] {
  const scan = STRUCTURE_SETTINGS.pageInk;
  const settings = { ...scan, minGutterEm: scan.textLayerMinGutterEm };
  const tolerance = { maxUnseen: scan.textLayerMaxUnseenBoundaries, crossingShare: scan.gutterCrossingShare, loneRowsOut: true };
  return models.map((model) => inkGridOpinions(model, inkGrid(render, model.box, settings), tolerance));
}

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

/** The scan gate (pdf-model's reading of a scan, STRUCTURE_SETTINGS.pdfModelScanInkGate): the
 * boxes of `model`'s cells the ink of the prepared scan `image` does not back inside `region`, read
 * allowing `maxUnseen` column boundaries with no gutter (pageInk.scanMaxUnseenBoundaries); every
 * cell without an image. */
export function cellsOffScanInkGrid(
  model: TableModel,
  image: PageRender | null,
  region: Box,
  maxUnseen = STRUCTURE_SETTINGS.pageInk.scanMaxUnseenBoundaries,
): Box[] {
  return cellsOffInkGrid(model, image ? inkGrid(image, region, STRUCTURE_SETTINGS.pageInk) : null, { maxUnseen });
}

/** The boxes of `model`'s cells (with words) that do not agree with the ink grid: every one of them
 * where the table as a whole does not (no grid, cut in parts, interleaved rows, a gutter inside a
 * column, more ink columns, or more than `maxUnseen` of the reading's column boundaries with no
 * gutter); with boundaries unseen, the cells beside or across them. */
export function cellsOffInkGrid(model: TableModel, grid: InkGrid | null, tolerance: GridTolerance = {}): Box[] {
  const agree = new Set(inkGridOpinions(model, grid, tolerance).agree);
  return model.cells.flatMap((c) => (c.box && !agree.has(c.box) ? [c.box] : []));
}

/** What the ink grid says of each of `model`'s cells (with words), by box: `agree` (the cells
 * above), `against` (the ink reads them otherwise), the rest nothing. Against: every cell where
 * the ink reads the table otherwise as a whole (page-ink cuts the region in two or more, two rows
 * claim one ink line, a gutter stands inside a column or across one, or, without a crossing
 * share, two gutters in one blank), and a cell whose own edges or lines are off a grid the ink
 * reads. Nothing: where the ink cannot read the region (no grid, no table in it, too few body
 * lines), beyond `maxUnseen` unseen boundaries, and the cells beside an unseen boundary. */
export function inkGridOpinions(model: TableModel, grid: InkGrid | null, tolerance: GridTolerance = {}): TableInkOpinions {
  const filled = model.cells.filter((c) => c.box !== null);
  const all = filled.map((c) => c.box!);
  const silent = { agree: [], against: [] };
  if (!grid || grid.parts === 0) return silent;
  if (grid.parts > 1) return { agree: [], against: all };
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
      if (ownerOf.has(k)) return { agree: [], against: all };
      ownerOf.set(k, row);
    }
  }
  // Gutters from the lines below the header rows: a band's name is set across the gutters of the
  // columns under it, which is what its span is read from. With `loneRowsOut`, not from the rows
  // that hold one filled cell either (a group heading, a spanner centred over the values): they
  // say nothing about where the columns are, and the blanks below leave them out too.
  const filledIn = new Map<number, number>();
  for (const c of filled) filledIn.set(c.row, (filledIn.get(c.row) ?? 0) + 1);
  const saysWhereColumnsAre = (row: number) => row >= model.headerRows && !(tolerance.loneRowsOut && filledIn.get(row) === 1);
  const body = lines.filter((_, k) => saysWhereColumnsAre(ownerOf.get(k) ?? model.nRows));
  if (body.length < grid.settings.minPartLines) return silent;
  const em = median(body.map((l) => l.bottom - l.top));
  const gutters = guttersOf(body, w, grid.settings.minGutterEm * em, grid.settings.gutterCrossingShare).map(([a, b]): [number, number] => [
    (x0 + a) / scale,
    (x0 + b) / scale,
  ]);
  // The ink's gutters as the reading's column boundaries, each gutter standing in the blank between
  // the words of two neighbouring columns of it (seenBoundaries). The blanks come from the reading's
  // body cells, as the gutters from the body's lines (a column name may be wider than its column).
  const middles = seenBoundaries(
    filled.filter((c) => saysWhereColumnsAre(c.row)),
    model.nCols,
    gutters,
    { ...tolerance, maxUnseen: Infinity },
  );
  if (!middles) return { agree: [], against: all };
  if (middles.filter((m) => m === null).length > (tolerance.maxUnseen ?? 0)) return silent;
  // A cell's columns agree when every boundary from its left edge to its right edge is seen, its
  // left edge lies in its first column and its right edge in its last (a span: the text crosses
  // the gutters between). Boundary j lies between columns j and j + 1; the table's edges count as
  // seen.
  const boundary = (j: number): number | null => (j < 0 ? -Infinity : j >= model.nCols - 1 ? Infinity : (middles[j] ?? null));
  const out = { agree: [] as Box[], against: [] as Box[] };
  for (const cell of filled) {
    const box = cell.box!;
    const [first, last] = [cell.col, cell.col + cell.colSpan - 1];
    let unseen = false;
    for (let j = first - 1; j <= last; j++) if (boundary(j) === null) unseen = true;
    if (unseen) continue;
    const [left, right] = [box[0], box[2]];
    const columns = boundary(first - 1)! < left && left <= boundary(first)! && boundary(last - 1)! < right && right <= boundary(last)!;
    const own = bands.flatMap((_, k) => (centre(k) >= box[1] && centre(k) <= box[3] ? [k] : []));
    const rows =
      own.length > 0 &&
      own.every((k) => {
        const row = ownerOf.get(k);
        return row !== undefined && row >= cell.row && row < cell.row + cell.rowSpan;
      });
    (columns && rows ? out.agree : out.against).push(box);
  }
  return out;
}

/** What a check of a segmentation against the ink may pass over (inkGridOpinions, seenBoundaries).
 * The scan check takes none of it; pages with a text layer take all three (textLayerInkOpinions). */
export interface GridTolerance {
  /** Column boundaries of the reading no gutter stands on: the cells beside them abstain. */
  maxUnseen?: number;
  /** The share of a column's cells whose words may reach into a blank beside it (a long label
   * across the next column's empty cells): the blank is measured past them, and they abstain. */
  crossingShare?: number;
  /** Rows holding one filled cell are left out of the gutters and the blanks (inkGridOpinions). */
  loneRowsOut?: boolean;
}

/** The largest of `values` once the top `share` of them (rounded down) is set aside. */
function furthestBut(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length - 1 - Math.floor(share * sorted.length)]!;
}

/** The middles of the ink's gutters, one per column boundary of the reading (boundary j lies between
 * columns j and j + 1; null for a boundary no gutter stands on), or null where the ink's columns
 * are not the reading's: a gutter that stands in no blank between the words of two neighbouring
 * columns (the right edges of the cells ending at j and the left edges of those starting at
 * j + 1), or in two, two gutters in one blank (unless cells may reach into it: crossingShare),
 * or more than `maxUnseen` boundaries unseen. A gutter inside a column the reading holds as one
 * (between a currency sign and its amount, or two columns folded) fails the table: the ink reads
 * a boundary the reading does not have. */
export function seenBoundaries(
  cells: ReadonlyArray<{ col: number; colSpan: number; box: Box | null }>,
  nCols: number,
  gutters: ReadonlyArray<[number, number]>,
  { maxUnseen = 0, crossingShare = 0 }: GridTolerance = {},
): Array<number | null> | null {
  // The blank between columns j and j + 1 (none where their words overlap or one holds none),
  // past the `crossingShare` of each side's cells that reach furthest into it.
  const blanks = Array.from({ length: Math.max(0, nCols - 1) }, (_, j): [number, number] | null => {
    const rights = cells.filter((c) => c.box && c.col + c.colSpan - 1 === j).map((c) => c.box![2]);
    const lefts = cells.filter((c) => c.box && c.col === j + 1).map((c) => -c.box![0]);
    if (rights.length === 0 || lefts.length === 0) return null;
    const [from, to] = [furthestBut(rights, crossingShare), -furthestBut(lefts, crossingShare)];
    return from < to ? [from, to] : null;
  });
  const seen: Array<[number, number] | null> = blanks.map(() => null);
  for (const gutter of gutters) {
    const standsIn = blanks.flatMap((blank, j) => (blank && gutter[0] < blank[1] && gutter[1] > blank[0] ? [j] : []));
    if (standsIn.length !== 1) return null;
    const j = standsIn[0]!;
    // Two gutters in one blank: ink stands inside it. Where cells may reach into a blank
    // (crossingShare), that ink is theirs, and the blank's gutter runs from the first to the last;
    // otherwise the ink reads a column the reading does not have.
    if (seen[j] && crossingShare === 0) return null;
    seen[j] = seen[j] ? [seen[j][0], gutter[1]] : gutter;
  }
  const middles = seen.map((gutter) => (gutter ? (gutter[0] + gutter[1]) / 2 : null));
  return middles.filter((m) => m === null).length <= maxUnseen ? middles : null;
}
