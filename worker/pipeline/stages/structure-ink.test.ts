// The structure stage's source of ink-grid's opinions: a render that fails costs ink-grid its
// opinions on the page (reported as its failure), never the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inkOpinionsOrNone } from "./structure";
import { StageTimer } from "../stage-timer";
import type { StructureSource } from "../structure/types";

test("a render that fails is ink-grid's failure: no opinions, the error reported under its name", async () => {
  const failures: Array<[StructureSource, string]> = [];
  const ink = {
    render: () => Promise.reject(new Error("render failed")),
    renderAtHand: false,
    key: { cacheDir: null, fileSha256: "c".repeat(64), pageNumber: 1 },
  };
  const model = {
    box: [0, 0, 100, 20] as [number, number, number, number],
    nRows: 1,
    nCols: 1,
    cells: [{ row: 0, col: 0, rowSpan: 1, colSpan: 1, text: "a", box: [0, 0, 10, 10] as [number, number, number, number] }],
    headerRows: 0,
    rowGroups: [],
    source: "pdf-layout" as const,
    disputed: false,
  };
  const got = await inkOpinionsOrNone(ink, [model], 0, new StageTimer(), (reader, error) => failures.push([reader, error.message]));
  assert.deepEqual(got, {});
  assert.deepEqual(failures, [["ink-grid", "render failed"]]);
  assert.deepEqual(await inkOpinionsOrNone(null, [model], 0, new StageTimer(), () => assert.fail("no source, no error")), {});
});
