// A verified number on a scan whose format (decimals, their separator, a trailing "%") differs
// from the one most of its column shares, or that ends in a lone point or comma, loses
// `verified`; columns of mixed formats, words, marks and cells already in doubt are left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { SETTINGS } from "../settings";
import { int, pick, seededRng } from "../../../tests/pdf/corpus/content";
import { doubtOffFormatNumbers, endsInLoneSeparator, intervalFormat, isBareZero, numberFormat, valueFormat } from "./column-format";

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

test("a verified number ending in a lone point or comma is capped where its column has a format", () => {
  for (const [value, lone] of [
    ["59.", true],
    ["59 .", true],
    ["1,204,", true],
    ["4.5.", true],
    ["(3.1).", true],
    ["12.5% .", true],
    ["(a).", false],
    ["59", false],
    ["Govt.", false],
    [".", false],
    ["n.e.c.", false],
  ] as const)
    assert.equal(endsInLoneSeparator(value), lone, value);
  const out = doubtOffFormatNumbers(
    table([
      ["A", "59.", "12.4"],
      ["B", "61", "7.1,"],
      ["C", "8", "0.9"],
      ["D", "140", "23.0"],
      ["E", "77", "5.5"],
    ]),
    SETTINGS,
  );
  assert.deepEqual(
    out.rows.map((r) => [r[1]!.confidence, r[2]!.confidence]),
    [
      ["unverified", "verified"],
      ["verified", "unverified"],
      ["verified", "verified"],
      ["verified", "verified"],
      ["verified", "verified"],
    ],
  );
  // A column of numbered items ("1." "2." ...) has no format of plain numbers to break.
  const numbered = table([
    ["1.", "A"],
    ["2.", "B"],
    ["3.", "C"],
    ["4.", "D"],
  ]);
  assert.deepEqual(confidences(doubtOffFormatNumbers(numbered, SETTINGS)), confidences(numbered));
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

test("family: drawn tables of varied formats, a point or comma added after some numbers: those and only those are capped", () => {
  // Columns drawn in the formats statistical tables print (integers, grouped thousands, one or two
  // decimals, shares with "%", signed changes), beside columns of labels, abbreviations and numbered
  // items; 200 tables from seeds the rule was never tuned on.
  const formats: Array<(rng: () => number) => string> = [
    (rng) => String(int(rng, 1, 999)),
    (rng) => int(rng, 1000, 999_999).toLocaleString("en-US"),
    (rng) => (rng() * 100).toFixed(1),
    (rng) => (rng() * 10).toFixed(2),
    (rng) => `${(rng() * 100).toFixed(1)}%`,
    (rng) => `${rng() < 0.5 ? "-" : "+"}${(rng() * 20).toFixed(1)}`,
  ];
  const words = ["Total", "Govt.", "n.e.c.", "Other", "Agriculture", "of which:"];
  let added = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const rng = seededRng(seed * 7919);
    const nRows = int(rng, 5, 14);
    const numberColumns = Array.from({ length: int(rng, 1, 4) }, () => pick(rng, formats));
    const numbered = rng() < 0.3;
    const rows = Array.from({ length: nRows }, (_, r) => [
      numbered ? `${r + 1}.` : pick(rng, words),
      ...numberColumns.map((draw) => draw(rng)),
    ]);
    const marked = new Set<string>();
    for (let r = 0; r < nRows; r++) {
      for (let c = 1; c < rows[r]!.length; c++) {
        if (rng() >= 0.1) continue;
        rows[r]![c] += pick(rng, [".", ",", " ."]);
        marked.add(`${r},${c}`);
      }
    }
    // A column keeps a format to judge by while its unmarked numbers (all of one format) number
    // at least columnFormatMinNumbers.
    const judged = (c: number) => nRows - [...marked].filter((k) => k.endsWith(`,${c}`)).length >= SETTINGS.columnFormatMinNumbers;
    const out = doubtOffFormatNumbers(table(rows), SETTINGS);
    for (let r = 0; r < nRows; r++) {
      for (let c = 0; c < rows[r]!.length; c++) {
        const got = out.rows[r]![c]!.confidence;
        const isMarked = marked.has(`${r},${c}`);
        if (isMarked && judged(c)) {
          added += 1;
          assert.equal(got, "unverified", `seed ${seed}: ${rows[r]![c]}`);
        } else if (!isMarked) {
          assert.equal(got, "verified", `seed ${seed}: ${rows[r]![c]}`);
        }
      }
    }
  }
  assert.ok(added >= 100, `marked cells judged ${added}`);
});
