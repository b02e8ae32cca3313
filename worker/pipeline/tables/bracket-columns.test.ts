import { test } from "node:test";
import assert from "node:assert/strict";
import { makeLine } from "../geometry/words-to-lines";
import { SETTINGS } from "../settings";
import type { TextLine, Word } from "../types";
import { splitBracketColumns } from "./bracket-columns";

/** A word at x0..x1 on line `row` (10 pt type, 14 pt pitch). */
const word = (text: string, x0: number, x1: number, row: number): Word => ({
  text,
  box: [x0, row * 14, x1, row * 14 + 10],
  size: 10,
  font: "F",
  bold: false,
  dir: 0,
});
/** Each line: a stub label and one chunk of value words. */
const lines = (rows: Array<Array<[string, number, number]>>): TextLine[][] =>
  rows.map((ws, row) => [makeLine([word(`Label${row}`, 0, 40, row)]), makeLine(ws.map(([t, a, b]) => word(t, a, b, row)))]);
const stub = { x0: 0, x1: 40 };

test("values and brackets each aligned on their own (gaps move with the brackets' widths): two columns", () => {
  // Values end at 120; brackets end at 160 whatever their width.
  const rows = lines([
    [
      ["1,234", 95, 120],
      ["(5.3)", 136, 160],
    ],
    [
      ["56", 108, 120],
      ["(45.3)", 130, 160],
    ],
    [
      ["7,890", 95, 120],
      ["(0.6)", 136, 160],
    ],
    [
      ["321", 103, 120],
      ["(12.0)", 130, 160],
    ],
  ]);
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 3);
  assert.equal(out.ambiguous, false);
  assert.deepEqual(
    out.chunkRows[1]!.map((c) => c.text),
    ["Label1", "56", "(45.3)"],
  );
});

