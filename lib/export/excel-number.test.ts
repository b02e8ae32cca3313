import assert from "node:assert/strict";
import { test } from "node:test";
import { excelNumber, renderWithFormat } from "./excel-number";

test("plain and grouped integers become numbers with a format that shows the same text", () => {
  assert.deepEqual(excelNumber("12"), { value: 12, numFmt: "0" });
  assert.deepEqual(excelNumber("0"), { value: 0, numFmt: "0" });
  assert.deepEqual(excelNumber("1,250"), { value: 1250, numFmt: "#,##0" });
  assert.deepEqual(excelNumber("12,345,678"), { value: 12345678, numFmt: "#,##0" });
  assert.deepEqual(excelNumber("-3"), { value: -3, numFmt: "0" });
  assert.deepEqual(excelNumber("-1,250"), { value: -1250, numFmt: "#,##0" });
  assert.deepEqual(excelNumber("1250"), { value: 1250, numFmt: "0" }, "ungrouped stays ungrouped");
  assert.deepEqual(excelNumber("2019"), { value: 2019, numFmt: "0" });
});

test("decimals keep every written digit, trailing zeros included", () => {
  assert.deepEqual(excelNumber("12.50"), { value: 12.5, numFmt: "0.00" });
  assert.deepEqual(excelNumber("0.50"), { value: 0.5, numFmt: "0.00" });
  assert.deepEqual(excelNumber("0.125"), { value: 0.125, numFmt: "0.000" });
  assert.deepEqual(excelNumber("3.0"), { value: 3, numFmt: "0.0" });
  assert.deepEqual(excelNumber("1,250.75"), { value: 1250.75, numFmt: "#,##0.00" });
  assert.deepEqual(excelNumber("1,250.500"), { value: 1250.5, numFmt: "#,##0.000" }, "grouped: the dot can only be decimal");
  assert.deepEqual(excelNumber("-0.4"), { value: -0.4, numFmt: "0.0" });
  assert.deepEqual(excelNumber("1234.5678"), { value: 1234.5678, numFmt: "0.0000" });
});

test("codes, leading zeros, signs and decorations stay text", () => {
  for (const text of [
    "007",
    "00.5",
    "0,123",
    "+5",
    " 5",
    "5 ",
    "(3.4)",
    "-5%",
    "5%",
    "$3",
    "3 €",
    "1 250",
    "1 250",
    "A-100",
    "12-34",
    "1e5",
    "Infinity",
    "NaN",
    "",
    "-",
    ".5",
    "5.",
    "-0",
    "-0.00",
    "−5",
    "1,2,3",
  ]) {
    assert.equal(excelNumber(text), null, JSON.stringify(text));
  }
});

test("dates and ambiguous separators stay text", () => {
  for (const text of [
    "12/05/2020",
    "2020-01-02",
    "12.05.2020",
    "1.250",
    "12.500",
    "-1.250",
    "1,25",
    "1,2500",
    "12,50",
    "1.250,50",
    "1,250,5",
  ]) {
    assert.equal(excelNumber(text), null, JSON.stringify(text));
  }
});

test("more digits than Excel keeps stay text", () => {
  assert.deepEqual(excelNumber("123456789012345"), { value: 123456789012345, numFmt: "0" });
  assert.equal(excelNumber("1234567890123456"), null);
  assert.equal(excelNumber("0.1234567890123456"), null);
  assert.equal(excelNumber("12345678901234567890"), null);
});

test("every accepted value renders back to exactly its text", () => {
  const samples = ["1", "10", "999", "1,000", "999,999.99", "0.001", "0.10", "42.4200", "-7,000,000.5", "3.14159", "100.00", "65,536"];
  for (const text of samples) {
    const number = excelNumber(text);
    assert.ok(number, text);
    const decimals = /\.(\d+)$/.exec(number.numFmt)?.[1]?.length ?? 0;
    assert.equal(renderWithFormat(number.value, number.numFmt.includes(","), decimals), text);
  }
});
