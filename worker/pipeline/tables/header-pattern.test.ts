import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel, Word } from "../types";
import { SETTINGS } from "../settings";
import { bandsOverRepeatedGroups, headerDisagreesWithRepeatedGroups, repeatedLeafGroups } from "./header-pattern";

const word = (text: string, x0: number, y0: number): Word => ({
  text,
  box: [x0, y0, x0 + text.length * 5, y0 + 10],
  size: 10,
  font: "F",
  bold: false,
  dir: 0,
});

/** A header of `rows` lines over a stub and four value columns 60 pt apart (x = 100, 160, ...);
 * each entry: row, first column, span, and the lines of its text (each line 12 pt below the last). */
function table(header: Array<[number, number, number, string[]]>, headerRows: number): { model: TableModel; words: Word[] } {
  const words: Word[] = [];
  const cells: ModelCell[] = header.map(([row, col, span, lines]) => {
    const x0 = col === 0 ? 0 : 100 + (col - 1) * 60;
    const y0 = row * 30;
    lines.forEach((line, k) => line.split(" ").forEach((t, j) => words.push(word(t, x0 + j * 30, y0 + k * 12))));
    const x1 = x0 + Math.max(...lines.map((l) => l.length)) * 5 + 30;
    return { row, col, rowSpan: 1, colSpan: span, text: lines.join(" "), box: [x0, y0, x1, y0 + lines.length * 12 - 2] };
  });
  cells.push({ row: headerRows, col: 0, rowSpan: 1, colSpan: 1, text: "Mining", box: [0, 100, 30, 110] });
  const model: TableModel = {
    box: [0, 0, 400, 200],
    nRows: headerRows + 1,
    nCols: 5,
    cells,
    headerRows,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
  return { model, words };
}

test("leaf names repeating in groups: the smallest period over two groups or more", () => {
  assert.deepEqual(repeatedLeafGroups([null, "Number", "Percent", "Number", "Percent"], 2), { start: 1, period: 2, groups: 2 });
  assert.deepEqual(repeatedLeafGroups([null, "Total", "2018", "2019", "2018", "2019"], 2), { start: 2, period: 2, groups: 2 });
  // One name all along, or names that never repeat: no groups.
  assert.equal(repeatedLeafGroups([null, "%", "%", "%", "%"], 2), null);
  assert.equal(repeatedLeafGroups([null, "A", "B", "C", "D"], 2), null);
  assert.equal(repeatedLeafGroups([null, "Number", "Percent", "Number", "Percent"], 3), null);
});

test("bands over whole groups agree with the repeated names; a band cut at a gutter does not", () => {
  const leaves: Array<[number, number, number, string[]]> = [
    [1, 0, 1, ["Item"]],
    [1, 1, 1, ["2018"]],
    [1, 2, 1, ["2019"]],
    [1, 3, 1, ["2018"]],
    [1, 4, 1, ["2019"]],
  ];
  const agree = table([[0, 1, 2, ["Women"]], [0, 3, 2, ["Public"]], ...leaves], 2);
  assert.equal(headerDisagreesWithRepeatedGroups(agree.model, agree.words, 2), false);
  const cut = table([[0, 1, 2, ["Women"]], [0, 3, 1, ["Second"]], [0, 4, 1, ["half"]], ...leaves], 2);
  assert.equal(headerDisagreesWithRepeatedGroups(cut.model, cut.words, 2), true);
  const across = table([[0, 2, 2, ["Women"]], ...leaves], 2);
  assert.equal(headerDisagreesWithRepeatedGroups(across.model, across.words, 2), true, "a band over the second and third columns");
  // A label over every group (a title over the value columns) is no band of one group.
  const title = table([[0, 1, 4, ["Output"]], ...leaves], 2);
  assert.equal(headerDisagreesWithRepeatedGroups(title.model, title.words, 2), false);
});

test("names whose last lines repeat while the lines above differ hold a band line each", () => {
  const merged = table(
    [
      [0, 0, 1, ["Item"]],
      [0, 1, 1, ["Private", "Value"]],
      [0, 2, 1, ["Change"]],
      [0, 3, 1, ["Men", "Value"]],
      [0, 4, 1, ["Change"]],
    ],
    1,
  );
  assert.equal(headerDisagreesWithRepeatedGroups(merged.model, merged.words, 2), true);
  // Wrapped names repeating whole ("Number of / persons" in each group) agree.
  const wrapped = table(
    [
      [0, 0, 1, ["Item"]],
      [0, 1, 1, ["Number of", "persons"]],
      [0, 2, 1, ["Change"]],
      [0, 3, 1, ["Number of", "persons"]],
      [0, 4, 1, ["Change"]],
    ],
    1,
  );
  assert.equal(headerDisagreesWithRepeatedGroups(wrapped.model, wrapped.words, 2), false);
});

test("a label flush left over each group's first column, names repeating whole: a band over its group", () => {
  const leaves: Array<[number, number, number, string[]]> = [
    [1, 0, 1, ["Item"]],
    [1, 1, 1, ["Value"]],
    [1, 2, 1, ["Change"]],
    [1, 3, 1, ["Value"]],
    [1, 4, 1, ["Change"]],
  ];
  const flush = table([[0, 1, 1, ["Private"]], [0, 3, 1, ["Men"]], ...leaves], 2);
  assert.equal(bandsOverRepeatedGroups(flush.model, SETTINGS), true);
  const bands = flush.model.cells.filter((c) => c.row === 0);
  assert.deepEqual(
    bands.map((c) => [c.text, c.col, c.colSpan]),
    [
      ["Private", 1, 2],
      ["Men", 3, 2],
    ],
  );
  assert.equal(headerDisagreesWithRepeatedGroups(flush.model, flush.words, 2), false);
  // A label over one group only, over a column that is not a group's first, one label twice, or
  // names that do not repeat: left as read.
  const cases: Array<Array<[number, number, number, string[]]>> = [
    [[0, 1, 1, ["Private"]], ...leaves],
    [[0, 1, 1, ["Private"]], [0, 4, 1, ["Men"]], ...leaves],
    [[0, 1, 1, ["Private"]], [0, 3, 1, ["Private"]], ...leaves],
    [
      [0, 1, 1, ["Private"]],
      [0, 3, 1, ["Men"]],
      [1, 0, 1, ["Item"]],
      [1, 1, 1, ["A"]],
      [1, 2, 1, ["B"]],
      [1, 3, 1, ["C"]],
      [1, 4, 1, ["D"]],
    ],
  ];
  for (const header of cases) {
    const { model } = table(header, 2);
    const before = JSON.stringify(model.cells);
    assert.equal(bandsOverRepeatedGroups(model, SETTINGS), false, JSON.stringify(header.slice(0, 2)));
    assert.equal(JSON.stringify(model.cells), before);
  }
});
