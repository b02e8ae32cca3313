import { test } from "node:test";
import assert from "node:assert/strict";
import type { Cell, Table } from "../../../lib/result/schema";
import { parseAmount, showReadingsThatAddUp, totalsThatAddUp } from "./column-sums";
import { seededRng } from "../../../tests/pdf/corpus/content";

const settings = { scanSumMinTotalDigits: 2 };

const sure = (value: string): Cell => ({ value, confidence: "verified", sources: ["ocr-1", "ocr-2"] });
const disputed = (shown: string, other: string): Cell => ({
  value: shown,
  confidence: "disputed",
  sources: ["ocr-1", "ocr-2"],
  readings: { "ocr-1": shown, "ocr-2": other },
  provisional: true,
});

function table(rows: Cell[][]): Table {
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header: [],
    header_cells: [],
    row_groups: rows.map(() => null),
    rows,
  };
}

/** A column of `n` numbers (with `decimals`) under a label column, closed by their total. */
function columnWithTotal(random: () => number, n: number, decimals: number, thousands: boolean): string[] {
  const units = Array.from({ length: n }, () => Math.floor(random() * (decimals ? 9999 : 99999)) + 1);
  const total = units.reduce((a, b) => a + b, 0);
  const print = (u: number) => {
    const whole = Math.floor(u / 10 ** decimals);
    const grouped = thousands ? whole.toLocaleString("en-US") : String(whole);
    return decimals ? `${grouped}.${String(u % 10 ** decimals).padStart(decimals, "0")}` : grouped;
  };
  return [...units.map(print), print(total)];
}

/** A misreading of a number that changes its value: a dropped separator, a digit read as another. */
function misread(random: () => number, value: string): string {
  const digits = [...value].map((ch, i) => (/\d/.test(ch) ? i : -1)).filter((i) => i >= 0);
  const at = digits[Math.floor(random() * digits.length)]!;
  const swap: Record<string, string> = {
    "0": "8",
    "1": "7",
    "2": "7",
    "3": "8",
    "4": "9",
    "5": "6",
    "6": "5",
    "7": "1",
    "8": "3",
    "9": "4",
  };
  return value.slice(0, at) + swap[value[at]!] + value.slice(at + 1);
}

test("parseAmount reads the number formats of statistical tables, and nothing else", () => {
  assert.deepEqual(parseAmount("1,234"), { units: 1234, decimals: 0, digits: 4 });
  assert.deepEqual(parseAmount("1 234.5"), { units: 12345, decimals: 1, digits: 5 });
  assert.deepEqual(parseAmount("(3.4)"), { units: -34, decimals: 1, digits: 2 });
  assert.deepEqual(parseAmount("-12"), { units: -12, decimals: 0, digits: 2 });
  assert.deepEqual(parseAmount("$ 1,000"), { units: 1000, decimals: 0, digits: 4 });
  assert.deepEqual(parseAmount("45.0%"), { units: 450, decimals: 1, digits: 3 });
  assert.deepEqual(parseAmount("1,5"), { units: 15, decimals: 1, digits: 2 });
  for (const other of ["", "n/a", "2015a", "12-15", "(12.3, 15.6)", "1.2.3", "-(4)", "x"]) assert.equal(parseAmount(other), null, other);
});

test("a total adds up over the run right above it or right below it, and only in one format", () => {
  const line = ["10", "20", "30", "word", "5", "7", "12"].map(parseAmount);
  assert.equal(totalsThatAddUp(line, 6, 2), 1); // 5 + 7 = 12
  assert.equal(totalsThatAddUp(line, 2, 2), 1); // 10 + 20 = 30 (the word ends the run below)
  assert.equal(totalsThatAddUp(line, 3, 2), 0);
  // Total first.
  assert.equal(totalsThatAddUp(["42", "40", "2"].map(parseAmount), 0, 2), 1);
  // An empty entry is skipped, a different number of decimals ends the run.
  assert.equal(totalsThatAddUp([parseAmount("4"), "empty", parseAmount("8"), parseAmount("12")], 3, 2), 1);
  assert.equal(totalsThatAddUp(["4.0", "8", "12"].map(parseAmount), 2, 2), 0);
  // A one-digit total is no evidence.
  assert.equal(totalsThatAddUp(["2", "3", "5"].map(parseAmount), 2, 2), 0);
});

