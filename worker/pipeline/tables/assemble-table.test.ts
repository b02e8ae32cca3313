import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel } from "../types";
import { modelToTable } from "./assemble-table";

/** A two-line header over one body row; `top` gives the first line's labels as [text, col, colSpan]. */
function headerModel(top: Array<[string, number, number]>, leaves: string[]): TableModel {
  const box = (col: number, row: number): [number, number, number, number] => [col * 50, row * 12, col * 50 + 40, row * 12 + 10];
  const cells: ModelCell[] = [
    ...top.map(([text, col, colSpan]) => ({ row: 0, col, rowSpan: 1, colSpan, text, box: box(col, 0) })),
    ...leaves.map((text, col) => ({ row: 1, col, rowSpan: 1, colSpan: 1, text, box: text === "" ? null : box(col, 1) })),
    ...leaves.map((_, col) => ({ row: 2, col, rowSpan: 1, colSpan: 1, text: String(col), box: box(col, 2) })),
  ];
  return {
    box: [0, 0, leaves.length * 50, 36],
    nRows: 3,
    nCols: leaves.length,
    cells,
    headerRows: 2,
    rowGroups: [],
    source: "pdf-grid",
    disputed: false,
  };
}

test("a one-column label beside bands is a band when the name under it repeats under a band", () => {
  // From the EU set: hypermarkets | supermarkets | others* over 1996 | change | 1996 | change | 1996.
  const table = modelToTable(
    headerModel(
      [
        ["hypermarkets", 1, 2],
        ["supermarkets", 3, 2],
        ["others*", 5, 1],
      ],
      ["", "1996", "change", "1996", "change", "1996"],
    ),
    1,
    0,
  );
  assert.deepEqual(table.header, ["", "1996", "change", "1996", "change", "1996"]);
  assert.deepEqual(
    table.colbands?.map((b) => [b.label, b.start_col, b.end_col]),
    [
      ["hypermarkets", 1, 2],
      ["supermarkets", 3, 4],
      ["others*", 5, 5],
    ],
  );
});

test("a wrapped one-column name beside bands stays one name", () => {
  // From the US set: "Total" over "population" next to the Male | Female bands.
  const table = modelToTable(
    headerModel(
      [
        ["white", 1, 2],
        ["Total", 3, 1],
      ],
      ["Age", "Male", "Female", "population"],
    ),
    1,
    0,
  );
  assert.deepEqual(table.header, ["Age", "Male", "Female", "Total population"]);
  assert.deepEqual(
    table.colbands?.map((b) => b.label),
    ["white"],
  );
});
