import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import ExcelJS from "exceljs";
import type { Result } from "../result/schema";
import { TRICKY_VALUE, makeResult } from "./test-fixture";
import {
  DISPUTED_ARGB,
  EXCEL_MAX_CELL_CHARS,
  HEADER_ARGB,
  UNVERIFIED_ARGB,
  excelText,
  uniqueSheetName,
  writeXlsx,
  type XlsxOptions,
} from "./xlsx";

async function readBack(result: Result, options?: XlsxOptions): Promise<ExcelJS.Workbook> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  await writeXlsx(result, sink, options);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
  return workbook;
}

function fillOf(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.type === "pattern" ? fill.fgColor?.argb : undefined;
}

function noteText(cell: ExcelJS.Cell): string {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined) return "";
  if (typeof note === "string") return note;
  return (note.texts ?? []).map((t) => t.text).join("");
}

/** Rows as arrays of values from column A, empty cells as "" (Excel does not store empty text). */
function sheetRows(ws: ExcelJS.Worksheet, width: number): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? ""));
  });
  return rows;
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  assert.ok(found, `sheet ${name}`);
  return found;
}

test("sheets: legend first, tables by page then index, then prose and cells", async () => {
  const workbook = await readBack(makeResult());
  assert.deepEqual(
    workbook.worksheets.map((ws) => ws.name),
    ["legend", "Table 1 on page 1", "Table 1 on page 2", "prose", "cells"],
  );
  const legend = sheet(workbook, "legend");
  const labels = new Map<string, ExcelJS.Cell>();
  legend.eachRow((row) => labels.set(String(row.getCell(1).value), row.getCell(1)));
  assert.equal(fillOf(labels.get("disputed")!), DISPUTED_ARGB);
  assert.equal(fillOf(labels.get("unverified")!), UNVERIFIED_ARGB);
});

test("table sheet: colbands and header rows, values as text, fills, merges and notes", async () => {
  const ws = sheet(await readBack(makeResult()), "Table 1 on page 1");
  // Row 1: the colband "Item" over columns A:B; row 2: the header; rows 3-5: the body.
  assert.equal(ws.getCell("A1").value, "Item");
  assert.equal(ws.getCell("C2").value, "Qty, pcs");
  assert.equal(ws.getCell("A2").font?.bold, true);
  assert.equal(fillOf(ws.getCell("A2")), HEADER_ARGB);
  assert.equal(fillOf(ws.getCell("C2")), UNVERIFIED_ARGB, "an unverified header name is yellow");
  assert.deepEqual([...ws.model.merges].sort(), ["A1:B1", "A3:A4"]);
  assert.equal(ws.getCell("A3").value, "A-100");
  assert.equal(ws.getCell("B3").value, TRICKY_VALUE);
  assert.equal(ws.getCell("B5").value, "  leading spaces");
  // A code with a leading zero stays text; numbers are numbers, formatted to show the same text.
  assert.equal(ws.getCell("C4").value, "007");
  assert.equal(ws.getCell("C4").type, ExcelJS.ValueType.String);
  assert.equal(ws.getCell("C5").value, 1250);
  assert.equal(ws.getCell("C5").type, ExcelJS.ValueType.Number);
  assert.equal(ws.getCell("C5").numFmt, "#,##0");
  assert.equal(ws.getCell("C3").value, 12);
  assert.equal(ws.getCell("C3").numFmt, "0");
  assert.equal(ws.getCell("C2").type, ExcelJS.ValueType.String, "header names stay text");

  const disputed = ws.getCell("B4");
  assert.equal(disputed.value, "Bolt M6");
  assert.equal(fillOf(disputed), DISPUTED_ARGB);
  const note = noteText(disputed);
  assert.match(note, /ocr-1: Bolt M6/);
  assert.match(note, /vision-1: Bolt M8/);
  assert.equal(fillOf(ws.getCell("C5")), UNVERIFIED_ARGB);
  assert.equal(fillOf(ws.getCell("A5")), undefined, "verified cells are not shaded");
  assert.equal(noteText(ws.getCell("A5")), "");
});

