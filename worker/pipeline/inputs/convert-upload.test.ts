// The input layer on generated files: a workbook's visible sheets become tables of exact values
// as shown (formats, merges, frozen header, hidden sheet and row left out, formulas), CSVs in three
// encodings read alike, image frames become pages sized by their resolution and turned upright by
// EXIF, and an image past the pixel limit is refused from its header.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { PDFDocument } from "pdf-lib";
import { resultSchema } from "../../../lib/result/schema";
import { bombPng, CSV_ROWS, csvBytes, multiFrameTiff, tablePhotoPng, WORKBOOK, workbookXlsx } from "../../../tests/inputs/make-inputs";
import { convertUpload } from "./convert-upload";
import { InputRefusedError } from "./input-error";

const xlsxFormat = { kind: "spreadsheet", format: "xlsx" } as const;
const csvFormat = { kind: "spreadsheet", format: "csv" } as const;
const options = { maxPages: 500, sheetName: "upload" };

test("an XLSX: each visible sheet a table on its own page, values as shown, exact from source-data", async () => {
  const converted = await convertUpload(await workbookXlsx(), xlsxFormat, options);
  assert.equal(converted.documentPages, 2, "the hidden sheet is not a page");
  assert.equal(converted.pages, 2);
  const sheets = converted.sheets!;
  resultSchema.parse({ tables: sheets.tables, prose: [], images: [], pages: sheets.pages });
  assert.deepEqual(
    sheets.tables.map((t) => [t.page, t.sheet]),
    [
      [1, WORKBOOK.sheet],
      [2, WORKBOOK.secondSheet],
    ],
  );
  const sales = sheets.tables[0]!;
  // The frozen first row is the header; the Notes sheet marks none, so it has none.
  assert.deepEqual(sales.header, WORKBOOK.header);
  assert.ok(sales.header_cells.every((c) => c.confidence === "exact" && c.sources.join() === "source-data"));
  assert.deepEqual(sheets.tables[1]!.header, []);
  assert.deepEqual(
    sheets.tables[1]!.rows.map((r) => r.map((c) => c.value)),
    [
      ["Plain", "sheet"],
      ["no", "header"],
    ],
  );
  assert.deepEqual(
    sales.rows.map((r) => r.map((c) => c.value)),
    WORKBOOK.rows.map((r) => r.map((v) => (v.startsWith("=") ? "" : v))),
  );
  assert.deepEqual(sales.span_grid, [WORKBOOK.merge]);
  for (const [r, row] of sales.rows.entries()) {
    for (const [c, cell] of row.entries()) {
      const formula = WORKBOOK.rows[r]![c]!.startsWith("=");
      assert.equal(cell.confidence, formula ? "unverified" : "exact", `row ${r} col ${c}`);
      assert.deepEqual(cell.sources, ["source-data"]);
      if (formula) assert.deepEqual(cell.readings, { "source-data": WORKBOOK.rows[r]![c] });
      else assert.equal(cell.readings, undefined);
      assert.ok(cell.bbox, "every cell has its box on the drawn sheet");
    }
  }
  // Nothing of the hidden row or the hidden sheet anywhere.
  const everything = JSON.stringify(sheets);
  assert.ok(!everything.includes("Hidden row") && !everything.includes("deliver"));
  // The merged cell's box spans both columns; boxes sit inside their page.
  const merged = sales.rows[2]![0]!.bbox!;
  assert.equal(merged[2], sales.rows[2]![1]!.bbox![2]);
  for (const [i, table] of sheets.tables.entries()) {
    const page = sheets.pages[i]!;
    assert.ok(table.bbox![2] <= page.width && table.bbox![3] <= page.height);
  }
  const pdf = await PDFDocument.load(converted.pdf);
  assert.deepEqual(
    pdf.getPages().map((p) => [Math.round(p.getWidth() * 100) / 100, Math.round(p.getHeight() * 100) / 100]),
    sheets.pages.map((p) => [p.width, p.height]),
  );
});

test("a bold first row over plain rows is a header; a bold first row alone, or all rows bold, is not", async () => {
  const make = async (boldRows: number[], rows = 3) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("S");
    for (let r = 1; r <= rows; r++) {
      const row = sheet.addRow([`name ${r}`, r * 10]);
      if (boldRows.includes(r)) row.font = { bold: true };
    }
    const converted = await convertUpload(new Uint8Array(await workbook.xlsx.writeBuffer()), xlsxFormat, options);
    return converted.sheets!.tables[0]!;
  };
  assert.deepEqual((await make([1])).header, ["name 1", "10"]);
  assert.deepEqual((await make([])).header, []);
  assert.deepEqual((await make([1, 2, 3])).header, []);
  assert.deepEqual((await make([1], 1)).header, []);
});

