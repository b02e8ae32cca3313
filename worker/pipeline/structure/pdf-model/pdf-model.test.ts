// pdf-model: a tiny model trained on a few generated tables reads other tables of the same
// families (and an untrained one does not: the reading comes from the training); training is
// reproducible; the committed model reads a generated table as a structure reading; and a cell it
// supports names it among its sources.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FAMILIES, generateDocument } from "../../../../tests/pdf/corpus/generate";
import { SETTINGS } from "../../settings";
import { STRUCTURE_SETTINGS } from "../settings";
import type { Cell } from "../../../../lib/result/schema";
import { applyVerdict, judgeCell, PageWords, prepareReading, type StructureVerdict } from "../../reconcile/structure-vote";
import type { StructureContext, StructureReading } from "../types";
import { loadRegions, type ScoredRegion } from "./load-regions";
import { scoreModel, trainPdfModel } from "./train";
import { pdfModelReader } from "./reader";
import { GAP_FEATURES, LINE_PAIR_FEATURES, ROW_FEATURES, WORD_PAIR_FEATURES } from "./features";
import type { PdfModel } from "./model-file";

const FAMILY_NAMES = ["wrapped-labels", "multi-level-header", "total-rows", "sparse-placeholders"];
const TINY = { rounds: 25, depth: 3, learningRate: 0.3, minLeaf: 3, lambda: 1, bins: 16 };

async function regions(seed: number, variants: number[]): Promise<ScoredRegion[]> {
  const out: ScoredRegion[] = [];
  for (const name of FAMILY_NAMES) {
    const family = FAMILIES.find((f) => f.name === name)!;
    for (const v of variants) {
      const doc = await generateDocument(family, v, seed);
      out.push(...(await loadRegions(doc.pdf, doc.tables, { group: "all", doc: doc.name, alternative: doc.name })));
    }
  }
  return out;
}

const trainingSet = regions(5, [0, 1]);
const heldOut = regions(6, [0, 1]);

test("a tiny model trained on a few generated tables reads unseen tables of those families", async () => {
  const train = await trainingSet;
  const unseen = await heldOut;
  assert.equal(train.length, 8);
  assert.equal(unseen.length, 8);
  const model = trainPdfModel(train, "tiny", TINY, undefined, { wordPair: {}, linePair: {}, gap: {}, header: {} });
  assert.ok(model.wordPair.trees.length === TINY.rounds && model.gap.trees.length === TINY.rounds);
  const trained = scoreModel(model, unseen).get("all")!;
  const untrained: PdfModel = {
    version: "untrained",
    wordPair: { features: WORD_PAIR_FEATURES, bias: 0, trees: [] },
    linePair: { features: LINE_PAIR_FEATURES, bias: 0, trees: [] },
    gap: { features: GAP_FEATURES, bias: 0, trees: [] },
    header: { features: ROW_FEATURES, bias: 0, trees: [] },
  };
  const before = scoreModel(untrained, unseen).get("all")!;
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
  const context: StructureContext = {
    pageNumber: 1,
    words: region.words,
    graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
    detected: { tables: [], rulings: [], grids: [], layoutRegions: [] },
    tableRegions: [region.region],
    ocr: {},
    page: null,
    settings: SETTINGS,
  };
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
