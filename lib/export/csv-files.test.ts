// The CSV export's layout: one file per table, a zip of them named like the xlsx sheets when
// there are several, band-qualified column names.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import yauzl from "yauzl";
import type { Result } from "../result/schema";
import { CSV_BOM } from "./csv";
import { bandQualifiedHeader, csvExportIsZip, csvFiles, writeCsvExport } from "./csv-files";
import { exportFileKind } from "./index";
import { TRICKY_VALUE, makeResult } from "./test-fixture";

async function exported(result: Result, bom?: boolean): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await writeCsvExport(result, sink, bom === undefined ? {} : { bom });
  return Buffer.concat(parts);
}

async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const parts: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => parts.push(chunk));
        stream.on("end", () => {
          files.set(entry.fileName, Buffer.concat(parts).toString("utf8"));
          zip.readEntry();
        });
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return files;
}

test("several tables: a zip of one CSV per table, named like the xlsx sheets, bands in the column names", async () => {
  const result = makeResult();
  assert.equal(csvExportIsZip(result), true);
  assert.deepEqual(exportFileKind("csv", result), { contentType: "application/zip", extension: "zip" });
  const files = await unzip(await exported(result));
  assert.deepEqual([...files.keys()], ["Table 1 on page 1.csv", "Table 1 on page 2.csv"]);
  const first = files.get("Table 1 on page 1.csv")!;
  assert.ok(first.startsWith(CSV_BOM));
  // The band "Item" spans the first two columns.
  assert.equal(
    first.slice(1),
    `Item / Part,Item / Description,"Qty, pcs"\r\nA-100,"${TRICKY_VALUE.replaceAll('"', '""')}",12\r\n,Bolt M6,007\r\nB-200,  leading spaces,"1,250"\r\n`,
  );
  // A field a spreadsheet would evaluate is written with a quote in front (csv-safe-field.ts).
  assert.equal(files.get("Table 1 on page 2.csv")!.slice(1), "'=SUM(A1),Größe – 10 µm\r\n,0.50\r\n");
  assert.doesNotMatch([...files.values()].join(""), /disputed|unverified|confidence/, "values only");
});

test("one table: one CSV file; no table: a BOM alone; an empty table is no file", async () => {
  const result = makeResult();
  result.tables = [result.tables[1]!, { ...result.tables[0]!, page: 5, rows: [], header: [], header_cells: [] }];
  assert.equal(csvExportIsZip(result), false);
  assert.deepEqual(exportFileKind("csv", result), { contentType: "text/csv; charset=utf-8", extension: "csv" });
  const text = (await exported(result, false)).toString("utf8");
  assert.ok(text.startsWith("Item / Part,"));
  assert.equal(text.split("\r\n").length, 5);
  assert.equal((await exported({ ...result, tables: [] })).toString("utf8"), CSV_BOM);
  assert.deepEqual(exportFileKind("xlsx", result).extension, "xlsx");
});

test("band-qualified names: outer bands first, a column with no name under a band takes the band's", () => {
  const table = makeResult().tables[1]!;
  table.colbands = [
    { label: "Men", start_col: 1, end_col: 1 },
    { label: "All", start_col: 0, end_col: 2 },
  ];
  table.header_cells = table.header_cells.map((cell, col) => (col === 1 ? { ...cell, value: "" } : cell));
  assert.deepEqual(bandQualifiedHeader(table), ["All / Part", "All / Men", "All / Qty, pcs"]);
  // Two tables with the same sheet name stay apart.
  const twins = makeResult();
  twins.tables = [twins.tables[1]!, { ...twins.tables[1]! }];
  assert.deepEqual(
    csvFiles(twins).map((f) => f.name),
    ["Table 1 on page 1.csv", "Table 1 on page 1 (2).csv"],
  );
});
