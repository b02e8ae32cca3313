// CSV export: values only. Layout, so a reader can split it again:
//   - every table in order (page, then index); each table is its header line (when the table has a
//     header) followed by its body rows; tables are separated by exactly one blank line, and a table
//     with no header and no rows is left out (it would otherwise read as a second blank line);
//   - every record of a table has the table's width (its widest row or header), short rows padded
//     with empty fields, as RFC 4180 asks;
//   - colbands, captions, row_groups, confidence, sources and readings are not written: CSV cannot
//     express them and the data carries no remark about it (json, zip and xlsx carry everything);
//   - RFC 4180 quoting: a field containing a comma, a double quote, CR or LF is quoted and inner
//     quotes are doubled; a one-column record whose only value is empty is written as `""` so it
//     cannot be mistaken for the blank separator line;
//   - CRLF line ends, UTF-8.
// BOM: on by default. Excel decodes a UTF-8 CSV without a BOM as the local ANSI code page, so every
// accented or non-Latin value would come out garbled; with the BOM Excel, LibreOffice and pandas
// (read_csv strips it) all read it correctly. Callers that feed strict tools can pass bom: false.
// Formula injection: a field a spreadsheet would evaluate (leading =, +, -, @, tab or CR, except a
// plain number such as -12.5) is written with a single quote in front (csv-safe-field.ts); json
// and xlsx keep the raw value.
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Result, Table } from "../result/schema";
import { neutraliseFormula } from "./csv-safe-field";
import { headerValues, tableWidth, tablesInOrder } from "./tables-in-order";

export const CSV_BOM = "\uFEFF";
const CRLF = "\r\n";
/** Chunks are gathered to about this many characters before they are handed on. */
const CHUNK_CHARS = 64 * 1024;

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark (default true; see the note at the top). */
  bom?: boolean;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field, neutralised against formula injection, then quoted per RFC 4180 when it holds a
 * comma, a quote, CR or LF. */
export function csvField(raw: string): string {
  const value = neutraliseFormula(raw);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record of `width` fields (short input padded with empty fields), without the line end. */
export function csvRecord(values: readonly string[], width: number): string {
  if (width === 1 && (values[0] ?? "") === "") return '""';
  const fields: string[] = [];
  for (let col = 0; col < width; col++) fields.push(csvField(values[col] ?? ""));
  return fields.join(",");
}

function* tableLines(table: Table): Generator<string> {
  const width = tableWidth(table);
  const header = headerValues(table);
  if (header.length > 0) yield csvRecord(header, width) + CRLF;
  for (const row of table.rows) {
    yield (
      csvRecord(
        row.map((cell) => cell.value),
        width,
      ) + CRLF
    );
  }
}

/** The CSV as string chunks of about 64K characters; lazy, so memory stays bounded. */
export function* csvChunks(result: Result, options: CsvOptions = {}): Generator<string> {
  let buffer = options.bom === false ? "" : CSV_BOM;
  let isFirstTable = true;
  for (const table of tablesInOrder(result.tables)) {
    if (table.rows.length === 0 && headerValues(table).length === 0) continue;
    if (!isFirstTable) buffer += CRLF;
    isFirstTable = false;
    for (const line of tableLines(table)) {
      buffer += line;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = "";
      }
    }
  }
  if (buffer.length > 0) yield buffer;
}

/** The CSV as a byte stream (UTF-8). */
export function csvStream(result: Result, options: CsvOptions = {}): Readable {
  return Readable.from(
    (function* () {
      for (const chunk of csvChunks(result, options)) yield Buffer.from(chunk, "utf8");
    })(),
    { objectMode: false },
  );
}

/** Writes the CSV into `out` and ends it; resolves once everything is flushed. */
export async function writeCsv(result: Result, out: Writable, options: CsvOptions = {}): Promise<void> {
  await pipeline(csvStream(result, options), out);
}
