// What a structure button or key asks the server for, given the selected cell: the edit, what to
// tell the reviewer when it is made and which cell to keep selected after it; or why it cannot be
// made from here (said before anything is sent); or, for a split, the parts to ask for. Pure.
import type { Table } from "@/lib/result/schema";
import { textLayerCandidates, type BulkScope } from "@/lib/review/bulk-accept";
import type { StructureChoice, StructureItem } from "@/lib/review/structure-items";
import { guessParts } from "@/lib/review/structure/cell-ops";
import type { StructureOpInput } from "@/lib/review/structure/ops";
import type { StructureCommand } from "./key-map";
import type { Selection } from "./selection";

export type StructureRequest =
  | { kind: "send"; op: StructureOpInput; done: string; keep?: string }
  | { kind: "warn"; text: string }
  | { kind: "ask-parts"; draft: string };

export function structureRequest(action: StructureCommand, current: Selection): StructureRequest {
  const { page: p, table: t, row, col } = current.parsed;
  const at = { page: p, table: t };
  const header = row === "h";
  const warn = (text: string): StructureRequest => ({ kind: "warn", text });
  switch (action) {
    case "merge-right":
      return {
        kind: "send",
        op: { kind: "merge-cells", ...at, row, col, direction: "right" },
        done: header
          ? "Merged the header cell with the one to its right: one label over both columns."
          : "Merged the cell with the one to its right.",
      };
    case "merge-down":
      if (header)
        return {
          kind: "send",
          op: { kind: "merge-cells", ...at, row, col, direction: "down" },
          done: "The row below is part of the header now (a label over empty header cells became a band over the names below it).",
        };
      return { kind: "send", op: { kind: "merge-cells", ...at, row, col, direction: "down" }, done: "Merged the cell with the one below." };
    case "split-cell":
      return { kind: "ask-parts", draft: guessParts(current.cell.value).join(" | ") };
    case "toggle-header":
      if (header)
        return {
          kind: "send",
          op: { kind: "unmark-header", ...at },
          done: "The header row is a data row now.",
          keep: `${p}:${t}:0:${col}`,
        };
      if (current.table.header_cells.length)
        return warn("This table already has a header row: select it and press H to make it a data row first.");
      if (row !== 0) return warn("Only the first row can become the header row; delete the rows above it first.");
      return { kind: "send", op: { kind: "mark-header", ...at }, done: "The first row is the header row now.", keep: `${p}:${t}:h:${col}` };
    case "split-table":
      if (header || row === 0) return warn("Select a cell in the row the new table starts with (not the first row).");
      return {
        kind: "send",
        op: { kind: "split-table", ...at, row },
        done: `Split the table: row ${row + 1} on is table ${t + 2} now.`,
        keep: `${p}:${t + 1}:0:${col}`,
      };
    case "merge-next":
      return { kind: "send", op: { kind: "merge-next", ...at }, done: "Merged the table with the next one." };
    case "delete-row":
      return {
        kind: "send",
        op: { kind: "delete-row", ...at, row },
        done: `Deleted ${header ? "the header row" : `row ${row + 1}`}.`,
        keep: keepAfterDeletingRow(current),
      };
    case "delete-column":
      return {
        kind: "send",
        op: { kind: "delete-column", ...at, col },
        done: `Deleted column ${col + 1}.`,
        keep: keepAfterDeletingColumn(current),
      };
    case "confirm-structure":
      return {
        kind: "send",
        op: { kind: "confirm-structure", ...at },
        done: `Confirmed the structure of table ${t + 1} on page ${p}: its cells are confirmed, except those whose readings disagree about the value.`,
      };
  }
}

// After a delete the selected cell is gone; without a cell to keep, the page would jump to the
// first cell of the queue, often on another page. The reviewer stays where they were instead: on
// the row that moved up into the deleted one's place (the last row when the last was deleted),
// the first body row after the header row, or the column that moved left (the last column when
// the last was deleted). Undefined when nothing of the table is left there to select.

