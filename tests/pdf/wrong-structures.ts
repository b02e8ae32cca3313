// Wrong structures built from a scanned family page's truth, for the ink grid's tests: what a
// shared wrong reading of a table looks like (two columns folded into one, one column cut in two,
// a header level lost),
// and which of a delivered table's verified relations the truth does not hold.
import type { Table } from "../../lib/result/schema";
import { tableTrustRelations } from "../../worker/cli/eval/trust";
import { gridToRelationList } from "../../worker/pipeline/tables/adjacency-relations";
import { modelToTable, tableToGrid } from "../../worker/pipeline/tables/assemble-table";
import type { Box, ModelCell } from "../../worker/pipeline/types";
import { modelOf, type ScannedTable } from "./scanned-family-page";

const PROMISED = new Set(["verified", "confirmed", "exact"]);

const union = (boxes: readonly Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** The table with columns `col` and `col + 1` folded into one (their cells joined per row). */
export function columnsFolded(t: ScannedTable, col: number): ScannedTable {
  const cells: ModelCell[] = [];
  for (const c of t.cells) {
    if (c.col === col + 1 && c.colSpan === 1) continue;
    const shifted = c.col > col + 1 ? { ...c, col: c.col - 1 } : { ...c };
    if (c.col === col && c.colSpan === 1) {
      const right = t.cells.find((r) => r.row === c.row && r.col === col + 1 && r.colSpan === 1);
      const boxes = [c.box, right?.box].filter((b): b is Box => b != null);
      shifted.text = [c.text, right?.text ?? ""].join(" ").trim();
      shifted.box = boxes.length > 0 ? union(boxes) : null;
    } else if (c.col <= col + 1 && c.col + c.colSpan > col + 1) shifted.colSpan = c.colSpan - 1;
    cells.push(shifted);
  }
  return { ...t, cells, nCols: t.nCols - 1 };
}

/** The table with body column `col` cut in two: its cells in every other body row move to a new
 * column right of it; the columns right of it move one along, and a cell spanning it spans both. */
export function columnSplit(t: ScannedTable, col: number): ScannedTable {
  const cells: ModelCell[] = t.cells.map((c) => {
    const last = c.col + c.colSpan - 1;
    if (c.col > col) return { ...c, col: c.col + 1 };
    if (c.colSpan > 1 && last >= col) return { ...c, colSpan: c.colSpan + 1 };
    const oddBodyRow = c.row >= t.headerRows && (c.row - t.headerRows) % 2 === 1;
    if (c.col === col && oddBodyRow) return { ...c, col: col + 1 };
    return { ...c };
  });
  return { ...t, cells, nCols: t.nCols + 1 };
}

/** The delivered table's verified relations the truth does not hold (as a multiset). */
export function verifiedWrong(truth: ScannedTable, delivered: Table): string[] {
  const left = new Map<string, number>();
  for (const { key } of gridToRelationList(tableToGrid(modelToTable(modelOf(truth), 1, 0)).cells)) left.set(key, (left.get(key) ?? 0) + 1);
  const wrong: string[] = [];
  for (const r of tableTrustRelations(delivered)) {
    const n = left.get(r.key) ?? 0;
    if (n > 0) left.set(r.key, n - 1);
    else if (PROMISED.has(r.confidence)) wrong.push(r.key);
  }
  return wrong;
}

/** The table with its top header row merged into the row under it: each cell of the top row joins
 * the cell of the next row at its first column (a header level lost). */
export function headerLevelLost(t: ScannedTable): ScannedTable {
  const top = t.cells.filter((c) => c.row === 0 && c.rowSpan === 1 && c.box);
  const cells: ModelCell[] = t.cells.filter((c) => c.row === 0 && c.rowSpan > 1).map((c) => ({ ...c, rowSpan: c.rowSpan - 1 }));
  for (const c of t.cells.filter((c) => c.row > 0)) {
    const above = c.row === 1 ? top.find((a) => a.col === c.col) : undefined;
    const boxes = [above?.box, c.box].filter((b): b is Box => b != null);
    const text = [above?.text ?? "", c.text].join(" ").trim();
    cells.push({ ...c, row: c.row - 1, text, box: boxes.length > 0 ? union(boxes) : null });
  }
  return { ...t, cells, headerRows: Math.max(1, t.headerRows - 1) };
}
