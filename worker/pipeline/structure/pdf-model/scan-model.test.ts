// pdf-model on scans: a tiny model trained on generated tables whose words were made to look like a
// scan's OCR words (scan-noise.ts) reads other such tables; and on a scan the reader reads the OTHER
// engine's words (never the page's own), declares that input, and its reading is a second
// segmentation in the structure vote: beside pdf-layout a cell can be verified, alone it cannot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STRUCTURE_SETTINGS } from "../settings";
import type { Cell, Table } from "../../../../lib/result/schema";
import { modelToTable } from "../../tables/assemble-table";
import { reconcileStructure } from "../../reconcile/structure-page";
import type { StructureReading } from "../types";
import type { TableModel } from "../../types";
import { pdfLayoutReader } from "../pdf-layout";
import type { ScoredRegion } from "./load-regions";
import { scoreModel, trainPdfModel } from "./train";
import { pdfModelReader } from "./reader";
import { scanNoised } from "./scan-noise";
import { wordsInRegion } from "./read-region";
import { familyRegions, regionContext, TINY, UNTRAINED } from "./test-regions";

const noisy = (list: ScoredRegion[], salt: number): ScoredRegion[] => list.map((r, i) => ({ ...r, ...scanNoised(r, salt * 1000 + i) }));
const trainingSet = familyRegions(5, [0, 1]);
const heldOut = familyRegions(6, [0, 1]);

test("scan noise is drawn from its seed and makes OCR-like words: no font, rough boxes", async () => {
  const region = (await trainingSet)[0]!;
  assert.deepEqual(scanNoised(region, 3), scanNoised(region, 3));
  const a = scanNoised(region, 3).words;
  const b = scanNoised(region, 4).words;
  assert.notDeepEqual(a, b);
  assert.ok(a.every((w) => w.font === "ocr" && !w.bold));
  const clean = region.words.filter((w) => w.text.trim() !== "");
  // Not the text layer's boxes: most left edges moved.
  const moved = a.filter((w) => !clean.some((c) => Math.abs(c.box[0] - w.box[0]) < 0.01)).length;
  assert.ok(moved > a.length / 2, `${moved} of ${a.length} moved`);
});

test("a tiny model trained on scan-noised generated tables reads other scan-noised tables", async () => {
  const train = [...noisy(await trainingSet, 1), ...noisy(await trainingSet, 2)];
  const unseen = noisy(await heldOut, 9);
  const model = trainPdfModel(train, "tiny-scan", TINY, undefined, { wordPair: {}, linePair: {}, gap: {}, header: {} });
  const trained = scoreModel(model, unseen).get("all")!;
  const before = scoreModel(UNTRAINED, unseen).get("all")!;
  assert.ok(trained.gt > 300, `${trained.gt} relations`);
  assert.ok(trained.f1 >= 0.85, `trained F1 ${trained.f1.toFixed(3)}`);
  assert.ok(before.f1 < 0.5, `untrained F1 ${before.f1.toFixed(3)}`);
});

/** A delivered table from `model`, every cell already verified by the value vote. */
function verifiedTable(model: TableModel): Table {
  const t = modelToTable(model, 1, 0);
  const verify = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["ocr-1", "ocr-2"] });
  return { ...t, header_cells: t.header_cells.map(verify), rows: t.rows.map((r) => r.map(verify)) };
}

type ScanVote = (typeof STRUCTURE_SETTINGS)["pdfModelScanVote"];
/** Runs `body` with pdfModelScanVote set to `vote`, then puts the setting back. These pages have
 * words and no image, so the ink gate (pdfModelScanInkGate: support only where the page image's
 * grid agrees; ink-grid-family.test.ts) is off here unless a test turns it on. */
async function withScanVote(vote: ScanVote, body: () => Promise<void>): Promise<void> {
  const settings = STRUCTURE_SETTINGS as { pdfModelScanVote: ScanVote; pdfModelScanInkGate: boolean };
  const saved = { vote: settings.pdfModelScanVote, gate: settings.pdfModelScanInkGate };
  settings.pdfModelScanVote = vote;
  settings.pdfModelScanInkGate = false;
  try {
    await body();
  } finally {
    settings.pdfModelScanVote = saved.vote;
    settings.pdfModelScanInkGate = saved.gate;
  }
}

