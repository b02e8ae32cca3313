import { test } from "node:test";
import assert from "node:assert/strict";
import { makeLine } from "../geometry/words-to-lines";
import type { ModelCell, TableModel, TextLine, Word } from "../types";
import { markTailWraps } from "./tail-doubt";

/** Three body rows 14 pt apart (10 pt type, 4 pt gaps) under a header: stub at x 50, values at 200
 * and 260. The last row's label is `last`. */
function table(last = "Local government,"): TableModel {
  const rows = [
    ["Sector", "2019", "2020"],
    ["Mining", "1.5", "2.5"],
    ["Energy", "3.1", "4.0"],
    [last, "7.2", "8.8"],
  ];
  const cells: ModelCell[] = rows.flatMap((texts, row) =>
    texts.map((text, col) => {
      const x0 = col === 0 ? 50 : 180 + (col - 1) * 60;
      return {
        row,
        col,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: [x0, 100 + row * 14, x0 + (col === 0 ? 90 : 20), 110 + row * 14] as [number, number, number, number],
      };
    }),
  );
  return { box: [50, 100, 260, 152], nRows: 4, nCols: 3, cells, headerRows: 1, rowGroups: [], source: "pdf-layout", disputed: false };
}
const word = (text: string, x0: number, y0: number): Word => ({
  text,
  box: [x0, y0, x0 + text.length * 4, y0 + 10],
  size: 10,
  font: "F",
  bold: false,
  dir: 0,
});
const line = (text: string, x0: number, y0: number): TextLine[] => [makeLine([word(text, x0, y0)])];

test("a row label's wrap left out under the table (lower case, or hung indented): the table's end is in doubt", () => {
  for (const below of [line("excluding education", 50, 156), line("Excluding education", 62, 156)]) {
    const t = table();
    markTailWraps([t], [below], 1.5, 0.5);
    assert.equal(t.disputed, true, below[0]!.text);
  }
});

test("a note or source flush with the stub, a symbol, a line over the values or far below: no doubt", () => {
  const cases: Array<[string, TextLine[]]> = [
    ["source", line("Source: national accounts", 50, 156)],
    ["statistic", line("χ 2 = 16.9, p < 0.001", 50, 156)],
    ["over the values", line("excluding education and health services in all", 50, 156)],
    ["far below", line("excluding education", 50, 190)],
  ];
  for (const [name, below] of cases) {
    const t = table();
    markTailWraps([t], [below], 1.5, 0.5);
    assert.equal(t.disputed, false, name);
  }
});
