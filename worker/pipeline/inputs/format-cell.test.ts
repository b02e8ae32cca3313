// Values as the sheet shows them: the format codes spreadsheets write most (number, thousands,
// percent, currency, negative sections, scientific, dates and times), each against the text a
// spreadsheet displays for it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatCellValue, formatGeneral, isDateFormat } from "./format-cell";

test("number formats show as a spreadsheet shows them", () => {
  const cases: [number, string, string][] = [
    [1234.5, "0", "1235"],
    [1234.5, "0.00", "1234.50"],
    [1234.5, "#,##0", "1,235"],
    [1234567.891, "#,##0.00", "1,234,567.89"],
    [0.5, "#.00", ".50"],
    [0.125, "0.0%", "12.5%"],
    [0.07, "0%", "7%"],
    [-87.25, "#,##0.00;(#,##0.00)", "(87.25)"],
    [-87.25, "#,##0.00", "-87.25"],
    [-5, '"$"#,##0.00', "-$5.00"],
    [1500, "[$€-407] #,##0.00", "€ 1,500.00"],
    [1500, '#,##0 "kg"', "1,500 kg"],
    [0, '0.00;-0.00;"zero"', "zero"],
    [12345, "0.00E+00", "1.23E+04"],
    [1234567, "#,##0,", "1,235"],
    [42, "@", "42"],
    [3.5, "_(* #,##0.00_)", " 3.50 "],
  ];
  for (const [value, code, shown] of cases) assert.equal(formatCellValue(value, code), shown, `${value} under ${code}`);
});

test("General shows up to 10 significant digits, exponents for the very large and small", () => {
  assert.equal(formatGeneral(42), "42");
  assert.equal(formatGeneral(0.1 + 0.2), "0.3");
  assert.equal(formatGeneral(1 / 3), "0.3333333333");
  assert.equal(formatGeneral(123456789012345), "1.23457E+14");
  assert.equal(formatCellValue(2.5, undefined), "2.5");
  assert.equal(formatCellValue(2.5, "General"), "2.5");
});

test("dates and times, from a Date or from a serial under a date code", () => {
  const date = new Date(Date.UTC(2024, 0, 31, 14, 5, 9));
  const cases: [string, string][] = [
    ["yyyy-mm-dd", "2024-01-31"],
    ["dd/mm/yyyy", "31/01/2024"],
    ["m/d/yy", "1/31/24"],
    ["mmm-yy", "Jan-24"],
    ["d mmmm yyyy", "31 January 2024"],
    ["dddd", "Wednesday"],
    ["hh:mm:ss", "14:05:09"],
    ["h:mm AM/PM", "2:05 PM"],
    ["yyyy-mm-dd hh:mm", "2024-01-31 14:05"],
  ];
  for (const [code, shown] of cases) assert.equal(formatCellValue(date, code), shown, code);
  // 45322 is the serial of the last day of January 2024 in the 1900 date system.
  assert.equal(formatCellValue(45322, "yyyy-mm-dd"), "2024-01-31");
  assert.equal(formatCellValue(45322.5, "dd.mm.yyyy hh:mm"), "31.01.2024 12:00");
  assert.ok(isDateFormat("mmm-yy"));
  assert.ok(!isDateFormat("#,##0.00"));
  assert.ok(!isDateFormat('0.00 "m"'));
});
