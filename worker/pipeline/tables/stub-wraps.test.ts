import { test } from "node:test";
import assert from "node:assert/strict";
import type { TableModel, Word } from "../types";
import { SETTINGS, type Settings } from "../settings";
import { detectTables } from "./detect-tables";

// 8 pt type at a 12 pt pitch; words 4 pt a character, a 2 pt space between them. The stub runs
// from x = 60 (level 0), 72 (level 1), 84 (level 2); a wrap hangs 10 pt right of its label's start.
// Two value columns, right-aligned at 260 and 320. The stub's right edge is set by the widest
// label line ("Married-couple households", level 2: 84 + 25 * 4 = 184).
const SIZE = 8;
const PITCH = 12;

function words(text: string, x: number, top: number): Word[] {
  const out: Word[] = [];
  for (const t of text.split(" ")) {
    out.push({ text: t, box: [x, top, x + t.length * 4, top + SIZE], size: SIZE, font: "F", bold: false, dir: 0 });
    x += t.length * 4 + 2;
  }
  return out;
}

/** A line: its stub text at `x` and, when given, two values. */
function line(k: number, label: string, x: number, values?: [string, string]): Word[] {
  const top = 100 + k * PITCH;
  const out = words(label, x, top);
  if (values) values.forEach((v, c) => out.push(...words(v, 260 + 60 * c - v.length * 4, top)));
  return out;
}

/** The page's one table (no rulings), its body rows as texts. */
function read(lines: Word[][], settings: Settings = SETTINGS): string[][] {
  const { tables } = detectTables(lines.flat(), { rulings: [], filledRects: [], drawings: [], images: [] }, settings);
  assert.equal(tables.length, 1, `one table (${tables.length})`);
  return rowsOf(tables[0]!);
}

function rowsOf(model: TableModel): string[][] {
  return Array.from({ length: model.nRows }, (_, r) =>
    Array.from({ length: model.nCols }, (_, c) => model.cells.find((x) => x.row === r && x.col === c)?.text ?? ""),
  );
}

const HEADER = line(0, "Area of residence", 60, ["2005", "2006"]);

// Lines read twice, with the rule on and off.
const EIGHTEEN_YEARS = [
  HEADER,
  line(1, "Northeast", 60, ["10.1", "10.2"]),
  line(2, "New England", 72, ["11.1", "11.2"]),
  line(3, "Married-couple households", 84, ["12.1", "12.2"]),
  line(4, "with own children under", 94),
  line(5, "18 years", 94),
  line(6, "Other family households", 84, ["13.1", "13.2"]),
  line(7, "Midwest", 60, ["14.1", "14.2"]),
];
const LAST_ROW_WRAPPED = [
  HEADER,
  line(1, "Federal", 60, ["10.1", "10.2"]),
  line(2, "State government", 60, ["11.1", "11.2"]),
  line(3, "Local government, excluding", 60, ["12.1", "12.2"]),
  line(4, "education", 70),
];
const OFF: Settings = { ...SETTINGS, stubWrapsByValues: false };

/** A case: the page's lines (and settings, SETTINGS unless given), and what the table's rows must
 * show: given rows by index, the first column of every row in order, the number of rows, a row
 * whose label is this text alone. */
interface Case {
  name: string;
  lines: Word[][];
  settings?: Settings;
  rows?: Record<number, string[]>;
  labels?: string[];
  count?: number;
  rowOfItsOwn?: string;
}

