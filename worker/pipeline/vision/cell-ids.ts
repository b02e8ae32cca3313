// The delivered cells a vision reader is asked about, each with an id the prompts use ("t0.h2":
// table 0's header cell of column 2, "t0.r3c1": body row 3, column 1) and its box.
import type { Cell, Table } from "../../../lib/result/schema";
import type { Box } from "../types";

export interface CellRef {
  id: string;
  table: number;
  /** null: a header cell. */
  row: number | null;
  col: number;
  cell: Cell;
  box: Box;
}

/** Every delivered cell that has a box, header cells first. */
export function cellRefs(tables: readonly Table[]): CellRef[] {
  const out: CellRef[] = [];
  tables.forEach((table, t) => {
    table.header_cells.forEach((cell, col) => {
      if (cell.bbox) out.push({ id: `t${t}.h${col}`, table: t, row: null, col, cell, box: cell.bbox });
    });
    table.rows.forEach((row, r) =>
      row.forEach((cell, col) => {
        if (cell.bbox) out.push({ id: `t${t}.r${r}c${col}`, table: t, row: r, col, cell, box: cell.bbox });
      }),
    );
  });
  return out;
}

/** `tables` with the cell `ref` points at replaced. */
export function replaceCell(tables: Table[], ref: Pick<CellRef, "table" | "row" | "col">, cell: Cell): void {
  const table = tables[ref.table]!;
  if (ref.row === null) {
    const header = [...table.header_cells];
    header[ref.col] = cell;
    tables[ref.table] = { ...table, header_cells: header, header: header.map((c) => c.value) };
  } else {
    const rows = table.rows.map((row, r) => (r === ref.row ? row.map((c, col) => (col === ref.col ? cell : c)) : row));
    tables[ref.table] = { ...table, rows };
  }
}
