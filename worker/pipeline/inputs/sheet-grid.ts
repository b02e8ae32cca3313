// A spreadsheet's sheet as it is shown: the visible rows and columns (hidden ones left out), each
// cell's text as displayed, its merged ranges and how many rows at its top the sheet marks as
// header. read-xlsx.ts and read-csv.ts make these; sheet-table.ts makes them into result tables.

export interface GridCell {
  /** The value as the sheet shows it ("" for an empty cell, or a merged range's other cells). */
  text: string;
  /** A formula the file stores no result for: the cell has no shown value, only this. */
  formulaWithoutResult?: string;
}

export interface GridMerge {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

export interface SheetGrid {
  name: string;
  /** Every row has the same number of cells. */
  rows: GridCell[][];
  merges: GridMerge[];
  /** Rows at the top the sheet marks as its header (frozen panes, or a bold first row); 0: none. */
  headerRows: number;
}

/** Cells of a grid (what the cell limit counts). */
export const gridCells = (grid: SheetGrid) => grid.rows.length * (grid.rows[0]?.length ?? 0);

/** The grid cut to the rectangle that holds a value or a merge, its merges and header moved with
 * it; null when nothing is left (an empty sheet is not a table). */
export function trimGrid(grid: SheetGrid): SheetGrid | null {
  const filled = (r: number, c: number) => {
    const cell = grid.rows[r]?.[c];
    return (
      (cell !== undefined && (cell.text.trim() !== "" || cell.formulaWithoutResult !== undefined)) ||
      grid.merges.some((m) => r >= m.row && r < m.row + m.rowSpan && c >= m.col && c < m.col + m.colSpan)
    );
  };
  const height = grid.rows.length;
  const width = grid.rows[0]?.length ?? 0;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (!filled(r, c)) continue;
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    }
  }
  if (bottom < 0) return null;
  return {
    name: grid.name,
    rows: grid.rows.slice(top, bottom + 1).map((row) => row.slice(left, right + 1)),
    merges: grid.merges.map((m) => ({ ...m, row: m.row - top, col: m.col - left })),
    headerRows: Math.max(0, Math.min(grid.headerRows - top, bottom - top)),
  };
}
