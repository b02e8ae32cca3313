// A table whose column set repeats side by side (the same names twice across the page) is split
// into one table per repetition.
import type { Box, TableModel } from "../types";
import { boxUnion } from "../geometry/box";

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
