import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import type { Result } from "../result/schema";
import { CSV_BOM, csvChunks, csvField, writeCsv } from "./csv";
import { TRICKY_VALUE, makeResult } from "./test-fixture";

/** A strict RFC 4180 reader: records of fields; a blank line is a record with one empty field. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      assert.equal(field, "", "a quote may only open a field");
      quoted = true;
      i += 1;
    } else if (c === ",") {
      record.push(field);
      field = "";
      i += 1;
    } else if (c === "\r") {
      assert.equal(text[i + 1], "\n", "line ends are CRLF");
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else {
      assert.notEqual(c, "\n", "no bare LF outside quotes");
      field += c;
      i += 1;
    }
  }
  assert.equal(quoted, false);
  assert.equal(field, "", "the file ends with CRLF");
  return records;
}

async function csvText(result: Result, bom?: boolean): Promise<string> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await writeCsv(result, sink, bom === undefined ? {} : { bom });
  return Buffer.concat(parts).toString("utf8");
}

test("csvField quotes commas, quotes, CR and LF only", () => {
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('say "x"'), '"say ""x"""');
  assert.equal(csvField("a\nb"), '"a\nb"');
  assert.equal(csvField("a\rb"), '"a\rb"');
  assert.equal(csvField(""), "");
});

test("csv round-trips every table in page order, one blank line between them", async () => {
  const text = await csvText(makeResult());
  assert.ok(text.startsWith(CSV_BOM), "starts with a BOM for Excel");
  const records = parseCsv(text.slice(1));
  assert.deepEqual(records, [
    ["Part", "Description", "Qty, pcs"],
    ["A-100", TRICKY_VALUE, "12"],
    ["", "Bolt M6", "007"],
    ["B-200", "  leading spaces", "1,250"],
    [""],
    // A formula is neutralised (csv-safe-field.ts): a spreadsheet shows it as text.
    ["'=SUM(A1)", "Größe – 10 µm"],
    ["", "0.50"],
  ]);
  assert.doesNotMatch(text, /disputed|unverified|confidence|Item/, "values only");
});

test("csv without BOM, padding ragged rows and marking an empty one-column row", async () => {
  const result = makeResult();
  const second = result.tables[0]!;
  second.rows.push([{ value: "only one", confidence: "verified", sources: [] }]);
  result.tables.push({
    ...second,
    page: 3,
    index: 0,
    rows: [[{ value: "", confidence: "verified", sources: [] }], [{ value: "x", confidence: "verified", sources: [] }]],
  });
  result.tables.push({ ...second, page: 3, index: 1, rows: [] });
  const text = await csvText(result, false);
  assert.ok(!text.startsWith(CSV_BOM));
  const records = parseCsv(text);
  assert.deepEqual(records.slice(5), [["'=SUM(A1)", "Größe – 10 µm"], ["", "0.50"], ["only one", ""], [""], [""], ["x"]]);
  // records: ..., the blank separator line, then the table of page 3: an empty value, then "x".
  assert.ok(text.endsWith('\r\n""\r\nx\r\n'), "an empty one-column record is written as a quoted empty field");
});

test("csvChunks is lazy and bounded", () => {
  const result = makeResult();
  const table = result.tables[1]!;
  table.rows = Array.from({ length: 5000 }, () => table.rows[2]!);
  const chunks = [...csvChunks(result)];
  assert.ok(chunks.length > 1);
  for (const chunk of chunks) assert.ok(chunk.length < 70 * 1024);
});