test("a cell '38 (24.7%)' right-aligned as a whole (one word space before the bracket): one column", () => {
  // Brackets end at 160; the value ends one space (3 pt) before its bracket.
  const rows = lines([
    [
      ["38", 116, 127],
      ["(24.7%)", 130, 160],
    ],
    [
      ["1,269", 110, 133],
      ["(9.9%)", 136, 160],
    ],
    [
      ["705", 111, 127],
      ["(11.1%)", 130, 160],
    ],
    [
      ["63", 122, 133],
      ["(8.5%)", 136, 160],
    ],
  ]);
  const out = splitBracketColumns([stub, { x0: 110, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 2);
  assert.equal(out.chunkRows, rows);
  // Values that move with their brackets: the layout tells, no doubt.
  assert.equal(out.ambiguous, false);
});

/** Brackets all of one width under values aligned: value and bracket end in the same places. */
const ONE_WIDTH: Array<Array<[string, number, number]>> = [
  [
    ["1,234", 95, 120],
    ["(15.3)", 130, 160],
  ],
  [
    ["5,678", 95, 120],
    ["(45.3)", 130, 160],
  ],
  [
    ["7,890", 95, 120],
    ["(10.6)", 130, 160],
  ],
];

test("brackets all of one width and values aligned: one cell or two columns cannot be told, the column is in doubt", () => {
  const rows = lines(ONE_WIDTH);
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 2);
  assert.equal(out.ambiguous, true);
});

test("gaps and values both moving, too little apart to cut (estimated word boxes): the column is in doubt", () => {
  // Brackets end at 160; values end within 2 pt of each other, gaps differ by 3 pt: neither a
  // cell's one word space nor two columns aligned apart.
  const rows = lines([
    [
      ["1,234", 95, 120],
      ["(15.3)", 130, 160],
    ],
    [
      ["5,678", 94, 119],
      ["(5.3)", 132, 160],
    ],
    [
      ["7,890", 96, 121],
      ["(10.6)", 131, 160],
    ],
  ]);
  const out = splitBracketColumns([stub, { x0: 94, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 2);
  assert.equal(out.ambiguous, true);
});

test("one table cutting one paired column and keeping another of the same pattern whole: in doubt", () => {
  // Column one: values end at 120, brackets at 160 (two columns). Column two: one word space
  // before each bracket, brackets end at 260 (a cell's look on its own).
  const pairs: Array<[[string, number, number], [string, number, number], [string, number, number], [string, number, number]]> = [
    [
      ["1,234", 95, 120],
      ["(5.3)", 136, 160],
      ["38", 216, 227],
      ["(24.7%)", 230, 260],
    ],
    [
      ["56", 108, 120],
      ["(45.3)", 130, 160],
      ["1,269", 210, 233],
      ["(9.9%)", 236, 260],
    ],
    [
      ["7,890", 95, 120],
      ["(0.6)", 136, 160],
      ["705", 211, 227],
      ["(11.1%)", 230, 260],
    ],
    [
      ["321", 103, 120],
      ["(12.0)", 130, 160],
      ["63", 222, 233],
      ["(8.5%)", 236, 260],
    ],
  ];
  const rows = pairs.map(([a, b, c, d], row) => [
    makeLine([word(`Label${row}`, 0, 40, row)]),
    makeLine([a, b].map(([t, x0, x1]) => word(t, x0, x1, row))),
    makeLine([c, d].map(([t, x0, x1]) => word(t, x0, x1, row))),
  ]);
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }, { x0: 210, x1: 260 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 4, "the first pair cut, the second kept");
  assert.equal(out.ambiguous, true);
  // Without the second column the cut alone is no doubt.
  const alone = splitBracketColumns(
    [stub, { x0: 95, x1: 160 }],
    rows.map((r) => r.slice(0, 2)),
    10,
    SETTINGS,
  );
  assert.equal(alone.ambiguous, false);
});

/** Brackets of one width under values aligned (the geometry cannot tell), under a header line. */
const underHeader = (header: Array<[string, number, number]>): TextLine[][] => [
  [makeLine(header.map(([t, a, b]) => word(t, a, b, 0)))],
  ...lines(ONE_WIDTH).map((row, k) =>
    row.map((line) =>
      makeLine(line.words.map((w) => ({ ...w, box: [w.box[0], (k + 1) * 14, w.box[2], (k + 1) * 14 + 10] as Word["box"] }))),
    ),
  ),
];

test("a header naming the brackets apart (a label of their own over them) cuts a column the geometry cannot tell", () => {
  // "2007" over the values, "CI" centred over the brackets, 1.5 em apart.
  const rows = underHeader([
    ["2007", 98, 118],
    ["CI", 140, 150],
  ]);
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 3);
  assert.equal(out.ambiguous, false);
  assert.deepEqual(
    out.chunkRows[0]!.map((c) => c.text),
    ["2007", "CI"],
  );
  assert.deepEqual(
    out.chunkRows[2]!.map((c) => c.text),
    ["Label1", "5,678", "(45.3)"],
  );
  // A name wider than the values' column, starting left of it, still names the values.
  const wide = splitBracketColumns(
    [stub, { x0: 95, x1: 160 }],
    underHeader([
      ["Investment", 70, 124],
      ["CI", 140, 150],
    ]),
    10,
    SETTINGS,
  );
  assert.equal(wide.columns.length, 3);
  assert.equal(wide.ambiguous, false);
});

test("one label over the pair, its words a word space apart, does not name the brackets: still in doubt", () => {
  // "Population size" centred over the pair: "size" stands over the brackets, one space after.
  const rows = underHeader([
    ["Population", 95, 135],
    ["size", 138, 155],
  ]);
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 2);
  assert.equal(out.ambiguous, true);
  // A label over the brackets alone with no name over the values is not a pair of names either.
  const lone = splitBracketColumns([stub, { x0: 95, x1: 160 }], underHeader([["CI", 140, 150]]), 10, SETTINGS);
  assert.equal(lone.columns.length, 2);
  assert.equal(lone.ambiguous, true);
});

test("a long stub label set close to the values, read as one chunk with them, does not keep the column whole", () => {
  // The header names the brackets apart; on the last line the label ends 5 pt before the values
  // and the line's chunking took the pair into the label's chunk.
  const rows = underHeader([
    ["2007", 98, 118],
    ["CI", 140, 150],
  ]);
  const last = rows.at(-1)!;
  const label = word("Social security funds", 0, 90, rows.length - 1);
  rows[rows.length - 1] = [makeLine([label, ...last[1]!.words])];
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.equal(out.columns.length, 3);
  assert.equal(out.ambiguous, false);
  assert.deepEqual(
    out.chunkRows.at(-1)!.map((c) => c.text),
    ["Social security funds", "7,890", "(10.6)"],
  );
  // The label's words are kept once, beside the cut pair.
  assert.equal(out.chunkRows.at(-1)!.flatMap((c) => c.words).length, 3);
});

test("a chunk from the left holding a word across the column's edge is not taken apart", () => {
  const rows = underHeader([
    ["2007", 98, 118],
    ["CI", 140, 150],
  ]);
  const last = rows.at(-1)!;
  // "funds" runs from 80 to 100, across the column's left edge at 95.
  rows[rows.length - 1] = [makeLine([word("Social", 0, 30, rows.length - 1), word("funds", 80, 100, rows.length - 1), ...last[1]!.words])];
  const out = splitBracketColumns([stub, { x0: 95, x1: 160 }], rows, 10, SETTINGS);
  assert.deepEqual(
    out.chunkRows.at(-1)!.map((c) => c.text),
    ["Social funds 7,890 (10.6)"],
  );
});