const CASES: Case[] = [
  {
    name: "a wrap before a number, values on the label's first line: the label is one row (case of '18 years')",
    lines: EIGHTEEN_YEARS,
    rows: {
      3: ["Married-couple households with own children under 18 years", "12.1", "12.2"],
      4: ["Other family households", "13.1", "13.2"],
    },
    count: 6,
  },
  {
    name: "with the rule off, '18 years' is a row of its own (a child row, as hangingWraps keeps it)",
    lines: EIGHTEEN_YEARS,
    settings: OFF,
    rowOfItsOwn: "18 years",
  },
  {
    name: "values on a wrapped label's last line: the line hanging under a label without values joins it",
    lines: [
      HEADER,
      line(1, "Total, all industries", 60, ["10.1", "10.2"]),
      line(2, "Goods-producing:", 60),
      line(3, "Mining and logging", 72, ["11.1", "11.2"]),
      line(4, "Manufacturing, durable goods", 72),
      line(5, "and nondurable goods", 82, ["12.1", "12.2"]),
      line(6, "Households with children under", 72),
      line(7, "18 years", 82, ["13.1", "13.2"]),
      line(8, "Service-providing", 60, ["14.1", "14.2"]),
    ],
    rows: {
      4: ["Manufacturing, durable goods and nondurable goods", "12.1", "12.2"],
      // A number goes on a label only where the line above had no room for it: "Households with
      // children under" ends at 72 + 27 * 4 + 3 * 2 = 186, the stub's widest line.
      5: ["Households with children under 18 years", "13.1", "13.2"],
    },
    count: 7,
  },
  {
    name: "a child row and its parent both carrying values stay two rows (the 'Total, 16 years and over' case)",
    lines: [
      HEADER,
      line(1, "Total, 16 years and over", 60, ["10.1", "10.2"]),
      line(2, "16 to 19 years", 70, ["11.1", "11.2"]),
      line(3, "Both sexes", 60, ["12.1", "12.2"]),
    ],
    labels: ["Area of residence", "Total, 16 years and over", "16 to 19 years", "Both sexes"],
  },
  {
    name: "an 'of which' row under a short label without values stays a row: the label had room for its first word",
    lines: [
      HEADER,
      line(1, "Total, all persons in the area", 60, ["10.1", "10.2"]),
      line(2, "Employment", 60),
      line(3, "of which women", 70, ["11.1", "11.2"]),
      line(4, "Unemployment", 60, ["12.1", "12.2"]),
    ],
    labels: ["Area of residence", "Total, all persons in the area", "Employment", "of which women", "Unemployment"],
  },
  {
    name: "an indented line without values that heads indented rows is a section head, not a wrap",
    lines: [
      HEADER,
      line(1, "Total, all persons in the area", 60, ["10.1", "10.2"]),
      line(2, "16 years and over", 70),
      line(3, "Men", 82, ["11.1", "11.2"]),
      line(4, "Women", 82, ["12.1", "12.2"]),
    ],
    labels: ["Area of residence", "Total, all persons in the area", "16 years and over", "Men", "Women"],
  },
  {
    // "Mining" and "Construction" start in upper case, under a head with room to spare; and
    // "Mining" has a sibling at its indent.
    name: "a parent without values over siblings with values: indented rows of their own",
    lines: [
      HEADER,
      line(1, "Total, all industries in the area", 60, ["10.1", "10.2"]),
      line(2, "Goods-producing", 60),
      line(3, "Mining", 70, ["11.1", "11.2"]),
      line(4, "Construction", 70, ["12.1", "12.2"]),
    ],
    labels: ["Area of residence", "Total, all industries in the area", "Goods-producing", "Mining", "Construction"],
  },
  {
    name: "a label wrapped under the table's last row, values on its first line, belongs to the table",
    lines: LAST_ROW_WRAPPED,
    rows: { 3: ["Local government, excluding education", "12.1", "12.2"] },
  },
  {
    name: "with the rule off, the region ends above a label wrapped under the table's last row",
    lines: LAST_ROW_WRAPPED,
    settings: OFF,
    rows: { 3: ["Local government, excluding", "12.1", "12.2"] },
  },
];

for (const c of CASES) {
  test(c.name, () => {
    const rows = read(c.lines, c.settings);
    for (const [r, cells] of Object.entries(c.rows ?? {})) assert.deepEqual(rows[Number(r)], cells, `row ${r}`);
    if (c.labels)
      assert.deepEqual(
        rows.map((r) => r[0]),
        c.labels,
        "first column",
      );
    if (c.count !== undefined) assert.equal(rows.length, c.count);
    if (c.rowOfItsOwn !== undefined)
      assert.ok(
        rows.some((r) => r[0] === c.rowOfItsOwn),
        JSON.stringify(rows),
      );
  });
}

test("every case asserts something", () => {
  for (const c of CASES) assert.ok(c.rows || c.labels || c.count !== undefined || c.rowOfItsOwn !== undefined, c.name);
});