test("a disputed number shows the reading that makes its column's total add up; the cell stays disputed", () => {
  const random = seededRng(15);
  let switchedRight = 0;
  let trials = 0;
  for (let draw = 0; draw < 200; draw++) {
    const n = 2 + Math.floor(random() * 8);
    const decimals = draw % 3 === 0 ? 1 : 0;
    const values = columnWithTotal(random, n, decimals, draw % 2 === 0);
    const k = Math.floor(random() * values.length); // the total itself may be the misread one
    const wrong = misread(random, values[k]!);
    if (parseAmount(wrong) === null || parseAmount(wrong)!.units === parseAmount(values[k]!)!.units) continue;
    trials++;
    const rows = values.map((v, i) => [sure(`label ${i}`), i === k ? disputed(wrong, v) : sure(v)]);
    const out = showReadingsThatAddUp(table(rows), settings);
    const cell = out.rows[k]![1]!;
    assert.equal(cell.value, values[k], `draw ${draw}: ${values.join(" ")} with ${wrong}`);
    assert.equal(cell.confidence, "disputed");
    assert.equal(cell.provisional, true);
    assert.deepEqual(cell.readings, { "ocr-1": wrong, "ocr-2": values[k] });
    switchedRight++;
  }
  assert.ok(trials >= 150, `${trials} trials`);
  assert.equal(switchedRight, trials);
});

test("a disputed number whose shown reading already adds up, or whose other reading does not, is left alone", () => {
  const random = seededRng(16);
  for (let draw = 0; draw < 100; draw++) {
    const values = columnWithTotal(random, 2 + Math.floor(random() * 6), 0, true);
    const k = Math.floor(random() * values.length);
    const wrong = misread(random, values[k]!);
    // Shown right, other reading wrong: stays.
    const right = showReadingsThatAddUp(table(values.map((v, i) => [i === k ? disputed(v, wrong) : sure(v)])), settings);
    assert.equal(right.rows[k]![0]!.value, values[k]);
    // Shown wrong, other reading wrong too: nothing adds up, stays.
    const other = misread(random, wrong);
    const neither = showReadingsThatAddUp(
      table(values.map((v, i) => [i === k ? disputed(wrong, other === values[k] ? wrong : other) : sure(v)])),
      settings,
    );
    assert.equal(neither.rows[k]![0]!.value, wrong);
  }
});

test("row totals, subtotal groups and totals first add up as column totals do", () => {
  // Row: Male, Female, Total.
  const row = showReadingsThatAddUp(table([[sure("Lisbon"), sure("1,204"), disputed("1,811", "1,311"), sure("2,515")]]), settings);
  assert.equal(row.rows[0]![2]!.value, "1,311");
  // Subtotals closing groups, then a grand total first.
  const column = ["4,830", "1,200", "1,300", "2,500", "1,000", "1,330", "2,330"];
  const rows = column.map((v, i) => [i === 4 ? disputed("1,080", v) : sure(v)]);
  assert.equal(showReadingsThatAddUp(table(rows), settings).rows[4]![0]!.value, "1,000");
});

test("structure readings and words are no alternatives; a cell of two readings that both add up is left alone", () => {
  const structural: Cell = { ...disputed("1,811", "1,811"), readings: { "ocr-1": "1,811", "ocr-2": "1,811", "pdf-layout": "1,311" } };
  assert.equal(showReadingsThatAddUp(table([[sure("1,204"), structural, sure("2,515")]]), settings).rows[0]![1]!.value, "1,811");
  const words = showReadingsThatAddUp(table([[sure("1,204"), disputed("1,811", "one"), sure("2,515")]]), settings);
  assert.equal(words.rows[0]![1]!.value, "1,811");
  // 10 + x = 30 and x + 30 = 50 in a row: "20" and a hypothetical other reading: two readings add up.
  const both: Cell = { ...disputed("99", "20"), readings: { "ocr-1": "99", "ocr-2": "20", "ocr-3": "11" } };
  const ambiguous = showReadingsThatAddUp(
    table(
      [
        [sure("10"), both, sure("30")],
        [sure("21"), sure("1"), sure("x")],
      ].map((r) => r),
    ),
    settings,
  );
  assert.equal(ambiguous.rows[0]![1]!.value, "20");
  const twoWays: Cell = { ...disputed("99", "20"), readings: { "ocr-1": "99", "ocr-2": "20", "ocr-3": "11" } };
  const grid = [
    [sure("10"), twoWays, sure("30")],
    [sure("x"), sure("10"), sure("x")],
    [sure("x"), sure("21"), sure("x")],
  ];
  // Column: 11 + 10 = 21 adds up; row: 10 + 20 = 30 adds up: two readings of the cell add up.
  assert.equal(showReadingsThatAddUp(table(grid), settings).rows[0]![1]!.value, "99");
});