test("on a scan pdf-model reads the other engine's words and, voting, is a second segmentation", () =>
  withScanVote("full", async () => {
    const region = (await heldOut).find((r) => r.doc.startsWith("total-rows"))!;
    // The page's words as the first engine read them, and the other engine's words: two draws.
    const pageWords = scanNoised(region, 101).words;
    const otherWords = scanNoised(region, 202).words;
    const context = regionContext(region, pageWords, { wordsFromOcr: true });
    // Without the other engine's words: no opinion (a reading of the page's own words would repeat
    // pdf-layout's input).
    assert.equal(await pdfModelReader.read(context), null);
    // It reads the other engine's words, not the page's: with none there, it has nothing to read.
    assert.equal(await pdfModelReader.read({ ...context, otherOcrWords: { engine: "ocr-2", words: [] } }), null);
    const reading = await pdfModelReader.read({ ...context, otherOcrWords: { engine: "ocr-2", words: otherWords } });
    assert.ok(reading && reading.kind === "tables");
    assert.equal(reading.source, "pdf-model");
    assert.deepEqual(reading.inputs, ["second-ocr-words", "detected-regions"]);
    assert.equal(reading.concursOnly, undefined);
    assert.equal(reading.objectsOnly, undefined);
    // Its cells hold the other draw's words (the two draws differ: a dropped character, a split).
    const sorted = (list: string[]) => list.filter((t) => t !== "").sort();
    const read = sorted(reading.tables[0]!.cells.flatMap((c) => c.text.split(/\s+/)));
    const inRegion = (words: typeof pageWords) => sorted(wordsInRegion(words, region.region).map((w) => w.text));
    assert.notDeepEqual(inRegion(otherWords), inRegion(pageWords));
    assert.deepEqual(read, inRegion(otherWords));

    const layout = (await pdfLayoutReader.read(context)) as Extract<StructureReading, { kind: "tables" }>;
    assert.ok(layout && layout.tables.length === 1);
    const delivered = layout.tables[0]!;
    const cells = (readings: StructureReading[]) =>
      reconcileStructure([verifiedTable(delivered)], [delivered], pageWords, readings)
        .tables[0]!.rows.flat()
        .filter((c) => c.value !== "");
    // pdf-layout alone: one segmentation, nothing verified.
    const alone = cells([layout]);
    assert.ok(alone.length > 10);
    assert.equal(alone.filter((c) => c.confidence === "verified").length, 0);
    // With pdf-model's reading of the other engine's words: most cells verified, naming pdf-model.
    const both = cells([layout, reading]);
    const verified = both.filter((c) => c.confidence === "verified");
    assert.ok(verified.length >= both.length * 0.8, `${verified.length} of ${both.length} verified`);
    assert.ok(verified.every((c) => c.sources.includes("pdf-model")));

    // With the ink gate on and no page image to check its cells against, its support counts
    // nowhere: it may only object, and nothing is verified.
    (STRUCTURE_SETTINGS as { pdfModelScanInkGate: boolean }).pdfModelScanInkGate = true;
    const gated = await pdfModelReader.read({ ...context, otherOcrWords: { engine: "ocr-2", words: otherWords } });
    assert.ok(gated && gated.kind === "tables");
    assert.deepEqual(gated.inputs, ["second-ocr-words", "detected-regions", "page-image"]);
    assert.equal(gated.abstainOn?.length, gated.tables.flatMap((t) => t.cells.filter((c) => c.box)).length);
    assert.equal(cells([layout, gated]).filter((c) => c.confidence === "verified").length, 0);
  }));

test("with the scan vote off, pdf-model has no opinion on a scan, other words or not", async () => {
  const shipped = STRUCTURE_SETTINGS.pdfModelScanVote;
  const region = (await heldOut).find((r) => r.doc.startsWith("total-rows"))!;
  const context = regionContext(region, scanNoised(region, 101).words, {
    wordsFromOcr: true,
    otherOcrWords: { engine: "ocr-2", words: scanNoised(region, 202).words },
  });
  await withScanVote("off", async () => assert.equal(await pdfModelReader.read(context), null));
  // ...and the shipped setting is back afterwards.
  assert.equal(STRUCTURE_SETTINGS.pdfModelScanVote, shipped);
  assert.equal(shipped, "full");
});
