import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  STATELESS_EXPORT_FORMATS,
  UnsupportedExportFormatError,
  asciiFileName,
  contentDisposition,
  exportFileName,
  parseExportFormat,
  writeExport,
} from "./index";
import { makeResult } from "./test-fixture";

test("parseExportFormat accepts the offered formats only", () => {
  assert.equal(parseExportFormat("xlsx"), "xlsx");
  assert.equal(parseExportFormat(" ZIP "), "zip");
  assert.equal(parseExportFormat("csv", STATELESS_EXPORT_FORMATS), "csv");
  for (const [value, allowed] of [
    ["json", STATELESS_EXPORT_FORMATS],
    ["zip", STATELESS_EXPORT_FORMATS],
    ["pdf", EXPORT_FORMATS],
    [null, EXPORT_FORMATS],
  ] as const) {
    assert.throws(
      () => parseExportFormat(value, allowed),
      (error: Error) => {
        assert.ok(error instanceof UnsupportedExportFormatError);
        assert.equal(error.status, 400);
        assert.match(error.message, new RegExp(allowed.join(", ")));
        return true;
      },
    );
  }
});

test("download names come from the uploaded name", () => {
  assert.equal(exportFileName("Q3 report.pdf", "xlsx"), "Q3 report.xlsx");
  assert.equal(exportFileName("C:\\docs\\Größe.PDF", "csv"), "Größe.csv");
  assert.equal(exportFileName("../../etc/passwd", "json"), "passwd.json");
  assert.equal(exportFileName("", "zip"), "result.zip");
  assert.equal(exportFileName(null, "zip"), "result.zip");
  assert.equal(exportFileName("a\u0000b\nc.pdf", "csv"), "abc.csv");
  assert.equal(asciiFileName("Größe – Übersicht.pdf", "xlsx"), "Gro_e _ Ubersicht.xlsx");
  assert.equal(asciiFileName('日本語 "x".pdf', "csv"), "x.csv");
  assert.equal(asciiFileName("日本語.pdf", "csv"), "result.csv");
});

test("Content-Disposition carries an ASCII filename and the exact RFC 5987 one", () => {
  assert.equal(contentDisposition("Q3 report.pdf", "xlsx"), `attachment; filename="Q3 report.xlsx"; filename*=UTF-8''Q3%20report.xlsx`);
  assert.equal(
    contentDisposition("Größe (v2)'s.pdf", "csv"),
    `attachment; filename="Gro_e (v2)_s.csv"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%28v2%29%27s.csv`,
  );
  const header = contentDisposition('evil";\r\nX-Injected: 1.pdf', "json");
  assert.doesNotMatch(header, /[\r\n]/);
  assert.equal(header.split('"').length, 3, "no quote inside the quoted name");
});

test("writeExport writes each format; content types are set", async () => {
  for (const format of ["xlsx", "csv", "json"] as const) {
    const parts: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        done();
      },
    });
    await writeExport(format, makeResult(), sink);
    const bytes = Buffer.concat(parts);
    assert.ok(bytes.length > 0, format);
    if (format === "xlsx") assert.equal(bytes.subarray(0, 2).toString(), "PK");
    if (format === "json") assert.deepEqual(JSON.parse(bytes.toString("utf8")), makeResult());
    assert.ok(EXPORT_CONTENT_TYPES[format]);
  }
});
