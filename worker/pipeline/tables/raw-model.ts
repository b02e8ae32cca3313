// The step both table builders end with: cells found in a region (RawCell: words with a row and
// column span), with the labels set beside the table, become a TableModel with its header rows.
import type { Box, ModelCell, TableModel, Word } from "../types";
import { boxUnion, isPointInBox } from "../geometry/box";
import type { Settings } from "../settings";
import { wordsToText } from "./cell-text";
import { gridHeaderRows, modelToHeaderRows } from "./header-rows";

export interface RawCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  words: Word[];
  /** The ruled cell's frame, when the grid gives one. */
  frame?: Box;
}

/** Rotated words at the left edge of a table are side labels (row_groups), not a column. */
export function takeSideLabels(words: Word[], settings: Settings): { content: Word[]; labels: Word[][] } {
  const rotated = words.filter((w) => w.dir === 90 || w.dir === 270);
  const content = words.filter((w) => w.dir === 0);
  if (rotated.length === 0) return { content, labels: [] };
  // One label = rotated words sharing an x band.
  const sorted = [...rotated].sort((a, b) => a.box[0] - b.box[0]);
  const labels: Word[][] = [];
  for (const w of sorted) {
    const reach = w.size * settings.sideLabelReachEm;
    const label = labels.find(
      (l) =>
        Math.abs(l[0]!.box[0] - w.box[0]) < w.size * settings.sideLabelAlignEm &&
        l.some((o) => o.box[1] - w.box[3] < reach && w.box[1] - o.box[3] < reach),
    );
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

export function rawToModel(
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
