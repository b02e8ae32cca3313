import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel } from "../types";
import { joinUnitLines } from "./unit-lines";

test("a units line in parentheses joins the band right above it over the same columns, nothing else", () => {
  const cell = (row: number, col: number, colSpan: number, text: string): ModelCell => ({
    row,
    col,
    rowSpan: 1,
    colSpan,
    text,
    box: text ? [col * 10, row * 10, (col + colSpan) * 10, row * 10 + 8] : null,
  });
  const model = {
    box: [0, 0, 50, 50],
    nRows: 4,
    nCols: 5,
    cells: [
      cell(0, 1, 2, "Foreign"),
      cell(0, 3, 2, "Public"),
      cell(1, 1, 2, "(Thousands)"),
      cell(1, 3, 1, "(Percent)"),
      cell(2, 1, 1, "2018"),
    ],
    headerRows: 3,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  } as TableModel;
  joinUnitLines(model);
  assert.deepEqual(
    model.cells.map((c) => c.text),
    ["Foreign (Thousands)", "Public", "", "(Percent)", "2018"],
  );
  assert.deepEqual(model.cells[0]!.box, [10, 0, 30, 18]);
});