test("CSVs in UTF-8, UTF-16 with BOM and Latin-1, with semicolons, commas or tabs, read alike", async () => {
  for (const encoding of ["utf-8", "utf-16le", "latin1"] as const) {
    for (const delimiter of [";", "\t"]) {
      const converted = await convertUpload(csvBytes(encoding, delimiter), csvFormat, { ...options, sheetName: "cities" });
      const table = converted.sheets!.tables[0]!;
      assert.equal(table.sheet, "cities");
      // A CSV marks no header: its first row is a body row.
      assert.deepEqual(table.header, []);
      assert.deepEqual(
        table.rows.map((r) => r.map((c) => c.value)),
        CSV_ROWS,
        `${encoding} ${JSON.stringify(delimiter)}`,
      );
      assert.ok(table.rows.flat().every((c) => c.confidence === "exact" && c.sources.join() === "source-data"));
    }
  }
});

test("ODS, and a workbook without a visible value, are refused with a reason", async () => {
  await assert.rejects(
    convertUpload(new Uint8Array([1, 2, 3]), { kind: "spreadsheet", format: "ods" }, options),
    (e: Error) => e instanceof InputRefusedError && /XLSX or CSV/.test(e.message),
  );
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Empty");
  const hidden = workbook.addWorksheet("Hidden");
  hidden.state = "hidden";
  hidden.addRow(["x"]);
  await assert.rejects(
    convertUpload(new Uint8Array(await workbook.xlsx.writeBuffer()), xlsxFormat, options),
    (e: Error) => e instanceof InputRefusedError && /no visible cells/.test(e.message),
  );
});

test("a two-frame TIFF is two pages sized by its resolution; maxPages keeps the first", async () => {
  const tiff = await multiFrameTiff(
    [
      { width: 600, height: 900, grey: 230 },
      { width: 600, height: 900, grey: 60 },
    ],
    300,
  );
  const converted = await convertUpload(tiff, { kind: "image", format: "tiff" }, options);
  assert.equal(converted.documentPages, 2);
  assert.equal(converted.sheets, null);
  const pdf = await PDFDocument.load(converted.pdf);
  // 600 x 900 pixels at 300 dpi: 2 x 3 inches, 144 x 216 points.
  assert.deepEqual(
    pdf.getPages().map((p) => [p.getWidth(), p.getHeight()]),
    [
      [144, 216],
      [144, 216],
    ],
  );
  const first = await convertUpload(tiff, { kind: "image", format: "tiff" }, { ...options, maxPages: 1 });
  assert.equal(first.pages, 1);
  assert.equal((await PDFDocument.load(first.pdf)).getPageCount(), 1);
});

test("an image without a resolution is 72 dpi; EXIF orientation turns the page upright", async () => {
  const noDpi = await convertUpload(await tablePhotoPng({ dpi: null }), { kind: "image", format: "png" }, options);
  const meta = await sharp(await tablePhotoPng({ dpi: null })).metadata();
  const page = (await PDFDocument.load(noDpi.pdf)).getPage(0);
  assert.deepEqual([page.getWidth(), page.getHeight()], [meta.width, meta.height]);
  // A landscape JPEG 400 x 200 pixels whose EXIF says "turn 90° clockwise": a portrait page.
  const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#fff" } })
    .withMetadata({ orientation: 6, density: 144 })
    .jpeg()
    .toBuffer();
  const turned = await convertUpload(jpeg, { kind: "image", format: "jpeg" }, options);
  const upright = (await PDFDocument.load(turned.pdf)).getPage(0);
  assert.deepEqual([upright.getWidth(), upright.getHeight()], [100, 200]);
});

test("a decompression bomb is refused from its header, before its pixels are decoded", async () => {
  const bomb = bombPng();
  assert.ok(bomb.length < 200_000, `the bomb is small (${bomb.length} bytes)`);
  const before = process.memoryUsage().rss;
  await assert.rejects(
    convertUpload(bomb, { kind: "image", format: "png" }, options),
    (e: Error) => e instanceof InputRefusedError && /20000 x 20000 pixels, more than the 50 M/.test(e.message),
  );
  assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, "nothing near the bomb's 1.2 GB was decoded");
});

