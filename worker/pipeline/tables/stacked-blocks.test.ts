// Where a layout-read table stacks blocks under their own lines of names (stacked-blocks.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ModelCell, TableModel } from "../types";
import { SETTINGS } from "../settings";
import { isNamesRow, stackedBlockBoxes } from "./stacked-blocks";

/** A table from its lines of texts, each line 12 pt below the last, columns 60 pt apart. */
function table(lines: string[][], source: TableModel["source"] = "pdf-layout"): TableModel {
  const cells: ModelCell[] = lines.flatMap((line, row) =>
    line.map((text, col) => ({
      row,
      col,
      rowSpan: 1,
      colSpan: 1,
      text,
      box: text === "" ? null : [100 + col * 60, 100 + row * 12, 140 + col * 60, 108 + row * 12],
    })),
  );
  return {
    box: [100, 100, 100 + 60 * lines[0]!.length, 108 + 12 * (lines.length - 1)],
    nRows: lines.length,
    nCols: lines[0]!.length,
    cells,
    headerRows: 1,
    rowGroups: [],
    source,
    disputed: false,
  };
}
const row = (texts: string[]): ModelCell[] => texts.map((text, col) => ({ row: 0, col, rowSpan: 1, colSpan: 1, text, box: null }));

test("a line of names: words or years in order over half the value columns, no value", () => {
  assert.equal(isNamesRow(row(["Share (%)", "2019", "2020", "2021"]), 4, 0.5), true);
  assert.equal(isNamesRow(row(["Total", "Wages", "Hours", "Prices"]), 4, 0.5), true);
  // Values, marks standing for values, years out of order, one name only: not a line of names.
  assert.equal(isNamesRow(row(["Total", "12.5", "Hours", "Prices"]), 4, 0.5), false);
  assert.equal(isNamesRow(row(["Malta", "(NA)", "Z", "NA"]), 4, 0.5), false);
  assert.equal(isNamesRow(row(["Births", "2019", "2011", "2020"]), 4, 0.5), false);
  assert.equal(isNamesRow(row(["Note", "see below", "", ""]), 4, 0.5), false);
});

test("blocks under their own names are cut before each line of names, with values above and below", () => {
  const t = table([
    ["Country", "2019", "2020"],
    ["Malta", "1,200", "1,300"],
    ["Spain", "5,100", "5,300"],
    ["Share (%)", "2019", "2020"],
    ["Malta", "12.1", "12.4"],
  ]);
  assert.deepEqual(stackedBlockBoxes(t, SETTINGS), [
    [100, 100, 280, 132],
    [100, 136, 280, 156],
  ]);
  // One row of values above the names: a block of one row (generated family stacked-parts), cut
  // as well when the table's header was read down to the second line of names (a row of values
  // over a line of words reads as a header's numbered top line).
  const short = table([
    ["Country", "2019", "2020"],
    ["Malta", "1,200", "1,300"],
    ["Share (%)", "2019", "2020"],
    ["Malta", "12.1", "12.4"],
  ]);
  const shortBlocks = [
    [100, 100, 280, 120],
    [100, 124, 280, 144],
  ];
  assert.deepEqual(stackedBlockBoxes(short, SETTINGS), shortBlocks);
  assert.deepEqual(stackedBlockBoxes({ ...short, headerRows: 3 }, SETTINGS), shortBlocks);
  // ...but not at a line of names right under the first row, with no value above it.
  const twoLineHeader = table([
    ["", "Men", "Women"],
    ["Country", "2019", "2020"],
    ["Malta", "1,200", "1,300"],
    ["Spain", "5,100", "5,300"],
  ]);
  assert.equal(stackedBlockBoxes({ ...twoLineHeader, headerRows: 2 }, SETTINGS).length, 1);
  // No values under the names: a line of text at the table's foot.
  const foot = table([
    ["Country", "2019", "2020"],
    ["Malta", "1,200", "1,300"],
    ["Spain", "5,100", "5,300"],
    ["Source", "Eurostat", "OECD"],
  ]);
  assert.equal(stackedBlockBoxes(foot, SETTINGS).length, 1);
  // A ruled table is read from its rulings.
  assert.equal(stackedBlockBoxes({ ...t, source: "pdf-grid" }, SETTINGS).length, 1);
});
