// One name for a table everywhere a person meets it: the result page, the xlsx sheet and the
// docs. Pages and tables count from 1 in words; the JSON's `index` counts from 0, so
// "Table 1 on page 3" is the table with `page: 3, index: 0`.
import type { Table } from "./schema";

export function tableName(table: Pick<Table, "page" | "index">): string {
  return `Table ${table.index + 1} on page ${table.page}`;
}