test("a table without header starts at row 1; formulas stay text", async () => {
  const ws = sheet(await readBack(makeResult()), "Table 1 on page 2");
  assert.equal(ws.getCell("A1").value, "=SUM(A1)");
  assert.equal(ws.getCell("A1").type, ExcelJS.ValueType.String);
  assert.equal(ws.getCell("B1").value, "Größe – 10 µm");
  assert.equal(fillOf(ws.getCell("B2")), UNVERIFIED_ARGB);
  assert.equal(ws.getCell("B2").value, 0.5, "0.50 is a number shown with two decimals");
  assert.equal(ws.getCell("B2").numFmt, "0.00");
  assert.deepEqual(ws.model.merges, []);
});

test("prose sheet", async () => {
  const ws = sheet(await readBack(makeResult()), "prose");
  const rows = sheetRows(ws, 7);
  assert.deepEqual(rows, [
    ["page", "index", "role", "level", "text", "confidence", "sources"],
    [1, 0, "heading", 1, "Parts list", "verified", "ocr-1, pdf-text"],
    [2, 0, "paragraph", 0, "Torque values apply at 20 °C.", "unverified", ""],
  ]);
  assert.equal(fillOf(ws.getCell("F3")), UNVERIFIED_ARGB);
});

test("cells sheet lists header and body cells with confidence, sources, readings and bbox", async () => {
  const ws = sheet(await readBack(makeResult()), "cells");
  const rows = sheetRows(ws, 9);
  assert.deepEqual(rows[0], ["page", "table", "row", "column", "value", "confidence", "sources", "readings", "bbox"]);
  assert.equal(rows.length, 1 + 3 + 9 + 4);
  assert.deepEqual(rows[1], [1, 0, "header", 0, "Part", "verified", "ocr-1, pdf-text", "", ""]);
  assert.deepEqual(rows[4], [1, 0, 0, 0, "A-100", "verified", "ocr-1, pdf-text", "", "[10,20,40,30]"]);
  const disputed = rows.find((row) => row[4] === "Bolt M6");
  assert.deepEqual(disputed, [1, 0, 1, 1, "Bolt M6", "disputed", "", '{"ocr-1":"Bolt M6","vision-1":"Bolt M8"}', ""]);
  const disputedRow = rows.indexOf(disputed) + 1;
  assert.equal(fillOf(ws.getCell(disputedRow, 6)), DISPUTED_ARGB);
  assert.deepEqual(rows.at(-1), [2, 0, 1, 1, "0.50", "unverified", "vision-single", "", ""]);
});

test("the audit sheet continues on a second sheet past the row limit", async () => {
  const workbook = await readBack(makeResult(), { maxAuditRows: 10 });
  assert.deepEqual(workbook.worksheets.map((ws) => ws.name).slice(-2), ["cells", "cells 2"]);
  assert.equal(sheet(workbook, "cells").rowCount, 11);
  assert.equal(sheet(workbook, "cells 2").rowCount, 1 + 6);
});

test("bad span_grid input: overlapping or covering a value is skipped, not fatal", async () => {
  const result = makeResult();
  const table = result.tables[1]!;
  table.span_grid = [
    { row: 0, col: 0, row_span: 2, col_span: 1 },
    { row: 1, col: 0, row_span: 2, col_span: 1 }, // overlaps the first
    { row: 1, col: 1, row_span: 1, col_span: 2 }, // would hide "007"
    { row: 2, col: 2, row_span: 5, col_span: 5 }, // runs off the table: clipped to one cell, skipped
  ];
  const ws = sheet(await readBack(result), "Table 1 on page 1");
  assert.deepEqual([...ws.model.merges].sort(), ["A1:B1", "A3:A4"]);
});

test("sheet names are legal and unique; long text is cut to Excel's limit", () => {
  const used = new Set<string>();
  assert.equal(uniqueSheetName("p1 t0", used), "p1 t0");
  assert.equal(uniqueSheetName("P1 T0", used), "P1 T0 (2)");
  assert.equal(uniqueSheetName("a/b:c*d?[e]\\", used), "a_b_c_d__e__");
  const long = uniqueSheetName("x".repeat(40), used);
  assert.equal(long.length, 31);
  assert.equal(uniqueSheetName("x".repeat(40), used), `${"x".repeat(27)} (2)`);
  assert.equal(uniqueSheetName("'quoted'", used), "quoted");
  const cut = excelText("y".repeat(40_000));
  assert.equal(cut.length, EXCEL_MAX_CELL_CHARS);
  assert.match(cut, /truncated/);
});
