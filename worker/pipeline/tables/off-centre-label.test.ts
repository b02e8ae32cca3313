import { test } from "node:test";
import assert from "node:assert/strict";
import { SETTINGS } from "../settings";
import type { ModelCell, TableModel } from "../types";
import { bodyCentres, offCentreLoneLabel } from "./off-centre-label";

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

test("the last line of a wrapped name, in a header row of its own under its name, is no lone label", () => {
  // Row 0: names over both value columns; row 1: the last line of column 2's name, leaning left as
  // its first line does (left-aligned over wider numbers), column 1 with no line there.
  const wrapped = (last: [number, number]): TableModel => {
    const m = table([
      [1, 200, "Gross value"],
      [2, 231, "Share of"],
    ]);
    const shift = (c: ModelCell) =>
      c.row >= 1 ? { ...c, row: c.row + 1, box: c.box && ([c.box[0], c.box[1] + 14, c.box[2], c.box[3] + 14] as ModelCell["box"]) } : c;
    const cells = m.cells.map(shift);
    cells.push({ row: 1, col: 2, rowSpan: 1, colSpan: 1, text: "women", box: [last[0], 114, last[1], 124] });
    return { ...m, cells, nRows: 5, headerRows: 2 };
  };
  // Within the width of the line above (219-243), or centred on it (231).
  assert.equal(offCentreLoneLabel(wrapped([220, 236]), SETTINGS), false, "within its name's width");
  assert.equal(offCentreLoneLabel(wrapped([215, 247]), SETTINGS), false, "centred on its name");
  // The rule off, or a line neither within nor centred: a lone label leaning to an unnamed column.
  assert.equal(offCentreLoneLabel(wrapped([220, 236]), { ...SETTINGS, offCentreCarryTolerance: -1 }), true);
  assert.equal(offCentreLoneLabel(wrapped([205, 230]), SETTINGS), true, "sticking out left of its name");
});

/** bodyCentres as first defined: every column filters all the table's cells. */
function bodyCentresByFilter(model: TableModel): number[] {
  return Array.from({ length: model.nCols }, (_, c) => {
    const boxes = model.cells
      .filter((x) => x.row >= model.headerRows && x.col === c && x.colSpan === 1 && x.text !== "" && x.box)
      .map((x) => x.box!);
    if (boxes.length === 0) return NaN;
    return (Math.min(...boxes.map((b) => b[0])) + Math.max(...boxes.map((b) => b[2]))) / 2;
  });
}

test("bodyCentres sorts cells into columns in one pass and gives the former definition's centres on drawn tables", () => {
  let state = 11;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  // Edges from a small pool, so that ties, signed zeros and NaN meet in one column.
  const edges = [0, -0, 12.5, 40, 40, 97.25, 180, NaN];
  for (let k = 0; k < 3000; k++) {
    const nCols = pick([1, 2, 3, 5, 8]);
    const nRows = 1 + Math.floor(next() * 6);
    const cells: ModelCell[] = Array.from({ length: Math.floor(next() * 25) }, () => ({
      row: Math.floor(next() * nRows),
      // Now and then a column outside the table (no column of it).
      col: pick([...Array(nCols).keys(), -1, nCols]),
      rowSpan: 1,
      colSpan: pick([1, 1, 1, 2]),
      text: pick(["", "12", "Wages"]),
      box: next() < 0.1 ? null : [pick(edges), 0, pick(edges), 10],
    }));
    const model: TableModel = {
      box: [0, 0, 200, 100],
      nRows,
      nCols,
      cells,
      headerRows: Math.floor(next() * 3),
      rowGroups: [],
      source: "pdf-layout",
      disputed: false,
    };
    const now = bodyCentres(model);
    const former = bodyCentresByFilter(model);
    assert.equal(now.length, former.length);
    now.forEach((v, c) => assert.ok(Object.is(v, former[c]), `table ${k}, column ${c}: ${v} against ${former[c]}`));
  }
});
