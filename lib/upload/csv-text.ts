// Delimited text (CSV): how its bytes decode, which delimiter it uses, its records, and whether it
// is a table at all. Shared by the upload's format sniffing (is this a CSV?) and the spreadsheet
// reader (worker/pipeline/inputs/read-csv.ts), so both decide the same way.
//
// A CSV has no signature, so "is it a CSV" is a judgement on the text. What a careful user
// expects: an export from a spreadsheet or a database is a CSV; a letter, notes or a README saved
// as .txt is not, even when its lines happen to hold the same number of commas. So a text is a
// CSV when its records split into the same number (>= 2) of fields on one delimiter AND it does
// not read like prose (CSV_TEXT below says how that is judged and where the values came from).

export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "latin1";
export const CSV_DELIMITERS = [",", ";", "\t"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export const CSV_TEXT = {
  /** Records looked at to choose the delimiter and judge the text (an export's first 100 rows are
   * representative; more only costs time at submission). */
  sampleRecords: 100,
  /** Prose: a share of records at least this ending in a sentence stop after a lower-case word
   * ("... it helped."), or of fields
   * after the first starting with a space and a lower-case word (", and the", "; which"). Tuned on
   * the generated families in csv-text.test.ts: prose sentences score 0.6-1.0 on one or the
   * other, exports of figures and names 0-0.1 (a number ends in a digit; a field after a
   * delimiter starts with a digit, a quote, a capital or no space). */
  proseShare: 0.5,
} as const;

/** Decodes bytes by their byte-order mark (UTF-8, UTF-16 LE/BE), else as UTF-8 when they are valid
 * UTF-8, else as Latin-1 (Windows-1252, what spreadsheets save "ANSI" CSV in; every byte decodes). */
export function decodeText(bytes: Uint8Array, { partial = false } = {}): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  try {
    // A sample cut mid-character must not turn a UTF-8 file into Latin-1: decode in stream mode.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: partial });
    return { text, encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "latin1" };
  }
}

/** RFC 4180 records: fields split on `delimiter`, double quotes around a field that holds the
 * delimiter, a quote (doubled) or a line break. Lines that are empty are dropped. `complete`
 * false: the text may end mid-record (a sample), so its last record is dropped. */
export function parseDelimited(text: string, delimiter: CsvDelimiter, { complete = true, limit = Infinity } = {}): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
    field = "";
  };
  while (i < text.length && records.length < limit) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = "";
    } else if (ch === "\r" || ch === "\n") {
      endRecord();
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
    } else field += ch;
    i += 1;
  }
  // A text ending without a line break ends its last record; a sample's last record may be cut.
  if (complete && records.length < limit && (field !== "" || record.length > 0 || quoted)) endRecord();
  return records;
}

/** The delimiter whose records all have the same number (>= 2) of fields, preferring the one that
 * gives the most fields (a semicolon CSV of decimals with commas splits unevenly on commas). */
export function detectDelimiter(text: string, complete = true): CsvDelimiter | null {
  let best: { delimiter: CsvDelimiter; fields: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const records = parseDelimited(text, delimiter, { complete, limit: CSV_TEXT.sampleRecords });
    if (records.length < 2) continue;
    const fields = records[0]!.length;
    if (fields < 2 || records.some((r) => r.length !== fields)) continue;
    if (!best || fields > best.fields) best = { delimiter, fields };
  }
  return best?.delimiter ?? null;
}

/** True when the records read like sentences rather than a table (see CSV_TEXT.proseShare). */
export function readsLikeProse(records: readonly string[][]): boolean {
  if (records.length === 0) return false;
  // A sentence ends in a lower-case word and a stop ("...it helped."); a name does not ("Acme Inc.").
  const sentenceEnds = records.filter((r) => /(^|\s)[a-z][a-z'-]*[.!?]["')]?$/.test(r[r.length - 1]!.trim())).length;
  const later = records.flatMap((r) => r.slice(1));
  const clauses = later.filter((f) => /^\s+[a-z]+\s+\S/.test(f)).length;
  return sentenceEnds / records.length >= CSV_TEXT.proseShare || (later.length > 0 && clauses / later.length >= CSV_TEXT.proseShare);
}

/** Control characters no text file holds (tab, line breaks and form feed aside). */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const BINARY = /[\x00-\x08\x0B\x0E-\x1F\uFFFD]/;

/** Whether `sample` (the file's first bytes; `complete`: the whole file) is a CSV, and how to read
 * it. */
export function sniffCsv(sample: Uint8Array, complete: boolean): { encoding: CsvEncoding; delimiter: CsvDelimiter } | null {
  const { text, encoding } = decodeText(sample, { partial: !complete });
  if (BINARY.test(text)) return null;
  const delimiter = detectDelimiter(text, complete);
  if (!delimiter) return null;
  if (readsLikeProse(parseDelimited(text, delimiter, { complete, limit: CSV_TEXT.sampleRecords }))) return null;
  return { encoding, delimiter };
}
