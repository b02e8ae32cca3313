// Two tables printed side by side read as one wide table by the layout reading: their rows line up,
// so the whitespace columns run through both. What tells them apart is the seam: a column of row
// labels (text) with its own header name, right of a column of numbers, behind a gutter clearly
// wider than the table's other gutters. A label column in the middle of ONE table ("Country | 2019 |
// Notes") follows a gutter like any other, so it stays.
import type { Box, ModelCell, TableModel } from "../types";
import { boxUnion, median } from "../geometry/box";
import { isNumeric } from "./build-table";
import type { Settings } from "../settings";

/** Whitespace between two adjacent columns: from the right-most right edge of column c-1 to the
 * left-most left edge of column c (single-column cells only). */
function gutters(model: TableModel): number[] {
  const out: number[] = [];
  for (let c = 1; c < model.nCols; c++) {
    const left = model.cells.filter((x) => x.col + x.colSpan - 1 === c - 1 && x.colSpan === 1 && x.box);
    const right = model.cells.filter((x) => x.col === c && x.colSpan === 1 && x.box);
    out.push(left.length && right.length ? Math.min(...right.map((x) => x.box![0])) - Math.max(...left.map((x) => x.box![2])) : NaN);
  }
  return out;
}

function bodyTexts(model: TableModel, col: number): string[] {
  return model.cells.filter((x) => x.row >= model.headerRows && x.col === col && x.colSpan === 1 && x.text !== "").map((x) => x.text);
}

function isSeam(model: TableModel, col: number, gutter: number, others: number[], settings: Settings): boolean {
  const labels = bodyTexts(model, col);
  const before = bodyTexts(model, col - 1);
  if (labels.length < 2 || before.length < 2) return false;
  const share = settings.sideBySideColumnShare;
  if (labels.filter((t) => !isNumeric(t)).length < labels.length * share) return false;
  if (before.filter((t) => isNumeric(t)).length < before.length * share) return false;
  // The second table names its label column, on the header line.
  const named = model.cells.some((x) => x.row === model.headerRows - 1 && x.col === col && x.colSpan === 1 && x.text !== "");
  if (!named) return false;
  const typical = median(
    others.filter((g) => Number.isFinite(g)),
    NaN,
  );
  return Number.isFinite(typical) && gutter >= typical * settings.sideBySideGutterRatio;
}

/** Columns [from, to) as a table of their own; rows left empty there (the other table is longer)
 * are dropped. */
function part(model: TableModel, from: number, to: number): TableModel | null {
  const inPart = model.cells.filter((x) => x.col >= from && x.col + x.colSpan - 1 < to);
  const used = [
    ...new Set(inPart.filter((x) => x.text !== "").flatMap((x) => Array.from({ length: x.rowSpan }, (_, k) => x.row + k))),
  ].sort((a, b) => a - b);
  const newRow = new Map(used.map((r, k) => [r, k]));
  const cells: ModelCell[] = inPart.filter((x) => newRow.has(x.row)).map((x) => ({ ...x, col: x.col - from, row: newRow.get(x.row)! }));
  const box = boxUnion(cells.map((x) => x.box).filter((b): b is Box => b !== null));
  if (!box) return null;
  const headerRows = used.filter((r) => r < model.headerRows).length;
  const rowGroups = from === 0 && model.rowGroups.length > 0 ? used.map((r) => model.rowGroups[r] ?? null) : [];
  return { ...model, cells, nCols: to - from, nRows: used.length, headerRows, box, rowGroups };
}

/** A layout table cut at each side-by-side seam (both parts keep at least two columns); a cell
 * straddling the seam keeps the table whole. */
export function splitSideBySide(model: TableModel, settings: Settings): TableModel[] {
  if (model.source !== "pdf-layout" || model.headerRows === 0 || model.nCols < 4) return [model];
  const gaps = gutters(model);
  for (let col = 2; col <= model.nCols - 2; col++) {
    const gutter = gaps[col - 1]!;
    if (!Number.isFinite(gutter)) continue;
    const others = gaps.filter((_, k) => k !== col - 1);
    if (!isSeam(model, col, gutter, others, settings)) continue;
    if (model.cells.some((x) => x.col < col && x.col + x.colSpan > col)) return [model];
    const left = part(model, 0, col);
    const right = part(model, col, model.nCols);
    if (!left || !right) return [model];
    return [left, ...splitSideBySide(right, settings)];
  }
  return [model];
}
