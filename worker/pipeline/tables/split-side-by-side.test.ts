import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel } from "../types";
import { SETTINGS } from "../settings";
import { splitSideBySide } from "./split-side-by-side";

/** A layout table from rows of [text, x0, x1] (one header line), 12 pt rows. */
function model(rows: Array<Array<[string, number, number]>>): TableModel {
  const cells: ModelCell[] = rows.flatMap((row, r) =>
    row.map(([text, x0, x1], col) => ({
      row: r,
      col,
      rowSpan: 1,
      colSpan: 1,
      text,
      box: text ? ([x0, r * 12, x1, r * 12 + 9] as [number, number, number, number]) : null,
    })),
  );
  return {
    box: [0, 0, 600, rows.length * 12],
    nRows: rows.length,
    nCols: rows[0]!.length,
    cells,
    headerRows: 1,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

test("two tables side by side: cut at the wide gutter before a named label column; the shorter one loses its empty rows", () => {
  const t = model([
    [
      ["Country", 0, 40],
      ["2019", 60, 80],
      ["2020", 100, 120],
      ["Sector", 200, 240],
      ["Jobs", 260, 280],
    ],
    [
      ["France", 0, 35],
      ["1.2", 68, 80],
      ["3.4", 108, 120],
      ["Mining", 200, 235],
      ["12", 270, 280],
    ],
    [
      ["Spain", 0, 30],
      ["5.6", 68, 80],
      ["7.8", 108, 120],
      ["Energy", 200, 236],
      ["34", 270, 280],
    ],
    [
      ["Italy", 0, 25],
      ["9.0", 68, 80],
      ["1.1", 108, 120],
      ["", 0, 0],
      ["", 0, 0],
    ],
  ]);
  const parts = splitSideBySide(t, SETTINGS);
  assert.equal(parts.length, 2);
  assert.deepEqual([parts[0]!.nCols, parts[0]!.nRows, parts[1]!.nCols, parts[1]!.nRows], [3, 4, 2, 3]);
  assert.deepEqual(
    parts[1]!.cells.filter((c) => c.row === 0).map((c) => [c.col, c.text]),
    [
      [0, "Sector"],
      [1, "Jobs"],
    ],
  );
});

test("a text column inside one table, behind an ordinary gutter, keeps the table whole", () => {
  const t = model([
    [
      ["Country", 0, 40],
      ["2019", 60, 80],
      ["2020", 100, 120],
      ["Notes", 140, 170],
      ["Rank", 190, 210],
    ],
    [
      ["France", 0, 35],
      ["1.2", 68, 80],
      ["3.4", 108, 120],
      ["revised", 140, 175],
      ["1", 205, 210],
    ],
    [
      ["Spain", 0, 30],
      ["5.6", 68, 80],
      ["7.8", 108, 120],
      ["final", 140, 165],
      ["2", 205, 210],
    ],
  ]);
  assert.equal(splitSideBySide(t, SETTINGS).length, 1);
});
