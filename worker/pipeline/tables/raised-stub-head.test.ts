import { test } from "node:test";
import assert from "node:assert/strict";
import type { Box, ModelCell, TableModel } from "../types";
import { markRaisedStubHeads } from "./raised-stub-head";

/** A table whose first row holds `stub` (its box) and three names on the line at y 100-110, then a
 * row of values. */
function table(stub: { text: string; box: Box } | null, headerRows = 1): TableModel {
  const names = ["Output", "Wages", "Prices"].map((text, k): ModelCell => ({
    row: 0,
    col: k + 1,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: [200 + 60 * k, 100, 240 + 60 * k, 110],
  }));
  const values = ["Social security funds", "5,554", "2,098", "4,350"].map((text, col): ModelCell => ({
    row: 1,
    col,
    rowSpan: 1,
    colSpan: 1,
    text,
    box: col === 0 ? [40, 114, 150, 124] : [200 + 60 * (col - 1), 114, 240 + 60 * (col - 1), 124],
  }));
  const head: ModelCell = { row: 0, col: 0, rowSpan: 1, colSpan: 1, text: stub?.text ?? "", box: stub?.box ?? null };
  return {
    box: [40, stub ? Math.min(stub.box[1], 100) : 100, 360, 124],
    nRows: 2,
    nCols: 4,
    cells: [head, ...names, ...values],
    headerRows,
    rowGroups: [],
    source: "pdf-layout",
    disputed: false,
  };
}

test("a stub head on a line of its own above every name: the stub's name or a caption, in doubt", () => {
  const raised = table({ text: "Section D", box: [40, 86, 90, 96] });
  markRaisedStubHeads([raised]);
  assert.deepEqual([raised.disputed, raised.structureDoubt], [true, "raised-stub-head"]);
});

test("a stub head on the names' line, reaching down to it, or none: no doubt", () => {
  const cases: Record<string, TableModel> = {
    "on the names' line": table({ text: "Region", box: [40, 100, 80, 110] }),
    "two lines down to the names": table({ text: "Country of birth", box: [40, 86, 100, 110] }),
    "no stub head": table(null),
    "no header row": table({ text: "Section D", box: [40, 86, 90, 96] }, 0),
  };
  for (const [name, model] of Object.entries(cases)) {
    markRaisedStubHeads([model]);
    assert.equal(model.disputed, false, name);
  }
});
