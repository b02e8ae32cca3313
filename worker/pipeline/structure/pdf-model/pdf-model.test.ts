// pdf-model: a tiny model trained on a few generated tables reads other tables of the same
// families (and an untrained one does not: the reading comes from the training); training is
// reproducible; the committed model reads a generated table as a structure reading; and a cell it
// supports names it among its sources.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STRUCTURE_SETTINGS } from "../settings";
import type { Cell } from "../../../../lib/result/schema";
import { applyVerdict, judgeCell, PageWords, prepareReading, type StructureVerdict } from "../../reconcile/structure-vote";
import type { StructureReading } from "../types";
import { scoreModel, trainPdfModel } from "./train";
import { pdfModelReader } from "./reader";
import { familyRegions, regionContext, TINY, UNTRAINED } from "./test-regions";

const trainingSet = familyRegions(5, [0, 1]);
const heldOut = familyRegions(6, [0, 1]);

test("a tiny model trained on a few generated tables reads unseen tables of those families", async () => {
  const train = await trainingSet;
  const unseen = await heldOut;
  assert.equal(train.length, 8);
  assert.equal(unseen.length, 8);
  const model = trainPdfModel(train, "tiny", TINY, undefined, { wordPair: {}, linePair: {}, gap: {}, header: {} });
  assert.ok(model.wordPair.trees.length === TINY.rounds && model.gap.trees.length === TINY.rounds);
  const trained = scoreModel(model, unseen).get("all")!;
  const before = scoreModel(UNTRAINED, unseen).get("all")!;
  assert.ok(trained.gt > 300, `${trained.gt} relations`);
  assert.ok(trained.f1 >= 0.9, `trained F1 ${trained.f1.toFixed(3)}`);
  assert.ok(before.f1 < 0.5, `untrained F1 ${before.f1.toFixed(3)}`);
});

test("training is reproducible", async () => {
  const train = (await trainingSet).slice(0, 4);
  const a = JSON.stringify(trainPdfModel(train, "tiny", TINY));
  const b = JSON.stringify(trainPdfModel(train, "tiny", TINY));
  assert.equal(a, b);
});

test("the committed model reads a generated table as the structure reading pdf-model", async () => {
  const region = (await heldOut).find((r) => r.doc.startsWith("total-rows"))!;
  const context = regionContext(region);
  const reading = await pdfModelReader.read(context);
  assert.ok(reading && reading.kind === "tables");
  assert.equal(reading.source, "pdf-model");
  assert.equal(reading.concursOnly, STRUCTURE_SETTINGS.pdfModelVote === "none" ? true : undefined);
  assert.equal(reading.tables.length, 1);
  const table = reading.tables[0]!;
  const truthRows = Math.max(...region.texts.map((c) => c.row + c.rowSpan));
  const truthCols = Math.max(...region.texts.map((c) => c.col + c.colSpan));
  assert.equal(table.nRows, truthRows);
  assert.equal(table.nCols, truthCols);
  // Every filled truth cell is a cell of the reading, with its text, at its place.
  for (const cell of region.texts.filter((c) => c.text !== "")) {
    const read = table.cells.find((c) => c.row === cell.row && c.col === cell.col);
    assert.equal(read?.text.replace(/\s+/g, ""), cell.text.replace(/\s+/g, ""), `cell ${cell.row},${cell.col}`);
  }
  // No opinion on a scan's own OCR words: it reads the other engine's words there (scan-model.test.ts).
  assert.equal(await pdfModelReader.read({ ...context, wordsFromOcr: true }), null);
});

test("a cell pdf-model supports names it among its sources; one it does not, does not", () => {
  const cell: Cell = { value: "12.5", confidence: "verified", sources: ["pdf-text", "ocr-1"] };
  const verdict = (supporters: StructureVerdict["supporters"]): StructureVerdict => ({
    level: "agreed",
    supporters,
    against: [],
    versions: {},
    reasons: {},
    details: {},
  });
  assert.deepEqual(applyVerdict(cell, verdict(["pdf-layout", "pdf-model"])).sources, ["pdf-text", "ocr-1", "pdf-model"]);
  assert.deepEqual(applyVerdict(cell, verdict(["pdf-layout", "pdf-stream"])).sources, ["pdf-text", "ocr-1"]);
  const single = applyVerdict(cell, { ...verdict(["pdf-model"]), level: "single" });
  assert.equal(single.confidence, "unverified");
  assert.deepEqual(single.sources, ["pdf-text", "ocr-1", "pdf-model"]);
  // Reported beside the vote, it is named where it has the same cell and changes nothing else.
  const beside = applyVerdict(cell, { ...verdict(["pdf-layout", "pdf-stream"]), concurring: ["pdf-model"] });
  assert.deepEqual(beside, { ...cell, sources: ["pdf-text", "ocr-1", "pdf-model"] });
});

test("pdf-model reported beside the vote: the same cell concurs, a different one is no objection", () => {
  const word = (text: string, box: [number, number, number, number]) => ({ text, box, size: 10, font: "F", bold: false, dir: 0 as const });
  const page = new PageWords([word("a", [10, 10, 30, 20]), word("b", [60, 10, 80, 20])]);
  const reading = (cells: Array<[number, number, string, [number, number, number, number]]>): StructureReading => ({
    source: "pdf-model",
    kind: "tables",
    concursOnly: true,
    tables: [
      {
        box: [10, 10, 80, 20],
        nRows: 1,
        nCols: cells.length,
        headerRows: 0,
        rowGroups: [],
        source: "pdf-layout",
        disputed: false,
        cells: cells.map(([row, col, text, box]) => ({ row, col, rowSpan: 1, colSpan: 1, text, box })),
      },
    ],
  });
  const same = prepareReading(
    reading([
      [0, 0, "a", [10, 10, 30, 20]],
      [0, 1, "b", [60, 10, 80, 20]],
    ]),
    page,
  );
  assert.deepEqual(same.judge([0], [10, 10, 30, 20]), { verdict: "none", concurs: true });
  const merged = prepareReading(reading([[0, 0, "a b", [10, 10, 80, 20]]]), page);
  assert.deepEqual(merged.judge([0], [10, 10, 30, 20]), { verdict: "none" });
  const verdict = judgeCell([0], [10, 10, 30, 20], "a", [same]);
  assert.deepEqual(verdict.supporters, []);
  assert.deepEqual(verdict.against, []);
  assert.deepEqual(verdict.concurring, ["pdf-model"]);
});
