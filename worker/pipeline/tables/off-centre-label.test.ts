import { test } from "node:test";
import assert from "node:assert/strict";
import { SETTINGS } from "../settings";
import type { ModelCell, TableModel } from "../types";
import { offCentreLoneLabel } from "./off-centre-label";

/** A stub and two value columns centred at 200 and 240; one header row with labels
 * [column, centre x, text]. */
function table(labels: Array<[number, number, string]>): TableModel {
  const cells: ModelCell[] = labels.map(([col, cx, text]) => ({
    row: 0,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: [cx - 12, 100, cx + 12, 110],
  }));
  for (let row = 1; row <= 3; row++) {
    cells.push({ row, col: 0, rowSpan: 1, colSpan: 1, text: `Label ${row}`, box: [50, 100 + row * 14, 100, 110 + row * 14] });
    cells.push({ row, col: 1, rowSpan: 1, colSpan: 1, text: "92.7%", box: [188, 100 + row * 14, 212, 110 + row * 14] });
    cells.push({ row, col: 2, rowSpan: 1, colSpan: 1, text: "[41.2-46.6]", box: [222, 100 + row * 14, 258, 110 + row * 14] });
  }
  return { box: [50, 100, 258, 152], nRows: 4, nCols: 3, cells, headerRows: 1, rowGroups: [], source: "pdf-layout", disputed: false };
}

test("a lone label between a value and its bracket, placed in one column, the other unnamed: in doubt", () => {
  assert.equal(offCentreLoneLabel(table([[2, 221, "Wages"]]), SETTINGS), true);
});

test("labels centred on their own columns, or a neighbour named too: no doubt", () => {
  assert.equal(offCentreLoneLabel(table([[1, 200, "Wages"]]), SETTINGS), false, "centred on its column");
  assert.equal(
    offCentreLoneLabel(
      table([
        [1, 200, "Wages"],
        [2, 236, "CI"],
      ]),
      SETTINGS,
    ),
    false,
    "both named",
  );
});
