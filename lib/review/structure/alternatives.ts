// A person picks one of the shapes the losing structure readings proposed for a table (the result's
// `alternatives`, recorded by the worker: worker/pipeline/reconcile/table-alternatives.ts). The
// shape is made with the same table edits a person can make by hand (split the table, merge with
// the next, the header taking the next row, the header line back to data), and then the structure
// of every table it leaves is confirmed: the person has said which shape the page shows, which
// settles every cell whose value no reading contradicts (confirm-structure.ts), the cells of the
// table's question. One stored edit, so one undo takes it all back.
import type { Table, TableAlternative } from "../../result/schema";
import { confirmStructure } from "./confirm-structure";
import { headerTakesNextRow } from "./header-down";
import { StructureError } from "./ops";
import { markHeader, unmarkHeader } from "./row-ops";
import { copyTable, finish, tableAt } from "./table-shape";
import { mergeNext, splitTable } from "./table-ops";

/** The alternative in words, for the question's numbered choice. */
export function alternativeText(alternative: TableAlternative): string {
  switch (alternative.kind) {
    case "split":
      return alternative.rows.length === 1
        ? `Two tables: a new one starts at row ${alternative.rows[0]! + 1}`
        : `${alternative.rows.length + 1} tables: new ones start at rows ${alternative.rows.map((row) => row + 1).join(", ")}`;
    case "merge-next":
      return "One table with the next one";
    case "header-down":
      return alternative.rows === 1
        ? "The header ends one row lower: row 1 is part of the header"
        : `The header ends ${alternative.rows} rows lower: rows 1-${alternative.rows} are part of the header`;
    case "no-header":
      return "No header: the header line is a row of data";
    case "band-span":
      return alternative.start_col === alternative.end_col
        ? `“${alternative.label}” is over column ${alternative.start_col + 1} only`
        : `“${alternative.label}” covers columns ${alternative.start_col + 1}-${alternative.end_col + 1}`;
  }
}

/** The table with one column band over other columns, confirmed: a person said where it goes. */
function withBandSpan(source: Table, alternative: Extract<TableAlternative, { kind: "band-span" }>): Table {
  const table = copyTable(source);
  const band = table.colbands?.[alternative.band];
  const width = Math.max(table.header_cells.length, ...table.rows.map((row) => row.length));
  if (!band || band.label !== alternative.label || alternative.start_col > alternative.end_col || alternative.end_col >= width)
    throw new StructureError("the column band this shape names is not in the table as it stands");
  table.colbands![alternative.band] = { ...band, start_col: alternative.start_col, end_col: alternative.end_col, confidence: "confirmed" };
  return finish(table);
}

/** Who proposed it, in words ("proposed by pdf-grid and pdf-tags"). */
export function proposedBy(alternative: TableAlternative): string {
  const names = alternative.by;
  return `proposed by ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`}`;
}

function replaceAt(tables: Table[], at: number, table: Table): Table[] {
  return tables.map((t, i) => (i === at ? table : t));
}

/** Confirms the structure of the table at `at`, where anything is left to confirm. */
function confirmAt(tables: Table[], at: number): Table[] {
  try {
    return replaceAt(tables, at, confirmStructure(tables[at]!));
  } catch (error) {
    if (error instanceof StructureError) return tables;
    throw error;
  }
}

/** The tables with alternative `choice` of the table at (page, index) applied and confirmed. */
export function chooseAlternative(source: Table[], page: number, index: number, choice: number): Table[] {
  const at = tableAt(source, page, index);
  const alternative = source[at]!.alternatives?.[choice];
  if (!alternative) throw new StructureError(`this table has no proposed shape ${choice + 1}`);
  let tables = source;
  let made = [at];
  switch (alternative.kind) {
    case "split": {
      // From the last split up, so the earlier rows keep their numbers.
      for (const row of [...alternative.rows].sort((a, b) => b - a)) tables = splitTable(tables, page, index, row);
      made = alternative.rows.map((_, k) => at + k + 1);
      made.unshift(at);
      break;
    }
    case "merge-next":
      tables = mergeNext(tables, page, index);
      break;
    case "header-down": {
      let table = tables[at]!;
      let rows = alternative.rows;
      if (!table.header_cells.length) {
        table = markHeader(table);
        rows -= 1;
      }
      for (let k = 0; k < rows; k++) table = headerTakesNextRow(table);
      tables = replaceAt(tables, at, table);
      break;
    }
    case "no-header":
      tables = replaceAt(tables, at, unmarkHeader(tables[at]!));
      break;
    case "band-span":
      tables = replaceAt(tables, at, withBandSpan(tables[at]!, alternative));
      break;
  }
  for (const i of made) tables = confirmAt(tables, i);
  return tables;
}
