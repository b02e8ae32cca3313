// Table structure inside a region: from the ruled grid when the region has one (pdf-grid), from
// whitespace columns and text lines otherwise (pdf-layout). Both end as a TableModel.
import type { Box, ModelCell, Ruling, TableModel, TextLine, Word } from "../types";
import { boxUnion, isPointInBox, median } from "../geometry/box";
import { lineToChunks, makeLine, wordsToLines } from "../geometry/words-to-lines";
import { chunksToColumns, chunkToColumns, type ColumnSpan } from "../geometry/chunks-to-columns";
import type { Grid } from "../geometry/rulings-to-grid";
import { SETTINGS, type Settings } from "../settings";
import { markedValues } from "./placeholders";
import { mergeSignColumns, splitBeforeSigns } from "./sign-columns";
import { restoreBandGutters } from "./band-gutters";
import { joinUnitLines } from "./unit-lines";
import { MARKED_YEAR } from "./year-names";
import { valuesOnInnerWrap } from "./inner-wraps";
import { attachRotatedNames, findRotatedNames, withoutNames } from "./rotated-names";
import { wordsByCentre } from "./words-by-centre";
import { linesByCluster, rowStarts } from "./grid-text-rows";

const NUMERIC = /^[-+−–]?\d[\d.,]*%?\s*\(\s*[-+−–]?\d[\d.,]*%?\s*\)$|^[-+−–(]?[$€£¥%]?\s?\d[\d.,\s]*([-–]\d[\d.,]*)?%?\)?[*a-z]?$|^[-–—.…x*]+$|^n\.?a\.?$|^:$/i;

/** A currency sign before a negative amount in parentheses, "$ (1,234)" (the sign set apart at
 * the column's left edge joins its number's cell, sign-columns.ts). */
