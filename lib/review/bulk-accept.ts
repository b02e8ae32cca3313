// Bulk acceptance of the text layer's reading: a person who has looked at the differences and seen
// they are safe (marks OCR cannot see, a letter case, a look-alike) accepts the text layer's
// reading for every queued cell of a table, or of the whole document, at once, instead of pressing
// its number key cell by cell. Only cells where the text layer's reading is one of the readings
// offered (the cell has a `pdf-text` reading among its choices): a cell the text layer did not
// read is left for a person. Cells doubted for their place only are left too: their value is
// agreed, their question is the table's shape (structure-items.ts). Each accepted cell becomes
// `confirmed` with the text layer's value and `human-review` among its sources, as if its number
// key had been pressed. Stored as one structure edit (structure/ops.ts), so one undo takes the
// whole batch back.
import type { Cell, Table } from "../result/schema";
import { formatCellRef } from "./cell-ref";
import { confirmedCell } from "./confirmed-cell";
import { DEFAULT_LEVELS, cellsOf, queueLevel } from "./queue";
import { isStructureOnlyDoubt } from "./structure-items";

/** The text layer's source name in a cell's readings. */
export const TEXT_LAYER = "pdf-text";

/** Which tables: one ("page:index") or every table of the document. */
export type BulkScope = { page: number; table: number } | null;

/** Whether bulk acceptance settles this cell (see above). */
export function acceptsTextLayer(cell: Cell): boolean {
  const level = queueLevel(cell);
  if (!level || !DEFAULT_LEVELS.includes(level)) return false;
  if (isStructureOnlyDoubt(cell)) return false;
  return cell.readings?.[TEXT_LAYER] !== undefined;
}

const inScope = (table: Table, scope: BulkScope) => !scope || (table.page === scope.page && table.index === scope.table);

/** The cells bulk acceptance would settle, each with what the text layer reads and what the others
 * read: what the page shows before a person accepts. */
export function textLayerCandidates(
  tables: Table[],
  scope: BulkScope,
): Array<{ ref: string; textLayer: string; others: Array<{ source: string; value: string }> }> {
  return tables
    .filter((table) => inScope(table, scope))
    .flatMap((table) => cellsOf(table))
    .filter(({ cell }) => acceptsTextLayer(cell))
    .map(({ ref, cell }) => ({
      ref,
      textLayer: cell.readings![TEXT_LAYER]!,
      others: Object.entries(cell.readings!)
        .filter(([source, value]) => source !== TEXT_LAYER && value.trim() !== cell.readings![TEXT_LAYER]!.trim())
        .map(([source, value]) => ({ source, value })),
    }));
}

/** The tables with the text layer's reading accepted for every such cell in scope; `settled` says
 * how many. Merged-away cells are left out by cellsOf, as on the page. */
export function acceptTextLayer(tables: Table[], scope: BulkScope): { tables: Table[]; settled: number } {
  let settled = 0;
  const out = tables.map((table) => {
    if (!inScope(table, scope)) return table;
    const refs = new Set(cellsOf(table).map(({ ref }) => ref));
    const at = (row: number | "h", col: number) => formatCellRef({ page: table.page, table: table.index, row, col });
    const settle = (cell: Cell, ref: string): Cell => {
      if (!refs.has(ref) || !acceptsTextLayer(cell)) return cell;
      settled += 1;
      return confirmedCell(cell, cell.readings![TEXT_LAYER]);
    };
    return {
      ...table,
      header_cells: table.header_cells.map((cell, col) => settle(cell, at("h", col))),
      rows: table.rows.map((row, r) => row.map((cell, col) => settle(cell, at(r, col)))),
    };
  });
  return { tables: out, settled };
}
