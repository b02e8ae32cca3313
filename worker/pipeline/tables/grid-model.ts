// Table structure from a ruled grid (pdf-grid): a cell per grid cell, rows split where a ruled cell
// holds several lines of values, and the grid judged under-columned when its cells hold columns of
// their own.
import type { Box, TableModel, Word } from "../types";
import { lineToChunks, wordsToLines } from "../geometry/words-to-lines";
import type { Grid, GridCell } from "../geometry/rulings-to-grid";
import type { Settings } from "../settings";
import { attachRotatedNames, findRotatedNames, withoutNames } from "./rotated-names";
import { wordsByCentre } from "./words-by-centre";
import { linesByCluster, rowStarts } from "./grid-text-rows";
import { isNumeric, wordCenterIn } from "./cell-text";
import { takeSideLabels, rawToModel, type RawCell } from "./raw-model";

/** Builds a table from a ruled grid and the words inside it. */
export function gridToModel(grid: Grid, words: Word[], settings: Settings): TableModel | null {
  const all = words.filter((w) => wordCenterIn(w, grid.box, 1));
  // Rotated column names over the first row are the header, not side labels (rotated-names.ts).
  const names = findRotatedNames(all, grid.box, settings);
  const inside = withoutNames(all, names);
  const { content, labels } = takeSideLabels(inside, settings);
  if (isUnderColumned(grid, content, settings)) return null;
  const inCell = wordsByCentre(content);
  // Refine rows: a grid row that holds several text lines aligned across columns is a block of
  // rows drawn without row rulings (column-ruled tables), not wrapped cells.
  const ys: number[] = [grid.ys[0]!];
  const rowMap: Array<[number, number]> = []; // old row -> [first new row, count]
  // The one-row cells of each grid row, in the grid's order (one pass, not a filter per row).
  const oneRowCells = grid.ys.map((): GridCell[] => []);
  for (const c of grid.cells) if (c.rowSpan === 1) oneRowCells[c.row]?.push(c);
  for (let r = 0; r + 1 < grid.ys.length; r++) {
    const cellsInRow = oneRowCells[r]!;
    const splits = rowSplitPositions(
      cellsInRow.map((c) => inCell(c.box)),
      settings,
      cellsInRow.map((c) => c.col),
    );
    const first = ys.length - 1;
    for (const y of splits) ys.push(y);
    ys.push(grid.ys[r + 1]!);
    rowMap.push([first, splits.length + 1]);
  }
  const raw: RawCell[] = [];
  for (const cell of grid.cells) {
    const [first, count] = rowMap[cell.row]!;
    const lastOld = rowMap[cell.row + cell.rowSpan - 1]!;
    const cellWords = inCell(cell.box);
    if (cell.rowSpan === 1 && count > 1) {
      for (let k = 0; k < count; k++) {
        const band: Box = [cell.box[0], ys[first + k]!, cell.box[2], ys[first + k + 1]!];
        raw.push({
          row: first + k,
          col: cell.col,
          rowSpan: 1,
          colSpan: cell.colSpan,
          words: cellWords.filter((w) => wordCenterIn(w, band)),
        });
      }
    } else {
      const endRow = lastOld[0] + lastOld[1];
      // A tall cell over several rows (ruled in the other columns, or cut into text rows): when its
      // own lines fall into several of those rows, it is a column of values drawn without row
      // rulings, not one merged cell.
      const bands = [...Array(endRow - first).keys()].map((k) => {
        const band: Box = [cell.box[0], ys[first + k]!, cell.box[2], ys[first + k + 1]!];
        return { row: first + k, words: cellWords.filter((w) => wordCenterIn(w, band)) };
      });
      const used = bands.filter((b) => b.words.length > 0);
      // (Two lines over two rows may be one wrapped label; three or more rows of text are not.)
      if ((endRow - first > cell.rowSpan && used.length >= 2) || used.length >= 3) {
        for (const b of bands) raw.push({ row: b.row, col: cell.col, rowSpan: 1, colSpan: cell.colSpan, words: b.words });
      } else {
        raw.push({ row: first, col: cell.col, rowSpan: endRow - first, colSpan: cell.colSpan, words: cellWords, frame: cell.box });
      }
    }
  }
  const rowBands = ys.slice(0, -1).map((y, k) => [y, ys[k + 1]!] as const);
  const model = rawToModel(raw, ys.length - 1, grid.xs.length - 1, rowBands, labels, "pdf-grid", settings);
  if (model) attachRotatedNames(model, names, all, settings);
  return model;
}

/** A grid whose cells hold text split by column-wide gaps is missing its column rulings (zebra
 * rows drawn as full-width backgrounds, tables ruled between rows only): its columns must come
 * from the text layout instead. */
export function isUnderColumned(grid: Grid, content: Word[], settings: Settings): boolean {
  let filled = 0;
  let split = 0;
  const inCell = wordsByCentre(content);
  for (const cell of grid.cells) {
    const words = inCell(cell.box);
    if (words.length === 0) continue;
    const lines = wordsToLines(words, settings.lineCenterToleranceEm);
    filled += lines.length;
    // Justified text in a narrow ruled cell also shows wide gaps; a missing column shows as
    // values (numbers) set apart on one line.
    split += lines.filter((l) => {
      const chunks = lineToChunks(l, settings.columnGapEm, settings.numberGapEm);
      return chunks.length >= 2 && chunks.some((c) => isNumeric(c.text));
    }).length;
  }
  return filled > 0 && split >= Math.max(2, filled * settings.underColumnedShare);
}

/** Where to cut one grid row: between text lines that recur at the same height in at least two
 * cells, when at least one cell is a column of numbers (numbers do not wrap; words do); but not
 * above a line whose words carry on the row above it (a wrapped row label: grid-text-rows.ts).
 * `cols` gives each cell's grid column (column 0 is the stub). */
export function rowSplitPositions(cellWords: Word[][], settings: Settings, cols: number[] = cellWords.map((_, i) => i)): number[] {
  const cellLines = cellWords.map((ws) => wordsToLines(ws, settings.lineCenterToleranceEm));
  const multi = cellLines.filter((ls) => ls.length >= 2);
  if (multi.length < 2) return [];
  const hasNumberColumn = multi.some((ls) => ls.every((l) => isNumeric(l.text)));
  if (!hasNumberColumn) return [];
  // Cluster every line of the row by vertical extent.
  const all = cellLines.flat().sort((a, b) => a.box[1] - b.box[1]);
  const clusters: Array<[number, number]> = [];
  for (const line of all) {
    const last = clusters[clusters.length - 1];
    const mid = (line.box[1] + line.box[3]) / 2;
    if (last && mid < last[1]) last[1] = Math.max(last[1], line.box[3]);
    else clusters.push([line.box[1], line.box[3]]);
  }
  const starts = rowStarts(
    linesByCluster(
      cellLines.map((lines, i) => ({ col: cols[i]!, lines })),
      clusters,
    ),
    0,
    isNumeric,
  );
  const cuts: number[] = [];
  for (let k = 0; k + 1 < clusters.length; k++) if (starts[k + 1]) cuts.push((clusters[k]![1] + clusters[k + 1]![0]) / 2);
  return cuts;
}
