import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel, Word } from "../types";
import { markMixedCells, mixedCellKind, mixedCellSettings, stubHoldsValues } from "./mixed-cells";
import { SETTINGS } from "../settings";

const SETTINGS_HERE = mixedCellSettings(SETTINGS);

/** Words of one line at `y`, each `[text, x0]`, 10 pt type, 5 pt a character. */
function line(y: number, ...words: Array<[string, number]>): Word[] {
  return words.map(([text, x0]) => ({ text, box: [x0, y, x0 + text.length * 5, y + 10], size: 10, font: "F", bold: false, dir: 0 }));
}

test("numbers of two columns side by side in a body cell hold several cells", () => {
  // 6 pt apart at 10 pt type: 0.6 em, wider than any word space.
  assert.equal(mixedCellKind(line(100, ["7284.4", 200], ["1742.0", 236]), true, false, SETTINGS_HERE), "side-by-side");
  assert.equal(mixedCellKind(line(100, ["12", 200], ["34", 220]), true, false, SETTINGS_HERE), "side-by-side");
});

test("one value written in several words is one cell", () => {
  // A thousands group a word space (2.5 pt) apart or set wide.
  assert.equal(mixedCellKind(line(100, ["100", 200], ["000", 217.5]), true, false, SETTINGS_HERE), null);
  assert.equal(mixedCellKind(line(100, ["1", 200], ["250", 215]), true, false, SETTINGS_HERE), null);
  // Two numbers a word space apart (0.25 em).
  assert.equal(mixedCellKind(line(100, ["12.3", 200], ["4.5", 222.5]), true, false, SETTINGS_HERE), null);
  // A value and its bracket, a range, an interval.
  assert.equal(mixedCellKind(line(100, ["12.3", 200], ["(4.5)", 230]), true, false, SETTINGS_HERE), null);
  assert.equal(mixedCellKind(line(100, ["1.2", 200], ["-", 220], ["3.4", 230]), true, false, SETTINGS_HERE), null);
  assert.equal(mixedCellKind(line(100, ["(12.3,", 200], ["15.6)", 240]), true, false, SETTINGS_HERE), null);
  // A label holding numbers, and one with dot leaders.
  assert.equal(mixedCellKind(line(100, ["Total", 50], ["1995", 90]), true, true, SETTINGS_HERE), null);
  assert.equal(mixedCellKind(line(100, ["16", 50], ["to", 70], ["19", 85], ["years", 100]), true, true, SETTINGS_HERE), null);
  assert.equal(mixedCellKind(line(100, ["Mining", 50], [".......", 90], ["12.3", 140]), true, true, SETTINGS_HERE), null);
  // A footnote mark set small after the value.
  const marked = line(100, ["45.2", 200]);
  marked.push({ text: "1", box: [227, 98, 230, 104], size: 6, font: "F", bold: false, dir: 0 });
  assert.equal(mixedCellKind(marked, true, false, SETTINGS_HERE), null);
});

test("two values each with its own bracket, set a word space apart, hold two columns' cells", () => {
  // "874.15 [58.0-63.4] 542.98 [89.9-93.2]": every gap a word space, so no pair of plain numbers
  // stands apart, and each adjacent pair is a value and its bracket.
  const pairs = line(100, ["874.15", 200], ["[58.0-63.4]", 233], ["542.98", 291], ["[89.9-93.2]", 324]);
  assert.equal(mixedCellKind(pairs, true, false, SETTINGS_HERE), "side-by-side");
  assert.equal(
    mixedCellKind(line(100, ["12.3", 200], ["(4.5)", 223], ["15.6", 251], ["(0.8)", 274]), true, false, SETTINGS_HERE),
    "side-by-side",
  );
  // Off, or in the header: no doubt.
  assert.equal(mixedCellKind(pairs, true, false, { ...SETTINGS_HERE, valueBracketPairs: false }), null);
  assert.equal(mixedCellKind(pairs, false, false, SETTINGS_HERE), null);
  // One value and its bracket, and a further plain value after it: one pair only, no doubt.
  assert.equal(mixedCellKind(line(100, ["12.3", 200], ["(4.5)", 223], ["15.6", 251]), true, false, SETTINGS_HERE), null);
});

test("numbers side by side in a header cell are names (years), not a doubt", () => {
  assert.equal(mixedCellKind(line(100, ["2019", 200], ["2020", 230]), false, false, SETTINGS_HERE), null);
});

test("a line of values and a line of names stacked right of the stub hold several cells", () => {
  assert.equal(mixedCellKind([...line(100, ["37.5%", 200]), ...line(114, ["Turnover", 195])], false, false, SETTINGS_HERE), "stacked");
  assert.equal(
    mixedCellKind([...line(100, ["Output", 200]), ...line(114, ["6314.5", 200], ["4432.1", 240])], false, false, SETTINGS_HERE),
    "stacked",
  );
  // A row's value over the next part's name: counts grouped in thousands, negatives in brackets.
  assert.equal(mixedCellKind([...line(100, ["3,335", 200]), ...line(114, ["Hours", 200])], false, false, SETTINGS_HERE), "stacked");
  assert.equal(mixedCellKind([...line(100, ["(9,031)", 200]), ...line(114, ["Employment", 195])], false, false, SETTINGS_HERE), "stacked");
});

