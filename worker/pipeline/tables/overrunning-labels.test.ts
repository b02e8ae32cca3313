import { test } from "node:test";
import assert from "node:assert/strict";
import type { Word } from "../types";
import { SETTINGS, type Settings } from "../settings";
import { detectTables } from "./detect-tables";

// 8 pt type at a 12 pt pitch; words 4 pt a character, a 2 pt space between them. Row labels at
// x = 60, two narrow value columns right-aligned at 200 and 240: the table's right edge is 240.
const SIZE = 8;

function words(text: string, x: number, k: number): Word[] {
  const top = 100 + k * 12;
  const out: Word[] = [];
  for (const t of text.split(" ")) {
    out.push({ text: t, box: [x, top, x + t.length * 4, top + SIZE], size: SIZE, font: "F", bold: false, dir: 0 });
    x += t.length * 4 + 2;
  }
  return out;
}

function row(k: number, label: string, values: [string, string]): Word[] {
  return [...words(label, 60, k), ...values.flatMap((v, c) => words(v, 200 + 40 * c - v.length * 4, k))];
}

function read(lines: Word[][], settings: Settings = SETTINGS) {
  const { tables } = detectTables(lines.flat(), { rulings: [], filledRects: [], drawings: [], images: [] }, settings);
  return tables;
}

// The first group label runs to 264: "aged" (238-254) and "18" have their centres past the
// table's right edge (240). The second ends at 250, every word's centre inside.
const PAGE = [
  row(0, "Category", ["Wages", "Trade"]),
  words("Households of one adult with dependent children aged 18", 60, 1),
  row(2, "Owner occupied", ["12.1", "12.2"]),
  row(3, "Rented, private", ["13.1", "13.2"]),
  words("Households of two adults with no dependent children", 60, 4),
  row(5, "Owner occupied", ["14.1", "14.2"]),
  row(6, "Rented, private", ["15.1", "15.2"]),
];

test("a group label running past the table's right edge is a row of the table, whole", () => {
  const tables = read(PAGE);
  assert.equal(tables.length, 1);
  const labels = tables[0]!.cells.filter((c) => c.col === 0).map((c) => c.text);
  assert.deepEqual(labels, [
    "Category",
    "Households of one adult with dependent children aged 18",
    "Owner occupied",
    "Rented, private",
    "Households of two adults with no dependent children",
    "Owner occupied",
    "Rented, private",
  ]);
  // The group label's row holds nothing else.
  assert.deepEqual(
    tables[0]!.cells.filter((c) => c.row === 1 && c.text !== "").map((c) => c.text),
    ["Households of one adult with dependent children aged 18"],
  );
  // With the rule off, the words past the table's right edge are cut off it.
  const off = read(PAGE, { ...SETTINGS, overrunningGroupLabels: false });
  const cut = off[0]!.cells.find((c) => c.row === 1 && c.col === 0)!.text;
  assert.notEqual(cut, "Households of one adult with dependent children aged 18");
});

test("a line that does not start in the stub does not widen the table", () => {
  // A note starting over the value columns, between rows, and a line starting left of the table.
  const page = [
    row(0, "Category", ["Wages", "Trade"]),
    row(1, "Owner occupied", ["12.1", "12.2"]),
    words("estimated from the survey of households", 190, 2),
    row(3, "Rented, private", ["13.1", "13.2"]),
    words("Households of two adults with no dependent children", 20, 4),
    row(5, "Owner occupied", ["14.1", "14.2"]),
    row(6, "Rented, private", ["15.1", "15.2"]),
  ];
  const on = read(page);
  const off = read(page, { ...SETTINGS, overrunningGroupLabels: false });
  assert.equal(on.length, 1);
  assert.deepEqual(on[0]!.box, off[0]!.box);
  assert.ok(on[0]!.box[2] < 300, `the table does not take the note's whole line (${on[0]!.box[2]})`);
});
