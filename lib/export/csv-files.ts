// The CSV export's file layout: one CSV file per table. A single table is one .csv; several come
// as a .zip of CSV files named like the xlsx sheets ("Table 1 on page 3.csv"), so each opens as a
// table of its own in a spreadsheet or pandas (one file with tables separated by blank lines had
// to be split by hand, and its tables had no names). Column bands are not lost: a column under a
// band is named with the band's label before its own ("Employment / Men"), outer bands first.
// Each file is values only, with the records and quoting of csv.ts (its field writer is used as
// it is), a UTF-8 BOM for Excel unless asked not to, CRLF line ends.
import { PassThrough, Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import type { Result, Table } from "../result/schema";
import { CSV_BOM, csvRecord, type CsvOptions } from "./csv";
import { headerValues, tableWidth, tablesInOrder } from "./tables-in-order";
import { tableSheetName, uniqueSheetName } from "./sheet-names";

const CRLF = "\r\n";
/** Chunks are gathered to about this many characters before they are handed on. */
const CHUNK_CHARS = 64 * 1024;
/** Between a band's label and the name under it. */
export const BAND_SEPARATOR = " / ";

export interface CsvFile {
  /** The file's name: the xlsx sheet name of the table, with ".csv". */
  name: string;
  table: Table;
}

/** The tables that make a file (one with neither header nor rows is left out), in page order,
 * each named as its xlsx sheet is. */
export function csvFiles(result: Pick<Result, "tables">): CsvFile[] {
  const used = new Set<string>();
  return tablesInOrder(result.tables)
    .filter((table) => table.rows.length > 0 || headerValues(table).length > 0)
    .map((table) => ({ name: `${uniqueSheetName(tableSheetName(table), used)}.csv`, table }));
}

/** Whether the CSV export of `result` is a zip (two or more tables) rather than one CSV file. */
export function csvExportIsZip(result: Pick<Result, "tables">): boolean {
  return csvFiles(result).length > 1;
}

/** The header names with the labels of the bands over each column before them, outer (wider)
 * bands first: ["Employment / Men", "Employment / Women", "Total"]. Empty when the table has
 * neither header names nor bands. */
export function bandQualifiedHeader(table: Table): string[] {
  const names = headerValues(table);
  const bands = [...(table.colbands ?? [])].sort(
    (a, b) => b.end_col - b.start_col - (a.end_col - a.start_col) || a.start_col - b.start_col,
  );
  if (names.length === 0 && bands.length === 0) return [];
  const width = tableWidth(table);
  return Array.from({ length: width }, (_, col) => {
    const labels = bands
      .filter((band) => band.start_col <= col && col <= band.end_col && band.label.trim() !== "")
      .map((band) => band.label.trim());
    const own = (names[col] ?? "").trim() === "" ? [] : [names[col]!];
    return [...labels, ...own].join(BAND_SEPARATOR);
  });
}

/** One table's CSV as string chunks of about 64K characters; lazy, so memory stays bounded. */
export function* tableCsvChunks(table: Table, options: CsvOptions = {}): Generator<string> {
  let buffer = options.bom === false ? "" : CSV_BOM;
  const width = tableWidth(table);
  const header = bandQualifiedHeader(table);
  if (header.length > 0) buffer += csvRecord(header, width) + CRLF;
  for (const row of table.rows) {
    buffer +=
      csvRecord(
        row.map((cell) => cell.value),
        width,
      ) + CRLF;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer.length > 0) yield buffer;
}

function tableCsvStream(table: Table | null, options: CsvOptions): Readable {
  return Readable.from(
    (function* () {
      if (table) for (const chunk of tableCsvChunks(table, options)) yield Buffer.from(chunk, "utf8");
      else if (options.bom !== false) yield Buffer.from(CSV_BOM, "utf8");
    })(),
    { objectMode: false },
  );
}

/** Writes the CSV export into `out` and ends it: the one table's CSV (a BOM alone when there is
 * no table), or a zip of one CSV per table. */
export async function writeCsvExport(result: Pick<Result, "tables">, out: Writable, options: CsvOptions = {}): Promise<void> {
  const files = csvFiles(result);
  if (files.length <= 1) {
    await pipeline(tableCsvStream(files[0]?.table ?? null, options), out);
    return;
  }
  const zip = new yazl.ZipFile();
  for (const file of files)
    zip.addReadStreamLazy(file.name, (callback) => callback(null, tableCsvStream(file.table, options).pipe(new PassThrough())));
  zip.end();
  await pipeline(zip.outputStream, out);
}