test("a name wrapped over a unit, a year span or a bracket is one cell", () => {
  const stacked = (top: Word[], bottom: Word[]) => mixedCellKind([...top, ...bottom], false, false, SETTINGS_HERE);
  assert.equal(stacked(line(100, ["Population", 200]), line(114, ["1", 210], ["000", 217.5])), null);
  assert.equal(stacked(line(100, ["Change", 200]), line(114, ["2009-10", 200])), null);
  assert.equal(stacked(line(100, ["Employment", 200]), line(114, ["(1", 200], ["000)", 212.5])), null);
  assert.equal(stacked(line(100, ["Growth", 200]), line(114, ["in", 200], ["%", 212.5])), null);
  assert.equal(stacked(line(100, ["12.3", 200]), line(114, ["(4.5)", 200])), null);
  // A year or a column number over a name.
  assert.equal(stacked(line(100, ["2010", 200]), line(114, ["estimated", 195])), null);
  assert.equal(stacked(line(100, ["(1)", 200]), line(114, ["Output", 200])), null);
  // A count alone under a name may be its unit.
  assert.equal(stacked(line(100, ["Persons", 200]), line(114, ["1000", 200])), null);
  // In the stub a label may end on a line of numbers of its own.
  assert.equal(mixedCellKind([...line(100, ["Persons", 50]), ...line(114, ["12.5", 50])], true, true, SETTINGS_HERE), null);
});

function model(cells: Array<[number, number, string, Word[]]>): { table: TableModel; words: Word[] } {
  const words = cells.flatMap(([, , , w]) => w);
  const modelCells: ModelCell[] = cells.map(([row, col, text, w]) => ({
    row,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: [
      Math.min(...w.map((x) => x.box[0])),
      Math.min(...w.map((x) => x.box[1])),
      Math.max(...w.map((x) => x.box[2])),
      Math.max(...w.map((x) => x.box[3])),
    ],
  }));
  const table: TableModel = {
    box: [50, 100, 300, 130],
    nRows: 2,
    nCols: 2,
    cells: modelCells,
    headerRows: 1,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
  return { table, words };
}

test("a table with a cell holding two columns' values is disputed; a right one is not", () => {
  const wrong = model([
    [0, 0, "Region", line(100, ["Region", 50])],
    [0, 1, "Output", line(100, ["Output", 200])],
    [1, 0, "Central government", line(114, ["Central", 50], ["government", 90])],
    [1, 1, "7284.4 1742.0", line(114, ["7284.4", 200], ["1742.0", 236])],
  ]);
  markMixedCells([wrong.table], wrong.words, SETTINGS_HERE);
  assert.equal(wrong.table.disputed, true);
  assert.equal(wrong.table.structureDoubt, "mixed-cells");

  const right = model([
    [0, 0, "Region", line(100, ["Region", 50])],
    [0, 1, "Output", line(100, ["Output", 200])],
    [1, 0, "Central government", line(114, ["Central", 50], ["government", 90])],
    [1, 1, "7 284.4", line(114, ["7", 200], ["284.4", 207.5])],
  ]);
  markMixedCells([right.table], right.words, SETTINGS_HERE);
  assert.equal(right.table.disputed, false);
  assert.equal(right.table.structureDoubt, undefined);
});

/** A word from x0 to x1 on the line at `y` (10 pt type). */
const wordAt = (text: string, x0: number, x1: number, y: number): Word => ({ ...line(y, [text, x0])[0]!, box: [x0, y, x1, y + 10] });

test("a stub whose labels each end in a value, the values' right edges in line: a value column read into the stub", () => {
  // Labels of different lengths (ending at `ends`), each followed by a number right-aligned at 200.
  const rows = (ends: number[], numbers: string[]) =>
    ends.map((end, k) => [
      wordAt("Label", 0, 25, k * 14),
      wordAt("words", 30, end, k * 14),
      wordAt(numbers[k]!, 200 - numbers[k]!.length * 5, 200, k * 14),
    ]);
  assert.equal(stubHoldsValues(rows([80, 120, 95], ["59.5", "896.8", "626.5"]), SETTINGS_HERE), true);
  // Names that end in a number where each name ends ("Total 1995"): the numbers do not line up.
  const names = [80, 120, 95].map((end, k) => [wordAt("Label", 0, 25, k * 14), wordAt("1995", end + 3, end + 23, k * 14)]);
  assert.equal(stubHoldsValues(names, SETTINGS_HERE), false);
  // Labels all of one length (their ends in line too): no evidence; two rows only: too few.
  assert.equal(stubHoldsValues(rows([100, 100, 100], ["59.5", "896.8", "626.5"]), SETTINGS_HERE), false);
  assert.equal(stubHoldsValues(rows([80, 120], ["59.5", "896.8"]), SETTINGS_HERE), false);
  // The rule off.
  assert.equal(stubHoldsValues(rows([80, 120, 95], ["59.5", "896.8", "626.5"]), { ...SETTINGS_HERE, stubValuesAlignEm: 0 }), false);
});
