// A CSV as one sheet: its encoding (byte-order mark, else UTF-8 when valid, else Latin-1) and
// delimiter (comma, semicolon or tab) found as the upload's sniffing finds them (lib/upload/
// csv-text.ts), its fields as written. A CSV marks no header (no bold, no frozen rows), so its
// first row is a body row like the others: the file cannot say it is a header.
import { decodeText, detectDelimiter, parseDelimited, type CsvDelimiter, type CsvEncoding } from "../../../lib/upload/csv-text";
import type { SheetGrid } from "./sheet-grid";
import { InputRefusedError } from "./input-error";

export class CsvInputError extends InputRefusedError {}

export function readCsv(bytes: Uint8Array, sheetName: string): { grid: SheetGrid; encoding: CsvEncoding; delimiter: CsvDelimiter } {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  if (!delimiter) throw new CsvInputError("the CSV's rows do not have the same number of fields on any delimiter (comma, semicolon, tab)");
  const records = parseDelimited(text, delimiter);
  // Rows after the sampled ones may be ragged: the grid is as wide as the widest.
  const width = records.reduce((widest, r) => Math.max(widest, r.length), 0);
  const rows = records.map((record) => Array.from({ length: width }, (_, c) => ({ text: record[c] ?? "" })));
  return { grid: { name: sheetName, rows, merges: [], headerRows: 0 }, encoding, delimiter };
}
