// The upload's kind from its bytes: images and spreadsheets by signature (a TIFF also when its
// first directory lies beyond the sample, where libtiff writes it), a CSV by its text, prose and
// other bytes unrecognised, whatever the name.
import assert from "node:assert/strict";
import { test } from "node:test";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { csvBytes, tablePhotoPng, tiffOfImages } from "../../tests/inputs/make-inputs";
import { sniffFormat } from "./sniff-format";

const source = (bytes: Uint8Array) => ({
  size: bytes.length,
  read: async (begin: number, end: number) => bytes.subarray(begin, Math.min(end, bytes.length)),
  close: async () => undefined,
});

test("images, spreadsheets and CSV by their bytes; readable says whether the pipeline reads them", async () => {
  const png = await tablePhotoPng();
  const tiff = await tiffOfImages([png, await tablePhotoPng({ seed: 3 })]);
  // The TIFF's first directory sits after its pixels, past the 64 kB sample.
  assert.ok(Buffer.from(tiff).readUInt32LE(4) > 64 * 1024, "the generated TIFF has its directory at the end");
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("s").addRow(["a", 1]);
  const cases: [string, Uint8Array, object][] = [
    ["png", png, { kind: "image", format: "png", label: "PNG image", readable: true }],
    ["jpeg", await sharp(png).jpeg().toBuffer(), { kind: "image", format: "jpeg", label: "JPEG image", readable: true }],
    ["webp", await sharp(png).webp().toBuffer(), { kind: "image", format: "webp", label: "WebP image", readable: true }],
    ["tiff", tiff, { kind: "image", format: "tiff", label: "TIFF image", readable: true }],
    [
      "xlsx",
      new Uint8Array(await workbook.xlsx.writeBuffer()),
      { kind: "spreadsheet", format: "xlsx", label: "XLSX spreadsheet", readable: true },
    ],
    ["csv utf-16", csvBytes("utf-16le"), { kind: "spreadsheet", format: "csv", label: "CSV spreadsheet", readable: true }],
    ["csv latin-1, tabs", csvBytes("latin1", "\t"), { kind: "spreadsheet", format: "csv", label: "CSV spreadsheet", readable: true }],
  ];
  for (const [label, bytes, expected] of cases) assert.deepEqual(await sniffFormat(source(bytes)), expected, label);
});

test("prose and random bytes are unrecognised; a PDF is a PDF", async () => {
  assert.deepEqual(
    await sniffFormat(source(Buffer.from("Dear Sam,\nThanks for the figures, they helped a lot.\nSee you next week, as planned.\n"))),
    { kind: "unrecognised" },
  );
  assert.deepEqual(await sniffFormat(source(Buffer.from([0, 19, 55, 255, 16, 32, 0, 153]))), { kind: "unrecognised" });
  assert.deepEqual(await sniffFormat(source(Buffer.from("%PDF-1.7\n%...\n"))), { kind: "pdf" });
});
