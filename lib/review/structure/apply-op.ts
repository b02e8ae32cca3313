// One structure edit applied to a result's tables: a new list, the input untouched. Throws a
// StructureError when the edit does not fit the tables as they stand.
import type { Table } from "../../result/schema";
import { mergeCells, splitCell } from "./cell-ops";
import { confirmStructure } from "./confirm-structure";
import type { StructureOp } from "./ops";
import { deleteColumn, deleteRow, markHeader, unmarkHeader } from "./row-ops";
import { tableAt } from "./table-shape";
import { mergeNext, splitTable } from "./table-ops";
import { removeTable } from "./not-a-table";

export function applyStructureOp(tables: Table[], op: StructureOp): Table[] {
  if (op.kind === "split-table") return splitTable(tables, op.page, op.table, op.row);
  if (op.kind === "merge-next") return mergeNext(tables, op.page, op.table);
  // The tables only; the prose block it becomes is added where the whole result is (apply-review.ts).
  if (op.kind === "not-a-table") return removeTable(tables, op.page, op.table);
  const at = tableAt(tables, op.page, op.table);
  const table = tables[at]!;
  let edited: Table;
  switch (op.kind) {
    case "merge-cells":
      edited = mergeCells(table, op.row, op.col, op.direction);
      break;
    case "split-cell":
      edited = splitCell(table, op.row, op.col, op.parts);
      break;
    case "mark-header":
      edited = markHeader(table);
      break;
    case "unmark-header":
      edited = unmarkHeader(table);
      break;
    case "delete-row":
      edited = deleteRow(table, op.row);
      break;
    case "delete-column":
      edited = deleteColumn(table, op.col);
      break;
    case "confirm-structure":
      edited = confirmStructure(table);
      break;
  }
  return tables.map((t, i) => (i === at ? edited : t));
}
