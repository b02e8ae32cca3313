// The boundary vote on hand-built pages whose answer is known: a delivered table that an
// independent reading (one that finds tables on its own) reads as two, two delivered tables it
// reads as one, a block of rows it leaves out, another column count; readings that read inside the
// detected region, or share the delivered table's input, have no say.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Table } from "../../../lib/result/schema";
import type { Box, ModelCell, TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { modelToTable } from "../tables/assemble-table";
import { applyBoundaryDisputes, boundaryDisputes, capDoubtedStructures, type ReaderDeclarations } from "./boundary-vote";

const word = (text: string, box: Box): Word => ({ text, box, size: 10, font: "F", bold: false, dir: 0 });
/** Rows of two words (a label and a number) 20 pt apart from y = 100. */
function rows(n: number, from = 0): Word[] {
  return Array.from({ length: n }, (_, k) => [
    word(`L${from + k}`, [100, 100 + (from + k) * 20, 130, 110 + (from + k) * 20]),
    word(String(from + k), [200, 100 + (from + k) * 20, 212, 110 + (from + k) * 20]),
  ]).flat();
}
function model(words: readonly Word[], source: TableModel["source"], nCols = 2): TableModel {
  const cells: ModelCell[] = words.map((w, i) => ({
    row: Math.floor(i / 2),
    col: i % 2,
    rowSpan: 1,
    colSpan: 1,
    text: w.text,
    box: w.box,
  }));
  const box: Box = [
    Math.min(...words.map((w) => w.box[0])),
    Math.min(...words.map((w) => w.box[1])),
    Math.max(...words.map((w) => w.box[2])),
    Math.max(...words.map((w) => w.box[3])),
  ];
  return { box, nRows: Math.ceil(words.length / 2), nCols, cells, headerRows: 0, rowGroups: [], source, disputed: false };
}
function verifiedTable(m: TableModel): Table {
  const t = modelToTable(m, 1, 0);
  return {
    ...t,
    rows: t.rows.map((r) => r.map((c) => ({ ...c, confidence: "verified" as const, sources: ["pdf-text" as const, "ocr-2" as const] }))),
  };
}
const DECLARED: ReaderDeclarations = {
  readsDetectedRegions: (s) => ["pdf-layout", "pdf-stream", "pdf-layout-alt"].includes(s),
  groupOf: (s) => (["pdf-layout", "pdf-stream", "pdf-layout-alt"].includes(s) ? "text" : s === "ocr-2-lines" ? "ocr-layout" : s),
  readsPageImage: (s) => s === "ocr-layout" || s === "ocr-2-lines",
};
const reading = (source: StructureReading["source"], models: TableModel[]): StructureReading => ({
  source,
  kind: "tables",
  tables: models,
});

const WORDS = rows(12);
const ONE = model(WORDS, "pdf-layout");

test("an independent reading that reads one delivered table as two disputes its split; every cell loses verified", () => {
  const two = reading("ocr-layout", [model(WORDS.slice(0, 12), "pdf-layout"), model(WORDS.slice(12), "pdf-layout")]);
  const disputes = boundaryDisputes([verifiedTable(ONE)], [ONE], WORDS, [two], DECLARED);
  assert.deepEqual(disputes, [{ table: 0, by: "ocr-layout", kind: "split" }]);
  const [out] = applyBoundaryDisputes([verifiedTable(ONE)], disputes);
  assert.equal(out!.layout_disputed, true);
  assert.ok(out!.rows.flat().every((c) => c.confidence === "resolved"));
});

test("two delivered tables read as one are merged; a block of rows left out is an extent dispute; another column count is disputed", () => {
  const top = model(WORDS.slice(0, 12), "pdf-layout");
  const bottom = model(WORDS.slice(12), "pdf-layout");
  const merged = boundaryDisputes(
    [verifiedTable(top), verifiedTable(bottom)],
    [top, bottom],
    WORDS,
    [reading("ocr-layout", [ONE])],
    DECLARED,
  );
  assert.deepEqual(
    merged.map((d) => d.kind),
    ["merged", "merged"],
  );
  const shorter = boundaryDisputes(
    [verifiedTable(ONE)],
    [ONE],
    WORDS,
    [reading("ocr-layout", [model(WORDS.slice(0, 14), "pdf-layout")])],
    DECLARED,
  );
  assert.deepEqual(
    shorter.map((d) => d.kind),
    ["extent"],
  );
  const threeCols = boundaryDisputes(
    [verifiedTable(ONE)],
    [ONE],
    WORDS,
    [reading("ocr-layout", [model(WORDS, "pdf-layout", 3)])],
    DECLARED,
  );
  assert.deepEqual(
    threeCols.map((d) => d.kind),
    ["columns"],
  );
  // Fewer columns from the page image is no evidence (its detector joins across narrow gutters);
  // from the rulings it is.
  assert.deepEqual(
    boundaryDisputes([verifiedTable(ONE)], [ONE], WORDS, [reading("ocr-layout", [model(WORDS, "pdf-layout", 1)])], DECLARED),
    [],
  );
  assert.deepEqual(
    boundaryDisputes([verifiedTable(ONE)], [ONE], WORDS, [reading("pdf-grid", [model(WORDS, "pdf-grid", 1)])], DECLARED).map((d) => d.kind),
    ["columns"],
  );
});

test("agreement, a reading of the detected region, the delivered table's own group, or no table there: no dispute", () => {
  const table = verifiedTable(ONE);
  assert.deepEqual(boundaryDisputes([table], [ONE], WORDS, [reading("ocr-layout", [model(WORDS, "pdf-layout")])], DECLARED), []);
  const split = [model(WORDS.slice(0, 12), "pdf-layout"), model(WORDS.slice(12), "pdf-layout")];
  assert.deepEqual(boundaryDisputes([table], [ONE], WORDS, [reading("pdf-stream", split)], DECLARED), []);
  const ruled = model(WORDS, "pdf-grid");
  assert.deepEqual(boundaryDisputes([verifiedTable(ruled)], [ruled], WORDS, [reading("pdf-grid", split)], DECLARED), []);
  // The page image's words have no say on a table read from its rulings.
  assert.deepEqual(boundaryDisputes([verifiedTable(ruled)], [ruled], WORDS, [reading("ocr-layout", split)], DECLARED), []);
  assert.deepEqual(boundaryDisputes([table], [ONE], WORDS, [reading("ocr-layout", [model(rows(2, 40), "pdf-layout")])], DECLARED), []);
  // A title line's worth of words more or less is no dispute.
  assert.deepEqual(
    boundaryDisputes([table], [ONE], WORDS, [reading("ocr-layout", [model(WORDS.slice(0, 22), "pdf-layout")])], DECLARED),
    [],
  );
});

test("a table whose structure detection doubts loses every verified cell; one flagged only for its existence keeps them", () => {
  const doubted = { ...model(WORDS, "pdf-layout"), disputed: true, structureDoubt: "split" as const };
  const existence = { ...model(WORDS, "pdf-grid"), disputed: true };
  const [capped, kept] = capDoubtedStructures([verifiedTable(doubted), verifiedTable(existence)], [doubted, existence], ["split"]);
  assert.equal(capped!.layout_disputed, true);
  assert.ok(capped!.rows.flat().every((c) => c.confidence === "resolved"));
  assert.ok(kept!.rows.flat().every((c) => c.confidence === "verified"));
  // A kind left out of the capped kinds keeps its flag's cells.
  const [uncapped] = capDoubtedStructures([verifiedTable(doubted)], [doubted], ["bracket"]);
  assert.ok(uncapped!.rows.flat().every((c) => c.confidence === "verified"));
});
