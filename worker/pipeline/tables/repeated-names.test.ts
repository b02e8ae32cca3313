import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, ModelCell, TableModel } from "../types";
import { markRepeatedNameClashes } from "./repeated-names";

/** A table at `top` whose first row holds `names` at the given x ranges (column k the k-th), then a
 * row of values; `headerRows` 1 unless given. */
function part(top: number, names: Array<[string, number, number]>, left = 40, headerRows = 1): TableModel {
  const cells: ModelCell[] = names.flatMap(([text, x0, x1], col) => [
    { row: 0, col, rowSpan: 1, colSpan: 1, text, box: [x0, top, x1, top + 10] as Box },
    { row: 1, col, rowSpan: 1, colSpan: 1, text: col === 0 ? "Exports" : `${col}.0`, box: [x0, top + 14, x1, top + 24] as Box },
  ]);
  return {
    box: [left, top, 350, top + 24],
    nRows: 2,
    nCols: names.length,
    cells,
    headerRows,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

/** The names of the part above, over its value columns, without its stub's name. */
const YEARS: Array<[string, number, number]> = [
  ["2009", 240, 265],
  ["2010", 281, 306],
  ["2011", 323, 347],
];

const upper = () => part(60, [["Per capita", 40, 95], ...YEARS]);

test("a part whose repeated names stand over other columns than the part above: both in doubt", () => {
  // The one-row part read a column short: its label glued to its first value, "2009" in its first column.
  const lower = part(133, YEARS, 40, 0);
  const tables = [upper(), lower];
  markRepeatedNameClashes(tables, 0.5);
  assert.deepEqual(
    tables.map((t) => [t.disputed, t.structureDoubt]),
    [
      [true, "repeated-names"],
      [true, "repeated-names"],
    ],
  );
  // Switched off: no doubt.
  const off = [upper(), { ...lower, disputed: false, structureDoubt: undefined }];
  markRepeatedNameClashes(off, 0);
  assert.ok(off.every((t) => !t.disputed));
});

test("repeated names over the same columns, names elsewhere, another left edge or one name alike: no doubt", () => {
  const cases: Record<string, TableModel> = {
    "the same columns": upper(),
    "moved by an em": part(133, [
      ["Per capita", 40, 95],
      ["2009", 250, 275],
      ["2010", 291, 316],
      ["2011", 333, 357],
    ]),
    "another left edge": part(133, YEARS, 200),
    // "2009" in another column, but the only name alike: a coincidence of one word.
    "one name alike": part(
      133,
      [
        ["2009", 240, 265],
        ["Share", 281, 306],
        ["Net", 323, 347],
      ],
      40,
      0,
    ),
  };
  for (const [name, lower] of Object.entries(cases)) {
    const tables = [upper(), lower];
    markRepeatedNameClashes(tables, 0.5);
    assert.ok(
      tables.every((t) => !t.disputed),
      name,
    );
  }
});