test("hidden columns are left out; two frozen rows: the lower names the columns, a merged band above spans them", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Bands", { views: [{ state: "frozen", ySplit: 2 }] });
  sheet.addRow(["", "2023", "", "2024", ""]);
  sheet.addRow(["Region", "Q1", "Q2", "Q1", "Q2"]);
  sheet.addRow(["North", 1, 2, 3, 4]);
  sheet.addRow(["South", 5, 6, 7, 8]);
  sheet.mergeCells("B1:C1");
  sheet.mergeCells("D1:E1");
  const hidden = sheet.addRow(["secret row", 0, 0, 0, 0]);
  hidden.hidden = true;
  sheet.getColumn(6).hidden = true;
  sheet.getCell("F3").value = "secret column";
  const table = (await convertUpload(new Uint8Array(await workbook.xlsx.writeBuffer()), xlsxFormat, options)).sheets!.tables[0]!;
  assert.deepEqual(table.header, ["Region", "Q1", "Q2", "Q1", "Q2"]);
  assert.deepEqual(table.colbands, [
    { label: "2023", start_col: 1, end_col: 2, confidence: "exact" },
    { label: "2024", start_col: 3, end_col: 4, confidence: "exact" },
  ]);
  assert.deepEqual(
    table.rows.map((r) => r.map((c) => c.value)),
    [
      ["North", "1", "2", "3", "4"],
      ["South", "5", "6", "7", "8"],
    ],
  );
  assert.equal(table.span_grid, undefined, "the header's merges are bands, not body spans");
});

test("every value is drawn inside its cell's box on the sheet's page (what the review page outlines)", async () => {
  const { openPdf } = await import("../../../lib/pdf/open-pdf");
  const converted = await convertUpload(await workbookXlsx(), xlsxFormat, options);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sheets-")), "sheets.pdf");
  fs.writeFileSync(file, converted.pdf);
  const opened = await openPdf(file);
  try {
    for (const table of converted.sheets!.tables) {
      const page = await opened.doc.getPage(table.page);
      const height = page.getViewport({ scale: 1 }).height;
      const items = (await page.getTextContent()).items.filter(
        (item): item is typeof item & { str: string; transform: number[]; width: number } => "str" in item && item.str.trim() !== "",
      );
      const cells = [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.value !== "");
      assert.equal(
        items.length,
        cells.length + (table.sheet === WORKBOOK.sheet ? 1 : 0),
        "every value drawn once (and the formula without a result)",
      );
      for (const cell of cells) {
        const drawn = items.find((item) => item.str === cell.value);
        assert.ok(drawn, `${cell.value} is drawn`);
        const x = drawn.transform[4]! + drawn.width / 2;
        const y = height - drawn.transform[5]! - 3;
        const [x0, y0, x1, y1] = cell.bbox!;
        assert.ok(x > x0 && x < x1 && y > y0 && y < y1, `${cell.value} at ${x.toFixed(1)},${y.toFixed(1)} inside ${cell.bbox}`);
      }
    }
  } finally {
    await opened.close();
  }
});

test("a workbook past the cell limit is refused before its grid is built (one cell at the last row)", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Far");
  sheet.getCell("A1").value = "start";
  sheet.getCell("J1048576").value = "end";
  const started = performance.now();
  await assert.rejects(
    convertUpload(new Uint8Array(await workbook.xlsx.writeBuffer()), xlsxFormat, options),
    (e: Error) => e instanceof InputRefusedError && /more than 200,000 visible cells/.test(e.message),
  );
  assert.ok(performance.now() - started < 5000, "refused without walking a million rows");
});

test("a 16-bit greyscale PNG becomes an 8-bit grey page with the same picture", async () => {
  const width = 64;
  const height = 32;
  // A horizontal ramp, dark to light, stored 16 bits a sample.
  const ramp = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) ramp[y * width + x] = Math.round((x / (width - 1)) * 255);
  const png = await sharp(ramp, { raw: { width, height, channels: 1 } })
    .toColourspace("grey16")
    .png()
    .toBuffer();
  assert.equal((await sharp(png).metadata()).depth, "ushort");
  const converted = await convertUpload(png, { kind: "image", format: "png" }, options);
  const { openPdf } = await import("../../../lib/pdf/open-pdf");
  const { renderPage } = await import("../render/render-page");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "grey16-")), "page.pdf");
  fs.writeFileSync(file, converted.pdf);
  const opened = await openPdf(file);
  try {
    const render = await renderPage(await opened.doc.getPage(1), 1, 72);
    const at = (x: number) => render.rgba[((render.height >> 1) * render.width + x) * 4]!;
    // Dark on the left, light on the right, rising: the samples were read as 16-bit, not as pairs of bytes.
    assert.ok(at(1) < 40 && at(render.width - 2) > 215, `${at(1)} .. ${at(render.width - 2)}`);
    for (let x = 4; x < render.width - 4; x += 4) assert.ok(at(x) + 12 >= at(x - 4), `not rising at ${x}`);
  } finally {
    await opened.close();
  }
});
