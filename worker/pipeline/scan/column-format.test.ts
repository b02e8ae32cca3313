// A verified number on a scan whose format (decimals, their separator, a trailing "%") differs
// from the one most of its column shares loses `verified`; columns of mixed formats, words,
// marks and cells already in doubt are left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { SETTINGS } from "../settings";
import { doubtOffFormatNumbers, intervalFormat, isBareZero, numberFormat, valueFormat } from "./column-format";

test("a number's format: decimals with their separator, a thousands group is none, a trailing %", () => {
  const cases: Array<[string, string | null]> = [
    ["12.4", ".1"],
    ["-3.25", ".2"],
    ["(0.5)", ".1"],
    ["2,517", ""],
    ["2.517", ".3"],
    ["1 234,5", ",1"],
    ["12.4%", ".1%"],
    [".4%", ".1%"],
    ["4%", "%"],
    ["+62.9 %", ".1%"],
    ["1,234.5", ".1"],
    ["7", ""],
    ["Total", null],
    ["(X)", null],
    ["–", null],
    ["2010-2015", null],
    ["N2O", null],
    ["12.", null],
    ["1 234 567", ""],
    ["±1.2", ".1"],
    ["5,989 45.4", null],
    ["12 3.4", null],
    ["87 .3", ".1"],
  ];
  for (const [value, format] of cases) assert.equal(numberFormat(value), format, value);
});

test("an interval's format is its two ends' formats; a plain number has none", () => {
  const cases: Array<[string, string | null]> = [
    ["(77.3-82.0)", ".1~.1"],
    ["(773-820)", "~"],
    ["(33.2-424)", ".1~"],
    ["12.35 - 15.60", ".2~.2"],
    ["12.3 – 15.6", ".1~.1"],
    ["(12.3, 15.6)", ".1~.1"],
    ["(1,576.0-1,754.9)", ".1~.1"],
    ["(12,3, 15,6)", ",1~,1"],
    ["-1.2--0.4", ".1~.1"],
    ["2010-2015", "~"],
    ["12.3", null],
    ["-3.2", null],
    ["1-2-3", null],
    ["12.3-", null],
    ["(12.3-15.6", null],
    ["Age 18-24", null],
  ];
  for (const [value, format] of cases) assert.equal(intervalFormat(value), format, value);
  // A column holds a cell to the interval's format first, a plain number's otherwise.
  assert.equal(valueFormat("(12.3, 15.6)"), ".1~.1");
  assert.equal(valueFormat("1 234,5"), ",1");
});

test("a verified interval off its column's intervals' format is capped", () => {
  const out = doubtOffFormatNumbers(
    table([
      ["A", "(77.3-82.0)"],
      ["B", "(773-820)"],
      ["C", "(32.3-38.6)"],
      ["D", "(85.8-94.0)"],
      ["E", "(33.2-42.4)"],
    ]),
    SETTINGS,
  );
  assert.deepEqual(
    confidences(out).map((row) => row[1]),
    ["verified", "unverified", "verified", "verified", "verified"],
  );
});

const cell = (value: string, confidence: Cell["confidence"] = "verified"): Cell => ({ value, confidence, sources: ["ocr-1", "ocr-2"] });
const table = (rows: string[][]): Table =>
  ({
    header: ["Item", "Share"],
    header_cells: [cell("Item"), cell("Share")],
    rows: rows.map((r) => r.map((v) => cell(v))),
  }) as unknown as Table;
const confidences = (t: Table) => t.rows.map((r) => r.map((c) => c.confidence));

test("a verified number off its column's common format is capped; the rest keep their confidence", () => {
  const out = doubtOffFormatNumbers(
    table([
      ["A", "12.4%"],
      ["B", "4%"],
      ["C", "7.1%"],
      ["D", "0.9%"],
      ["E", "23.0%"],
    ]),
    SETTINGS,
  );
  assert.deepEqual(confidences(out), [
    ["verified", "verified"],
    ["verified", "unverified"],
    ["verified", "verified"],
    ["verified", "verified"],
    ["verified", "verified"],
  ]);
  assert.deepEqual(
    out.header_cells.map((c) => c.confidence),
    ["verified", "verified"],
  );
  // A comma read as a point in a column of thousands.
  const thousands = doubtOffFormatNumbers(
    table([
      ["A", "2,517"],
      ["B", "2.517"],
      ["C", "13,400"],
      ["D", "905"],
      ["E", "1,002"],
    ]),
    SETTINGS,
  );
  assert.deepEqual(
    confidences(thousands).map((r) => r[1]),
    ["verified", "unverified", "verified", "verified", "verified"],
  );
});

test("no common format, too few numbers, or a cell not verified: nothing changes", () => {
  const mixed = table([
    ["A", "12.4"],
    ["B", "4"],
    ["C", "7.15"],
    ["D", "0.9"],
    ["E", "23"],
  ]);
  assert.deepEqual(confidences(doubtOffFormatNumbers(mixed, SETTINGS)), confidences(mixed));
  const few = table([
    ["A", "12.4"],
    ["B", "4"],
    ["C", "7.1"],
  ]);
  assert.deepEqual(confidences(doubtOffFormatNumbers(few, SETTINGS)), confidences(few));
  const doubted = table([
    ["A", "12.4"],
    ["B", "4"],
    ["C", "7.1"],
    ["D", "0.9"],
    ["E", "23.0"],
  ]);
  doubted.rows[1]![1] = cell("4", "disputed");
  assert.equal(doubtOffFormatNumbers(doubted, SETTINGS).rows[1]![1]!.confidence, "disputed");
});

test("a zero printed bare neither sets a column's format nor is held to it", () => {
  for (const zero of ["0", "-0", "0%", "0 %", "\u22120"]) assert.ok(isBareZero(zero), zero);
  for (const other of ["0.0", "00.4", "10", "0,5", "(0)", "O"]) assert.ok(!isBareZero(other), other);
  // Most of the column's shares are nil, printed "0": the others' one decimal is still its format,
  // so a verified "4" (a lost "0.") is doubted and the zeros are not.
  const zeros = ["0", "0", "0", "0", "0", "0"];
  const out = doubtOffFormatNumbers(
    table([...zeros.map((z, i) => [`r${i}`, z]), ["a", "1.2"], ["b", "3.4"], ["c", "5.6"], ["d", "7.8"], ["e", "4"]]),
    SETTINGS,
  );
  assert.deepEqual(
    out.rows.map((r) => r[1]!.confidence),
    [...zeros.map(() => "verified"), "verified", "verified", "verified", "verified", "unverified"],
  );
});