const SIGN_BEFORE_PARENTHESIS = /^(US\$|[$€£¥])\s?(?=\()/;

export function isNumeric(text: string): boolean {
  return NUMERIC.test(text.trim().replace(SIGN_BEFORE_PARENTHESIS, ""));
}

function wordCenterIn(word: Word, box: Box, tolerance = 0): boolean {
  return isPointInBox((word.box[0] + word.box[2]) / 2, (word.box[1] + word.box[3]) / 2, box, tolerance);
}

/** Joins the words of one cell: lines top to bottom, words left to right. */
export function wordsToText(words: Word[], settings: Settings): string {
  return wordsToLines(words, settings.lineCenterToleranceEm)
    .map((l) => l.text)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

interface RawCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  words: Word[];
  /** The ruled cell's frame, when the grid gives one. */
  frame?: Box;
}

/** Rotated words at the left edge of a table are side labels (row_groups), not a column. */
function takeSideLabels(words: Word[], settings: Settings): { content: Word[]; labels: Word[][] } {
  const rotated = words.filter((w) => w.dir === 90 || w.dir === 270);
  const content = words.filter((w) => w.dir === 0);
  if (rotated.length === 0) return { content, labels: [] };
  // One label = rotated words sharing an x band.
  const sorted = [...rotated].sort((a, b) => a.box[0] - b.box[0]);
  const labels: Word[][] = [];
  for (const w of sorted) {
    const reach = w.size * settings.sideLabelReachEm;
    const label = labels.find((l) => Math.abs(l[0]!.box[0] - w.box[0]) < w.size * settings.sideLabelAlignEm && l.some((o) => o.box[1] - w.box[3] < reach && w.box[1] - o.box[3] < reach));
    if (label) label.push(w);
    else labels.push([w]);
  }
  return { content, labels };
}

function sideLabelText(label: Word[]): string {
  // Bottom-to-top text reads from the largest y; top-to-bottom from the smallest.
  const dir = label[0]!.dir;
  const ordered = [...label].sort((a, b) => (dir === 270 ? b.box[3] - a.box[3] : a.box[1] - b.box[1]));
  return ordered.map((w) => w.text).join(" ");
}

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
  for (let r = 0; r + 1 < grid.ys.length; r++) {
    const cellsInRow = grid.cells.filter((c) => c.row === r && c.rowSpan === 1);
    const splits = rowSplitPositions(cellsInRow.map((c) => inCell(c.box)), settings, cellsInRow.map((c) => c.col));
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
        raw.push({ row: first + k, col: cell.col, rowSpan: 1, colSpan: cell.colSpan, words: cellWords.filter((w) => wordCenterIn(w, band)) });
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
  const starts = rowStarts(linesByCluster(cellLines.map((lines, i) => ({ col: cols[i]!, lines })), clusters), 0, isNumeric);
  const cuts: number[] = [];
  for (let k = 0; k + 1 < clusters.length; k++) if (starts[k + 1]) cuts.push((clusters[k]![1] + clusters[k + 1]![0]) / 2);
  return cuts;
}

/** Builds a table from text geometry alone: whitespace columns, one row per line, wrapped lines
 * joined back into their cell. */
export function layoutToModel(region: Box, words: Word[], settings: Settings, rulings: Ruling[] = []): TableModel | null {
  // Rotated column names over the first row (they may stand above a detected region, which
  // starts at its first line of cells) are the header, not side labels (rotated-names.ts).
  const names = findRotatedNames(words, region, settings);
  const inside = withoutNames(words.filter((w) => wordCenterIn(w, region, 1)), names);
  const { content, labels } = takeSideLabels(inside, settings);
  const lines = wordsToLines(content, settings.lineCenterToleranceEm);
  if (lines.length === 0) return null;
  const chunkRows = lines.map((l) => lineToChunks(l, settings.columnGapEm, settings.numberGapEm));
  const size = median(lines.map((l) => l.size), 10);
  const multiRows = chunkRows.filter((r) => r.length >= 2).length;
  const maxCrossing = Math.max(1, Math.floor(multiRows * settings.columnCrossingShare));
  // Gutters come from the lines that have several cells; a one-chunk line (a row label, a label
  // centred over the table) is placed afterwards and may span columns.
  const gutterRows = multiRows >= 2 ? chunkRows.filter((r) => r.length >= 2) : chunkRows;
  const read = chunksToColumns(gutterRows, size * settings.minColumnGapEm, maxCrossing);
  const restored = settings.restoreBandGutters ? restoreBandGutters(read, chunkRows, { minGap: size * settings.minColumnGapEm, crossingShare: settings.columnCrossingShare, isNumeric }) : read;
  const columns = mergeSignColumns(mergeHeaderOnlyColumns(restored, chunkRows), chunkRows);
  if (columns.length < 2) return null;
  // Cells per line.
  type LineCells = Map<number, { last: number; words: Word[] }>;
  const perLine: LineCells[] = [];
  chunkRows.forEach((lineChunks, i) => {
    const cells: LineCells = new Map();
    const above = i > 0 && lines[i]!.box[1] - lines[i - 1]!.box[3] <= lines[i]!.size * settings.wrapGapEm ? perLine[i - 1]! : (new Map() as LineCells);
    const pieces = lineChunks.flatMap((c) => splitAtGutters(c, columns, settings, lineChunks.length > 1)).flatMap((c) => splitBeforeSigns(c, columns, settings)).flatMap((c) => splitUnderNames(c, [...above.values()].map((a) => a.words), settings));
    for (const chunk of pieces) {
      const [first, last] = chunkToColumns(chunk.box, columns);
      const existing = cells.get(first);
      if (existing) {
        existing.words.push(...chunk.words);
        existing.last = Math.max(existing.last, last);
      } else cells.set(first, { last, words: [...chunk.words] });
    }
    perLine.push(cells);
  });
  // Join wrapped lines into the row above. The stub's right edge: where a wrapped label ran out
  // of room (its widest one-column text).
  // Leader dots run on to the values and fill no line: they do not count.
  const stubRight = Math.max(-Infinity, ...perLine.flatMap((cells) => (cells.get(0)?.last === 0 ? cells.get(0)!.words.filter((w) => !LEADER_DOTS.test(w.text)).map((w) => w.box[2]) : [])));
  const rows: Array<{ lines: number[]; cells: LineCells }> = [];
  // A spanner (see isSpanner) below the first line of cells starts a row of its own, however close
  // it stands to the line above (numbers do not wrap onto a centred word).
  const firstMultiLine = perLine.findIndex((cells) => cells.size >= 2);
  const isSpannerLine = (cells: LineCells, i: number) => {
    if (!settings.bodySpanners || cells.size !== 1 || firstMultiLine < 0 || i <= firstMultiLine) return false;
    const [col, cell] = [...cells][0]!;
    return !isNumeric(cell.words.map((w) => w.text).join(" ")) && isSpanner(cell, col, columns, settings);
  };
  perLine.forEach((cells, i) => {
    const prev = rows[rows.length - 1];
    if (prev && !isSpannerLine(cells, i) && isContinuation(cells, prev.cells, lines[i]!, lines[prev.lines[prev.lines.length - 1]!]!, stubRight, settings)) {
      for (const [col, cell] of cells) {
        const target = prev.cells.get(col);
        if (target) {
          target.words.push(...cell.words);
          target.last = Math.max(target.last, cell.last);
        } else prev.cells.set(col, cell);
      }
      prev.lines.push(i);
    } else rows.push({ lines: [i], cells: new Map([...cells].map(([k, v]) => [k, { last: v.last, words: [...v.words] }])) });
  });
  // A lone label centred over the value columns ("Enrollment, in thousands") spans them.
  const valuesLeft = columns[1]?.x0 ?? 0;
  const valuesRight = columns[columns.length - 1]!.x1;
  const firstMulti = rows.findIndex((row) => row.cells.size >= 2);
  rows.forEach((row, r) => {
    if (row.cells.size !== 1) return;
    const [col, cell] = [...row.cells][0]!;
    const text = cell.words.map((w) => w.text).join(" ");
    if (isNumeric(text)) return;
    // Below the table's first line of cells, a lone label across the whole table (centred on it,
    // stub included, or starting in the stub and running over the value columns) is a spanner
    // cutting the body into panels ("Number (thousands)", "WOMEN"): a row of its own, its label
    // in the first column, as the ICDAR ground truth keeps body section labels.
    if (settings.bodySpanners && firstMulti >= 0 && r > firstMulti && isSpanner(cell, col, columns, settings)) {
      row.cells.delete(col);
      row.cells.set(0, { last: 0, words: cell.words });
      return;
    }
    if (col === 0) return;
    const box = boxUnion(cell.words.map((w) => w.box))!;
    const centre = (box[0] + box[2]) / 2;
    const middle = (valuesLeft + valuesRight) / 2;
    if (cell.words.length < 2 || Math.abs(centre - middle) > (valuesRight - valuesLeft) * settings.centredLabelTolerance) return;
    row.cells.delete(col);
    row.cells.set(1, { last: columns.length - 1, words: cell.words });
  });
  const raw: RawCell[] = [];
  rows.forEach((row, r) => {
    for (const [col, cell] of row.cells) raw.push({ row: r, col, rowSpan: 1, colSpan: cell.last - col + 1, words: cell.words });
  });
  const rowBands = rows.map((row) => {
    const first = lines[row.lines[0]!]!;
    const last = lines[row.lines[row.lines.length - 1]!]!;
    return [first.box[1], last.box[3]] as const;
  });
  const model = rawToModel(raw, rows.length, columns.length, rowBands, labels, "pdf-layout", settings);
  if (model) {
    // Rotated names first: bands above them then widen over their columns like any band.
    attachRotatedNames(model, names, words, settings);
    extendHeaderBands(model, settings);
    applyRuledBands(model, rulings, settings);
    if (settings.joinUnitLines) joinUnitLines(model);
  }
  return model;
}

/** A lone label of the body across the whole table, not starting in lower case: starting in the
 * stub and running over value columns, or centred on the table's full width (nearer its middle than the value columns'
 * middle, which a label over the values alone is centred on). */
function isSpanner(cell: { words: Word[]; last: number }, col: number, columns: Array<{ x0: number; x1: number }>, settings: Settings): boolean {
  // A lower-case start carries on a name or a label (wrapped), it does not head a panel.
  if (/^[a-z]/.test(cell.words[0]?.text ?? "")) return false;
  if (col === 0) return cell.last > 0;
  const box = boxUnion(cell.words.map((w) => w.box))!;
  const centre = (box[0] + box[2]) / 2;
  const left = columns[0]!.x0;
  const right = columns[columns.length - 1]!.x1;
  const tableMiddle = (left + right) / 2;
  const valuesMiddle = (columns[1]!.x0 + right) / 2;
  return Math.abs(centre - tableMiddle) <= (right - left) * settings.centredLabelTolerance && Math.abs(centre - tableMiddle) < Math.abs(centre - valuesMiddle);
}

function columnCenters(model: TableModel): number[] {
  const centers: number[] = [];
  for (let c = 0; c < model.nCols; c++) {
    const boxes = model.cells.filter((x) => x.row >= model.headerRows && x.col === c && x.colSpan === 1 && x.box).map((x) => x.box!);
    const union = boxUnion(boxes);
    centers.push(union ? (union[0] + union[2]) / 2 : NaN);
  }
  return centers;
}

/** A rule drawn right under a header label (booktabs' cmidrule) spans exactly the label's columns:
 * the label covers the columns whose centres lie along the rule. */
export function applyRuledBands(model: TableModel, rulings: Ruling[], settings: Settings = SETTINGS): void {
  const h = model.headerRows;
  if (h < 2 || rulings.length === 0) return;
  const centers = columnCenters(model);
  for (const cell of model.cells) {
    if (cell.row >= h - 1 || cell.text === "" || !cell.box) continue;
    const [x0, , x1, y1] = cell.box;
    const size = cell.box[3] - cell.box[1];
    const rule = rulings.find(
      (r) => r.orientation === "h" && r.pos >= y1 - 1 && r.pos <= y1 + size && r.start <= x0 + (x1 - x0) * settings.bandRuleOverhang && r.end >= x1 - (x1 - x0) * settings.bandRuleOverhang && r.end - r.start < (model.box[2] - model.box[0]) * settings.bandRuleMaxTableShare,
    );
    if (!rule) continue;
    const cols = centers.map((cx, c) => (cx >= rule.start && cx <= rule.end ? c : -1)).filter((c) => c >= 0);
    if (cols.length < 2) continue;
    const start = Math.min(...cols);
    const end = Math.max(...cols);
    const clash = model.cells.some((x) => x !== cell && x.row === cell.row && x.text !== "" && x.col <= end && x.col + x.colSpan - 1 >= start);
    if (clash) continue;
    model.cells = model.cells.filter((x) => !(x.row === cell.row && x.text === "" && x.col >= start && x.col <= end));
    cell.col = start;
    cell.colSpan = end - start + 1;
  }
}

/** In an unruled header, a label above several columns is centred over them, so it overlaps only
 * the middle ones. Each label of a band row (a header row with fewer labels than a row below it)
 * takes the columns whose centres lie nearer to it than to the row's other labels. */
export function extendHeaderBands(model: TableModel, settings: Settings = SETTINGS): void {
  const h = model.headerRows;
  if (h < 2) return;
  const centers = columnCenters(model);
  if (centers.some((x) => Number.isNaN(x))) return;
  for (let r = 0; r < h - 1; r++) {
    const row = model.cells.filter((x) => x.row === r && x.text !== "" && x.box && x.col > 0);
    // Only a label already reaching over two columns is a band, or labels that all sit off the
    // centre of their columns (centred over a pair, an EU document's years over "N | % Pos"); one centred
    // over a single column is the first line of that column's name.
    if (!row.some((x) => x.colSpan > 1) && !(row.length >= 2 && row.every((x) => isOffCentre(x, centers, settings))) && !groupsRepeatBelow(model, row, centers)) {
      // A single label on a sparse top row, centred over all value columns, spans them; a label
      // centred over its own column is the first line of that column's name.
      const only = row.length === 1 ? row[0]! : undefined;
      const left = centers[1]!;
      const right = centers[model.nCols - 1]!;
      const centre = only ? (only.box![0] + only.box![2]) / 2 : NaN;
      if (!only || r >= topBandRows(model, settings) || Math.abs(centre - (left + right) / 2) > (right - left) * settings.centredLabelTolerance) continue;
      const clash = model.cells.some((x) => x !== only && x.row === r && x.text !== "" && x.col >= 1);
      if (clash) continue;
      model.cells = model.cells.filter((x) => !(x.row === r && x.text === "" && x.col >= 1));
      only.col = 1;
      only.colSpan = model.nCols - 1;
      continue;
    }
    let below = 0;
    for (let k = r + 1; k < h; k++) below = Math.max(below, model.cells.filter((x) => x.row === k && x.text !== "" && x.col > 0).length);
    if (row.length === 0 || row.length >= below) continue;
    const owner = labelOwners(row, centers);
    row.forEach((cell, k) => {
      const cols = owner.map((o, c) => (o === k ? c : -1)).filter((c) => c >= 0);
      if (cols.length === 0) return;
      const start = Math.min(...cols);
      const end = Math.max(...cols);
      // Only widen when nothing else in the row sits in the columns taken.
      const clash = model.cells.some((x) => x !== cell && x.row <= r && x.row + x.rowSpan > r && x.text !== "" && x.col <= end && x.col + x.colSpan - 1 >= start);
      if (clash || end - start + 1 <= cell.colSpan) return;
      model.cells = model.cells.filter((x) => !(x.row === r && x.text === "" && x.col >= start && x.col <= end));
      cell.col = start;
      cell.colSpan = end - start + 1;
    });
  }
}

/** For each column, the label of a band row whose centre is nearest (or -1: the stub column, and
 * columns beyond the outermost labels, which reach no further than half the way to their
 * neighbour: the columns left of the first band, "Sample size", are not under it). */
function labelOwners(row: ModelCell[], centers: number[]): number[] {
  const labelCenters = row.map((x) => (x.box![0] + x.box![2]) / 2);
  const sorted = [...labelCenters].sort((a, b) => a - b);
  const reach = sorted.length >= 2 ? { left: sorted[0]! - (sorted[1]! - sorted[0]!) / 2, right: sorted[sorted.length - 1]! + (sorted[sorted.length - 1]! - sorted[sorted.length - 2]!) / 2 } : { left: -Infinity, right: Infinity };
  return centers.map((cx, c) => {
    if (c === 0 || cx < reach.left || cx > reach.right) return -1;
    let best = 0;
    labelCenters.forEach((lx, k) => {
      if (Math.abs(lx - cx) < Math.abs(labelCenters[best]! - cx)) best = k;
    });
    return best;
  });
}

/** Labels centred over groups of an odd number of columns sit on the middle column's centre, like
 * the first line of one column's name. What tells them apart: the leaf names under the labels'
 * groups repeat ("2015 2016 2017 | 2015 2016 2017" under "Urban | Foreign"), which a wrapped name
 * never makes. */
function groupsRepeatBelow(model: TableModel, row: ModelCell[], centers: number[]): boolean {
  if (row.length < 2 || row.some((x) => x.colSpan !== 1)) return false;
  const owner = labelOwners(row, centers);
  const leafRow = model.headerRows - 1;
  const leaf = (c: number) => model.cells.find((x) => x.row === leafRow && x.col === c && x.colSpan === 1)?.text ?? "";
  const groups = row.map((_, k) => owner.map((o, c) => (o === k ? c : -1)).filter((c) => c >= 0));
  const names = groups.map((cols) => cols.map(leaf).join("\u0000"));
  // Contiguous groups of two or more named columns, one under each label, all named alike.
  const contiguous = groups.every((cols) => cols.length >= 2 && cols[cols.length - 1]! - cols[0]! === cols.length - 1);
  return contiguous && groups.every((cols) => cols.every((c) => leaf(c) !== "")) && names.every((n) => n === names[0]);
}

/** A label sits off the centre of its column when its centre is nearer a neighbouring column's
 * centre than a quarter of the way from its own. */
function isOffCentre(cell: ModelCell, centers: number[], settings: Settings): boolean {
  const lx = (cell.box![0] + cell.box![2]) / 2;
  const own = centers[cell.col]!;
  const neighbour = lx >= own ? centers[cell.col + 1] : centers[cell.col - 1];
  return neighbour !== undefined && Math.abs(lx - own) > Math.abs(neighbour - own) * settings.offCentreShare;
}

/** A chunk running over a column gutter is cut there when a word gap wider than an ordinary space
 * falls in the gutter (two header cells set close together); a label whose words are only
 * space-separated stays whole (it spans the columns). `inRow`: the chunk shares its line with
 * other chunks (a row of cells). */
export function splitAtGutters(chunk: TextLine, columns: ColumnSpan[], settings: Settings, inRow = true): TextLine[] {
  if (chunk.words.length < 2) return [chunk];
  const parts: Word[][] = [[chunk.words[0]!]];
  for (let k = 1; k < chunk.words.length; k++) {
    const prev = chunk.words[k - 1]!;
    const word = chunk.words[k]!;
    const gap = word.box[0] - prev.box[2];
    // The gap lies in the gutter: from column c's right edge (or, for the column's widest text,
    // which ran into the gutter and so did not set that edge, from inside the gutter) to the next
    // column's left edge (generated family vertical-header: the widest stub label 0.9 em from its
    // first value, settings.gutterFromWidest).
    const inGutter = columns.some((col, c) => {
      const next = columns[c + 1];
      if (!next) return false;
      const tol = settings.gutterTolerance;
      if (prev.box[2] <= col.x1 + tol && word.box[0] >= next.x0 - tol) return true;
      // (Only in a line of several cells: a line that is one chunk is a label, a spanner or a
      // title, whose word gaps may fall anywhere.)
      if (!settings.gutterFromWidest || !inRow) return false;
      // The widest text of column c runs into the gutter: the text before the gap starts in
      // column c (a label running on from the stub over the value columns is one cell, cut
      // nowhere) and the word after it starts the next column, aligned on its left or right
      // edge like the column's other text (a label centred across the table is not).
      const start = parts[parts.length - 1]![0]!.box[0];
      const aligned = Math.abs(word.box[0] - next.x0) <= tol || Math.abs(word.box[2] - next.x1) <= tol;
      if (word.box[0] >= next.x0 - tol) return aligned && start >= col.x0 - tol && prev.box[0] <= col.x1 && prev.box[2] < next.x0;
      // ...or the widest text of the next column runs back into it (a right-aligned name wider
      // than its numbers, set a narrow gap after the name before it): the text before the gap
      // lies in column c (starting after the previous column's text), the word after it starts
      // in the gutter, and both end on their columns' right edges, aligned with their numbers (a
      // label centred across the table ends anywhere) (generated family blank-every-five).
      const after = c === 0 ? start >= col.x0 - tol : start > columns[c - 1]!.x1 + tol;
      return after && Math.abs(prev.box[2] - col.x1) <= tol && word.box[0] > col.x1 + tol && Math.abs(word.box[2] - next.x1) <= tol;
    });
    if (inGutter && gap >= Math.max(prev.size, word.size) * settings.gutterSplitGapEm) parts.push([word]);
    else parts[parts.length - 1]!.push(word);
  }
  return parts.length === 1 ? [chunk] : parts.map(makeLine);
}

/** A value column whose name's last line is narrower than its numbers and centred over them
 * leaves a gutter between the name and the numbers ("time" over right-aligned "+96.2"): the name
 * alone makes a column of its own, with nothing below it, next to a column of values with no name.
 * Two such columns side by side are one column: a column's text stands above the other's first
 * line. Only value columns (not the first one, the row labels) are joined. */
function mergeHeaderOnlyColumns(columns: ColumnSpan[], chunkRows: TextLine[][]): ColumnSpan[] {
  const out = columns.map((c) => ({ ...c }));
  for (let k = out.length - 2; k >= 1; k--) {
    const linesOf = (col: ColumnSpan) =>
      chunkRows.flatMap((chunks, i) => (chunks.some((c) => { const [a, b] = chunkToColumns(c.box, out); return a === b && out[a] === col; }) ? [i] : []));
    const textsOf = (col: ColumnSpan) => chunkRows.flatMap((chunks) => chunks.filter((c) => { const [a, b] = chunkToColumns(c.box, out); return a === b && out[a] === col; }));
    const [left, right] = [out[k]!, out[k + 1]!];
    const [l, r] = [linesOf(left), linesOf(right)];
    if (l.length === 0 || r.length === 0) continue;
    const nameAbove = (name: ColumnSpan, lines: number[], values: number[]) =>
      Math.max(...lines) < Math.min(...values) && textsOf(name).every((c) => !isNumeric(c.text) && /\p{L}/u.test(c.text));
    if (nameAbove(left, l, r) || nameAbove(right, r, l)) out.splice(k, 2, { ...left, x0: Math.min(left.x0, right.x0), x1: Math.max(left.x1, right.x1) });
  }
  return out;
}

/** Two column names set a narrow gap apart, each carried on (in lower case) onto this line from a
 * different cell of the line right above ("women in | Total" over "employment population"), are
 * cut at the word gap (wider than an ordinary space) between the words under one name and the
 * words under the other, even where a long word overhangs its column's values (splitAtGutters
 * then finds no gutter). */
function splitUnderNames(chunk: TextLine, aboveCells: Word[][], settings: Settings): TextLine[] {
  if (chunk.words.length < 2 || aboveCells.length < 2) return [chunk];
  const spans = aboveCells.map((words) => boxUnion(words.map((w) => w.box))!);
  const under = (w: Word) => spans.findIndex((b) => w.box[0] < b[2] && w.box[2] > b[0]);
  const parts: Word[][] = [[chunk.words[0]!]];
  for (let k = 1; k < chunk.words.length; k++) {
    const prev = chunk.words[k - 1]!;
    const word = chunk.words[k]!;
    const [a, b] = [under(prev), under(word)];
    const wide = word.box[0] - prev.box[2] >= Math.max(prev.size, word.size) * settings.gutterSplitGapEm;
    // Both pieces carry on a name (lower case), as wrapped names do.
    const carriesOn = /^[a-z(]/.test(word.text) && /^[a-z(]/.test(parts[parts.length - 1]![0]!.text);
    if (wide && carriesOn && a >= 0 && b >= 0 && a !== b) parts.push([word]);
    else parts[parts.length - 1]!.push(word);
  }
  return parts.length === 1 ? [chunk] : parts.map(makeLine);
}

/** A line continues the row above when it is close below it and fills no column the row above
 * leaves empty except as text (a wrapped label or description, never a new number). */
function isContinuation(
  cells: Map<number, { words: Word[]; last: number }>,
  prevCells: Map<number, { words: Word[]; last: number }>,
  line: TextLine,
  prevLine: TextLine,
  stubRight: number,
  settings: Settings,
): boolean {
  const gap = line.box[1] - prevLine.box[3];
  if (gap > line.size * settings.wrapGapEm) return false;
  const texts = [...cells.entries()];
  // The values of a row label wrapped over several lines sit on its middle line: a line of values
  // with the first column empty, right under a label that has none yet.
  if (!cells.has(0) && prevCells.size === 1 && prevCells.has(0)) return true;
  // ...or on its last line: the line above is a label alone (no values yet), and this line's
  // first-column text goes on with its phrase (lower case, not indented: an indented "of which"
  // row is a row of its own).
  if (prevCells.size === 1 && prevCells.has(0) && continuesLabel(cells.get(0), prevCells.get(0)!, prevLine, stubRight, line.size, settings)) return true;
  // ...or an inner text cell's (a description between a code and the values: inner-wraps.ts).
  if (valuesOnInnerWrap(cells, prevCells, line.size, settings, isNumeric)) return true;
  if (texts.some(([, c]) => isNumeric(c.words.map((w) => w.text).join(" ")))) return false;
  // A label alone on its line at a hanging indent, where the label above ran out of room.
  const label = cells.get(0);
  const aboveLabel = prevCells.get(0);
  if (cells.size === 1 && label && label.last === 0 && aboveLabel && hangsUnder(label.words, aboveLabel.words, prevLine, stubRight, line.size, settings)) return true;
  if (carriesOnNames(cells, prevCells)) return true;
  // A label spanning columns is a section label of its own, not the tail of a cell.
  if (texts.some(([col, c]) => c.last > col)) return false;
  // A wrapped first-column label continues in lower case, or the line leaves column 0 empty
  // while the line above has text in the same columns.
  if (!cells.has(0)) return texts.every(([col]) => prevCells.has(col));
  // Every cell of the line continues a sentence (starts in lower case) of the row above.
  return texts.every(([col, c]) => prevCells.has(col) && /^[a-z(]/.test(c.words[0]?.text ?? ""));
}

/** Column names wrapped onto several lines and aligned on their last line: the longer names start
 * higher, so a header line fills columns the line above leaves empty, and carries on, in lower
 * case, every name the line above started ("Share of" / "women in"). A band label over several
 * columns starts no name that goes on below it, and the names under it start afresh. */
function carriesOnNames(cells: Map<number, { words: Word[]; last: number }>, prevCells: Map<number, { words: Word[]; last: number }>): boolean {
  if (prevCells.has(0) || prevCells.size === 0) return false;
  return [...prevCells].every(([col, above]) => {
    const below = cells.get(col);
    return above.last === col && below !== undefined && below.last === col && /^[a-z(]/.test(below.words[0]?.text ?? "");
  });
}

/** A first-column text that carries on the label above it: starts in lower case, one column
 * wide, at the label's left edge; or at a hanging indent right of it when the label's last line
 * had no room for this text's first word before the stub's right edge (`stubRight`): a wrap. An
 * indented line under a label with room to spare ("Employment" / "  of which women") is a row of
 * its own. */
function continuesLabel(cell: { words: Word[]; last: number } | undefined, above: { words: Word[] }, aboveLine: TextLine, stubRight: number, size: number, settings: Settings): boolean {
  if (!cell || cell.last !== 0) return false;
  const left = Math.min(...cell.words.map((w) => w.box[0]));
  const aboveLeft = Math.min(...above.words.map((w) => w.box[0]));
  if (Math.abs(left - aboveLeft) <= size * settings.wrapIndentEm) return /^[a-z(]/.test(cell.words[0]?.text ?? "");
  return hangsUnder(cell.words, above.words, aboveLine, stubRight, size, settings);
}

/** A word of leader dots ("." of ". . . .", or "......"). */
const LEADER_DOTS = /^[.\u00B7\u2026]+$/;

/** First-column words at a hanging indent under a label whose last line (on `aboveLine`) had no
 * room for their first word before the stub's right edge: the label wrapped there. They start in
 * lower case or with a number ("under" / "18 years"); a label ending in a colon is a section
 * head, whatever its width. */
function hangsUnder(words: Word[], above: Word[], aboveLine: TextLine, stubRight: number, size: number, settings: Settings): boolean {
  if (!settings.hangingWraps) return false;
  const sorted = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const first = sorted[0];
  if (!first || !/^[a-z(0-9]/.test(first.text)) return false;
  const lastLine = above.filter((w) => w.box[1] >= aboveLine.box[1] - 1 && w.box[3] <= aboveLine.box[3] + 1 && !LEADER_DOTS.test(w.text)).sort((a, b) => a.box[0] - b.box[0]);
  if (lastLine.length === 0 || lastLine[lastLine.length - 1]!.text.endsWith(":")) return false;
  const indent = first.box[0] - Math.min(...above.map((w) => w.box[0]));
  if (indent <= 0 || indent > size * settings.wrapHangingIndentEm) return false;
  return lastLine[lastLine.length - 1]!.box[2] + size * settings.wrapSpaceEm + (first.box[2] - first.box[0]) > stubRight;
}

function rawToModel(
  raw: RawCell[],
  nRows: number,
  nCols: number,
  rowBands: ReadonlyArray<readonly [number, number]>,
  labels: Word[][],
  source: TableModel["source"],
  settings: Settings,
): TableModel | null {
  // Drop columns no cell starts in and that hold no text (decorative or side-label columns).
  const used = new Set<number>();
  for (const c of raw) if (c.words.length > 0) used.add(c.col);
  const keep = [...Array(nCols).keys()].filter((k) => used.has(k));
  if (keep.length < 2) return null;
  const colIndex = new Map(keep.map((k, i) => [k, i]));
  const cells: ModelCell[] = [];
  for (const c of raw) {
    const cols = [...Array(c.colSpan).keys()].map((k) => c.col + k).filter((k) => colIndex.has(k));
    if (cols.length === 0) continue;
    const words = c.words;
    cells.push({
      row: c.row,
      col: colIndex.get(cols[0]!)!,
      rowSpan: c.rowSpan,
      colSpan: colIndex.get(cols[cols.length - 1]!)! - colIndex.get(cols[0]!)! + 1,
      text: wordsToText(words, settings),
      box: boxUnion(words.map((w) => w.box)),
    });
  }
  // Drop rows with no text at all (spacer rows of a grid).
  const rowUsed = new Set<number>();
  for (const c of cells) if (c.text !== "") for (let k = 0; k < c.rowSpan; k++) rowUsed.add(c.row + k);
  const keepRows = [...Array(nRows).keys()].filter((r) => rowUsed.has(r));
  if (keepRows.length < 1) return null;
  const rowIndex = new Map(keepRows.map((r, i) => [r, i]));
  const finalCells: ModelCell[] = [];
  for (const c of cells) {
    const rows = [...Array(c.rowSpan).keys()].map((k) => c.row + k).filter((r) => rowIndex.has(r));
    if (rows.length === 0) continue;
    finalCells.push({ ...c, row: rowIndex.get(rows[0]!)!, rowSpan: rows.length });
  }
  finalCells.sort((a, b) => a.row - b.row || a.col - b.col);
  const boxes = finalCells.map((c) => c.box).filter((b): b is Box => b !== null);
  const box = boxUnion([...boxes, ...labels.flat().map((w) => w.box)]);
  if (!box) return null;
  const keptBands = keepRows.map((r) => rowBands[r]!);
  const rowGroups: Array<string | null> = keptBands.map(() => null);
  for (const label of labels) {
    const lb = boxUnion(label.map((w) => w.box))!;
    // A label inside a ruled (merged) cell names exactly the rows of that cell.
    const [cx, cy] = [(lb[0] + lb[2]) / 2, (lb[1] + lb[3]) / 2];
    const frame = raw.find((c) => c.frame && isPointInBox(cx, cy, c.frame));
    if (frame) {
      for (let k = 0; k < frame.rowSpan; k++) {
        const r = rowIndex.get(frame.row + k);
        if (r !== undefined) rowGroups[r] = sideLabelText(label);
      }
      continue;
    }
    keptBands.forEach(([y0, y1], r) => {
      const overlap = Math.min(y1, lb[3]) - Math.max(y0, lb[1]);
      if (overlap > (y1 - y0) * settings.sideLabelRowOverlap) rowGroups[r] = sideLabelText(label);
    });
  }
  const model: TableModel = {
    box,
    nRows: keepRows.length,
    nCols: keep.length,
    cells: finalCells,
    headerRows: 0,
    rowGroups: rowGroups.some((g) => g !== null) ? rowGroups : [],
    source,
    disputed: false,
  };
  model.headerRows = source === "pdf-grid" ? gridHeaderRows(model) : modelToHeaderRows(model, settings);
  return model;
}

// Years are column names, marked ones too ("2023p": year-names.ts).
const YEAR = MARKED_YEAR;
const RANGE = /^\d+\s?[-–]\s?\d+$/;

/** Leading rows that are band labels only: nothing in the first column, under half the columns
 * filled, while a lower row fills more. */
export function topBandRows(model: TableModel, settings: Settings = SETTINGS): number {
  const filled = (r: number) => model.cells.filter((c) => c.row === r && c.text !== "").length;
  let r = 0;
  while (
    r + 1 < model.nRows &&
    r < settings.maxTopBandRows &&
    !model.cells.some((c) => c.row === r && c.col === 0 && c.text !== "") &&
    filled(r) > 0 &&
    filled(r) < model.nCols * settings.bandRowMaxFilledShare &&
    filled(r + 1) > filled(r)
  )
    r++;
  return r;
}

/** The next row below `r` with text outside the first column, skipping section labels (rows
 * holding a single label, in the first column or spanning). */
function nextRowWithValues(model: TableModel, r: number): number {
  for (let k = r + 1; k < model.nRows; k++) {
    const filled = model.cells.filter((c) => c.row === k && c.text !== "");
    if (filled.length >= 2 && filled.some((c) => c.col > 0)) return k;
  }
  return -1;
}

/** Header rows of a ruled table: the first row, extended downwards by the rulings themselves: a
 * header cell spanning columns has its sub-headings in the row below (unless that row holds
 * values: an EU document's "Treatment/Therapy" spans the label and "Count" columns over data rows), and a
 * header cell spanning rows makes those rows header too. */
export function gridHeaderRows(model: TableModel): number {
  if (model.nRows < 2) return 0;
  // Years and ranges ("15-24") are column names; other numbers are values.
  const holdsValues = (r: number) =>
    model.cells.some((c) => c.row === r && c.col > 0 && isNumeric(c.text) && !YEAR.test(c.text.trim()) && !RANGE.test(c.text.trim()));
  let h = 1;
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of model.cells) {
      if (c.row >= h || c.text === "") continue;
      const below = c.row + c.rowSpan;
      const need = c.colSpan > 1 && !holdsValues(below) ? below + 1 : below;
      if (need > h && need < model.nRows) {
        h = need;
        changed = true;
      }
    }
  }
  return h;
}

/** Header rows of an unruled table: the rows above the first row with a number outside the first
 * column (years are column names, not data, while rows below hold other numbers); a table without
 * numbers has its first row as header. */
export function modelToHeaderRows(model: TableModel, settings: Settings = SETTINGS): number {
  if (model.nRows < 2) return 0;
  let firstData = -1;
  for (let r = 0; r < model.nRows && firstData < 0; r++) {
    const rowCells = model.cells.filter((c) => c.row === r && c.text !== "");
    const found = rowCells.filter((c) => c.col > 0 && isNumeric(c.text));
    // A row of placeholder marks ("(X)", "Z", "–") where numbers would stand is values too.
    const numbers = found.length > 0 ? found : markedValues(rowCells, isNumeric);
    if (numbers.length === 0) continue;
    const yearsOnly = numbers.every((c) => YEAR.test(c.text.trim())) && !isNumeric(rowCells.find((c) => c.col === 0)?.text ?? "");
    if (yearsOnly && r + 1 < model.nRows) continue;
    // Data rows come in runs: numbers in a row followed by a row of words only ("1st", "3rd"
    // over "Grade") are part of the header.
    const next = nextRowWithValues(model, r);
    if (next >= 0 && !model.cells.some((c) => c.row === next && c.col > 0 && c.text !== "" && isNumeric(c.text)) && markedValues(model.cells.filter((c) => c.row === next), isNumeric).length === 0) continue;
    firstData = r;
  }
  if (firstData < 0) return 1;
  let h = Math.min(firstData, 6, model.nRows - 1);
  // Sparse rows on top (a band label, the first column empty) head the row below them, even when
  // that row is numbered columns (1, 2, 3 ...).
  const bands = topBandRows(model, settings);
  if (bands > 0 && bands + 1 < model.nRows) h = Math.max(h, bands + 1);
  // A row just above the data with one label only (in the first column, or spanning) is a
  // section label of the body ("Women", "Enrollment, in thousands"), not part of the header.
  const isSectionRow = (r: number) => {
    const filled = model.cells.filter((c) => c.row === r && c.text !== "");
    return filled.length === 1 && (filled[0]!.col === 0 || filled[0]!.colSpan > 1);
  };
  while (h > 1 && isSectionRow(h - 1) && !(h - 1 < topBandRows(model, settings))) h--;
  return h;
}

export { makeLine };

/** A table folded into side-by-side copies (the header's column names repeat: "Age | Total | Age |
 * Total") is that many tables, left to right. */
export function splitRepeatedColumns(model: TableModel): TableModel[] {
  if (model.headerRows === 0 || model.nCols < 4) return [model];
  const names: string[] = [];
  for (let c = 0; c < model.nCols; c++) {
    const parts = model.cells.filter((x) => x.row < model.headerRows && x.col === c && x.colSpan === 1 && x.text !== "").map((x) => x.text);
    names.push(parts.join(" ").toLowerCase());
  }
  for (let period = 1; period <= model.nCols / 2; period++) {
    if (model.nCols % period !== 0) continue;
    const repeats = names.every((n, c) => n !== "" && n === names[c % period]);
    if (!repeats) continue;
    // No cell may straddle two copies.
    if (model.cells.some((x) => Math.floor(x.col / period) !== Math.floor((x.col + x.colSpan - 1) / period))) return [model];
    // Folded copies are filled row by row: every copy but the last names each of its rows. A
    // table whose left part leaves rows empty (merged groups) is one table with a repeated header.
    for (let k = 0; k + 1 < model.nCols / period; k++) {
      for (let r = model.headerRows; r < model.nRows; r++) {
        if (!model.cells.some((x) => x.row <= r && x.row + x.rowSpan > r && x.col === k * period && x.text !== "")) return [model];
      }
    }
    const parts: TableModel[] = [];
    for (let k = 0; k < model.nCols / period; k++) {
      const cells = model.cells.filter((x) => Math.floor(x.col / period) === k).map((x) => ({ ...x, col: x.col - k * period }));
      const boxes = cells.map((x) => x.box).filter((b): b is Box => b !== null);
      const box = boxUnion(boxes);
      if (!box) continue;
      parts.push({ ...model, cells, nCols: period, box, rowGroups: k === 0 ? model.rowGroups : [] });
    }
    return parts;
  }
  return [model];
}
