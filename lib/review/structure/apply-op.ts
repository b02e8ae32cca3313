// One structure edit applied to a result's tables: a new list, the input untouched. Throws a
// StructureError when the edit does not fit the tables as they stand. A table a person reshaped
// (or confirmed) loses its `alternatives`: they were other readings' shapes for the table as
// delivered, and a person has now said what its shape is.
import type { Table } from "../../result/schema";
import { mergeCells, splitCell } from "./cell-ops";
import { confirmStructure } from "./confirm-structure";
import { deleteColumn, deleteRow, markHeader, unmarkHeader } from "./row-ops";
import { tableAt } from "./table-shape";
import { mergeNext, splitTable } from "./table-ops";
import { removeTable } from "./not-a-table";
import { chooseAlternative } from "./alternatives";
import { acceptTextLayer } from "../bulk-accept";
import { StructureError, type StructureOp } from "./ops";

export function applyStructureOp(tables: Table[], op: StructureOp): Table[] {
  if (op.kind === "accept-text-layer") {
    const scope = op.page !== undefined && op.table !== undefined ? { page: op.page, table: op.table } : null;
    if (scope) tableAt(tables, scope.page, scope.table);
    const accepted = acceptTextLayer(tables, scope);
    if (accepted.settled === 0)
      throw new StructureError(`no queued cell ${scope ? "of this table" : "of this document"} has a text layer reading to accept`);
    return accepted.tables;
  }
  const reshaped = reshape(tables, op);
  // The tables the edit made or changed: the one it names, and the parts a split made after it.
  const made = op.kind === "split-table" ? 2 : op.kind === "choose-alternative" ? Math.max(1, reshaped.length - tables.length + 1) : 1;
  return reshaped.map((table) =>
    table.alternatives && table.page === op.page && table.index >= op.table && table.index < op.table + made
      ? withoutAlternatives(table)
      : table,
  );
}

function withoutAlternatives(table: Table): Table {
  const { alternatives: _alternatives, ...rest } = table;
  return rest;
}

function reshape(tables: Table[], op: Exclude<StructureOp, { kind: "accept-text-layer" }>): Table[] {
  if (op.kind === "choose-alternative") return chooseAlternative(tables, op.page, op.table, op.choice);
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
