// Sheet and file names for a result's tables, shared by the xlsx export (its sheets) and the CSV
// export (its files), which names them alike; kept apart from xlsx.ts so the CSV export does not
// load exceljs.
import type { Table } from "../result/schema";
import { tableName } from "../result/table-name";

const SHEET_NAME_MAX = 31;

/**
 * A sheet name Excel accepts: at most 31 characters, none of []:*?/\, no leading or trailing
 * apostrophe, unique without regard to case. `used` holds the lower-cased names already taken.
 */
export function uniqueSheetName(wanted: string, used: Set<string>): string {
  let base =
    wanted
      .replace(/[[\]:*?/\\]/g, "_")
      .replace(/^'+|'+$/g, "")
      .trim() || "sheet";
  base = base.slice(0, SHEET_NAME_MAX);
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = base.slice(0, SHEET_NAME_MAX - suffix.length) + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}

export function tableSheetName(table: Pick<Table, "page" | "index" | "sheet">): string {
  // A spreadsheet's table keeps its sheet's name; a PDF's is named by its place.
  return table.sheet ?? tableName(table);
}