/** The cell to select after deleting the selected cell's row. */
export function keepAfterDeletingRow(current: Selection): string | undefined {
  const { page, table, row, col } = current.parsed;
  const rows = current.table.rows.length;
  if (row === "h") return rows > 0 ? `${page}:${table}:0:${col}` : undefined;
  if (rows > 1) return `${page}:${table}:${Math.min(row, rows - 2)}:${col}`;
  return current.table.header_cells.length ? `${page}:${table}:h:${col}` : undefined;
}

/** The cell to select after deleting the selected cell's column. */
export function keepAfterDeletingColumn(current: Selection): string | undefined {
  const { page, table, row, col } = current.parsed;
  const columns = current.table.header_cells.length || current.table.rows[0]?.length || 0;
  return columns > 1 ? `${page}:${table}:${row}:${Math.min(col, columns - 2)}` : undefined;
}

/** The split of the selected cell into the parts typed ("a | b | c"). */
export function splitRequest(current: Selection, typed: string): StructureRequest {
  const { page, table, row, col } = current.parsed;
  const parts = typed.split("|").map((part) => part.trim());
  return { kind: "send", op: { kind: "split-cell", page, table, row, col, parts }, done: `Split the cell into ${parts.length} parts.` };
}

/** What a numbered answer of a table question asks the server for (structure-questions.tsx; the
 * number keys on a cell of the question). Every answer settles the question's cells at once. */
export function choiceRequest(item: StructureItem, choice: StructureChoice): StructureRequest {
  const [page, table] = item.table.split(":").map(Number) as [number, number];
  const name = `table ${table + 1} on page ${page}`;
  switch (choice.kind) {
    case "as-shown":
      return {
        kind: "send",
        op: { kind: "confirm-structure", page, table },
        done: `Confirmed the structure of ${name}: its cells are confirmed, except those whose readings disagree about the value.`,
        keep: item.cells[0],
      };
    case "alternative":
      return {
        kind: "send",
        op: { kind: "choose-alternative", page, table, choice: choice.index },
        done: `${choice.label} (${choice.by}): made and confirmed for ${name}; U undoes it.`,
        keep: item.cells[0],
      };
    case "not-a-table":
      return {
        kind: "send",
        op: { kind: "not-a-table", page, table, as: choice.as },
        done:
          choice.as === "figure"
            ? `${capitalise(name)} is a figure now: the region of the page, in the same place; its text is no longer delivered.`
            : `${capitalise(name)} is text now: its words are a paragraph of the page, in the same place.`,
      };
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Bulk acceptance of the text layer's reading for the selected cell's table, or every table. */
export function bulkRequest(tables: Table[], scope: BulkScope): StructureRequest {
  const count = textLayerCandidates(tables, scope).length;
  const where = scope ? `table ${scope.table + 1} on page ${scope.page}` : "this document";
  if (count === 0) return { kind: "warn", text: `No queued cell of ${where} has a text layer reading to accept.` };
  return {
    kind: "send",
    op: scope ? { kind: "accept-text-layer", page: scope.page, table: scope.table } : { kind: "accept-text-layer" },
    done: `Accepted the text layer's reading for ${count} cell${count === 1 ? "" : "s"} of ${where}; U undoes it.`,
  };
}

/** What an undo of `op` takes back, as the end of "the tables are back as they were before …". */
export function undoneWhat(op: StructureOpInput): string {
  const where =
    "page" in op && op.page !== undefined && "table" in op && op.table !== undefined ? `table ${op.table + 1} on page ${op.page}` : null;
  switch (op.kind) {
    case "accept-text-layer":
      return `you accepted the text layer's reading for ${where ?? "the document"}`;
    case "confirm-structure":
      return `you confirmed the structure of ${where ?? "the table"}`;
    case "choose-alternative":
      return `you chose a proposed shape for ${where ?? "the table"}`;
    case "not-a-table":
      return `you marked ${where ?? "the table"} as ${op.as === "figure" ? "a figure" : "text"}`;
    default:
      return "your last structure change";
  }
}
