// npm run eval -- --dataset DATASET_DIR [--no-ocr] [--engines ocr-1,ocr-2]
//                 [--only NAME] [--pdf-dir DIR] [--cache DIR | --no-cache] [--out DIR]
//                 [--scans clean|realistic|speckled|both] [--structure-readers a,b,...]
//                 [--pdf-model-vote full|objects|none] [--pdf-model-scan-vote full|objects|none|off]
// npm run eval -- --generated [--seed N | --seeds seen|unseen] [--variants K] [--no-ocr] ...
// --generated writes the generated layout-family corpus (tests/pdf/corpus, ground truth known by
// construction) into OUT/generated-corpus and scores it like a dataset, with figures per family.
// --seeds seen|unseen draws it from the seen or the unseen seed list (tests/pdf/corpus/seeds.ts)
// into OUT/generated-seen or OUT/generated-unseen, so the two are reported apart.
// Runs the pipeline on every PDF of an ICDAR-2013-style dataset and scores it with the competition's
// adjacency-relation metric (ICDAR 2013 table competition): complete process (our detection) and
// structure only (ground-truth regions given); micro and per-document P/R/F1; time per page. With
// OCR on it also prints the confidence calibration per level (eval/calibration.ts).
// --pdf-dir reads the PDFs from another directory with the same names (the scanned variants made by
// scripts/rasterise-pdf.ts) and the ground truth from --dataset. OCR readings are cached in
// eval-out/ocr-cache by default (keyed by file hash and OCR settings version), so a second run
// re-scores in seconds; times are then not OCR times (--no-cache for those).
// Per-document figures are written to eval-out/<dataset>.json. The data is read by path, never copied.
// --scans makes image-only variants of the dataset under <out>/scans (eval/realistic-scans.ts:
// clean 200 dpi renders, realistic office scans at fixed seeds, the same with dust specks, or
// clean and realistic both) and evaluates each.
// --structure-readers runs only the named structure readers (default: all of structure/registry.ts),
// to compare the figures and the trust table with and without one. The trained reading pdf-model
// is also scored alone, structure only (its own grid of each ground-truth region), on every run.
// --pdf-model-vote and --pdf-model-scan-vote set pdf-model's say on a page with a text layer and on a
// scan for the run (STRUCTURE_SETTINGS.pdfModelVote, pdfModelScanVote), to measure a say against the
// shipped default without editing the settings.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { runPipeline } from "../pipeline/run-pipeline";
import { openPdf } from "../../lib/pdf/open-pdf";
import { SETTINGS } from "../pipeline/settings";
import { PIPELINE_VERSION } from "../pipeline/settings-tree";
import type { PageReadings } from "../pipeline/page-types";
import { tablesInRegion } from "../pipeline/tables/detect-tables";
import { readingsToFrame, readingTurn } from "../pipeline/geometry/turn-extraction";
import { boxToFrame } from "../pipeline/geometry/page-orientation";
import { modelToTable, tableToGrid } from "../pipeline/tables/assemble-table";
import type { Table } from "../../lib/result/schema";
import type { TableModel } from "../pipeline/types";
import { readRegions, readStructure, type GtRegion, type GtRegionBox } from "./eval/ground-truth";
import { countRelations, f1, gridToRelations, intersectRelations, scoreDocument, type Scored } from "./eval/adjacency";
import { addTrust, formatTrust, summariseTrust, tableTrustRelations, trustDocument, type TrustCounts } from "./eval/trust";
import { addLoss, emptyLoss, formatLoss, lostRelations, type LossCounts } from "./eval/lost-relations";
import { calibrateCells, summariseCalibration, type CalibratedCell, type CalibrationSummary } from "./eval/calibration";
import { addQueueFigure, emptyQueueFigure, formatQueueFigure, queueFigure, type QueueFigure } from "./eval/queue-figure";
import { createHash } from "node:crypto";
import { parseOcrEngines } from "../../lib/env";
import { OCR_ENGINE_NAMES } from "../../lib/ocr/engine-names";
import { OcrEngines } from "../pipeline/ocr/read-page-ocr";
import type { OcrEngineName } from "../pipeline/ocr/types";
import {
  addStructureTrust,
  emptyStructureTrust,
  formatStructureTrust,
  structureTrustOfDocument,
  type PageStructure,
  type StructureTrustCounts,
} from "./eval/structure-trust";
import { familyOfDocument, seedsOf, type SeedSet } from "../../tests/pdf/corpus/seeds";
import { STRUCTURE_READERS, type StructureSource } from "../pipeline/structure/registry";
import { loadPdfModel } from "../pipeline/structure/pdf-model/model-file";
import { STRUCTURE_SETTINGS } from "../pipeline/structure/settings";
import { modelDeciders, readRegion, type Deciders } from "../pipeline/structure/pdf-model/read-region";
import { parseScanVariants, prepareScanVariant, realisticPageTurn, scanVariantDir, type ScanVariant } from "./eval/realistic-scans";

interface DocResult {
  name: string;
  pages: number;
  seconds: number;
  complete: Scored & { gtFile: string };
  structure: Scored & { gtFile: string };
  /** Structure only, read by pdf-model alone. */
  modelStructure: Scored & { gtFile: string };
  /** Structure only: true relations both pdf-model and table detection's reading get right, and
   * those only one of them gets right. */
  modelVsRules: { truth: number; both: number; rulesOnly: number; modelOnly: number };
  calibration: CalibratedCell[];
  /** Predicted relations per confidence level and how many are right (eval/trust.ts). */
  trust: TrustCounts;
  /** A page has /Rotate: no calibration (see evalDocument). */
  rotated: boolean;
  textLayer: boolean;
  ocrFailures: number;
  /** Complete-process relations missed and extra, by cause (eval/lost-relations.ts). */
  loss: LossCounts;
  /** The review queue: items queued, and how many queued cells were right (eval/queue-figure.ts). */
  queue: QueueFigure;
  /** Table boundaries against the truth and the structure readings' error matrix (eval/structure-trust.ts). */
  structureTrust: StructureTrustCounts;
}

function parseArgs(argv: string[]) {
  const args = {
    dataset: "",
    generated: false,
    seed: 13,
    variants: 5,
    ocr: true,
    engines: [...OCR_ENGINE_NAMES] as OcrEngineName[],
    only: "",
    out: "eval-out",
    pdfDir: "",
    cache: "" as string | null,
    scans: [] as ScanVariant[],
    corpusReady: false,
    seedSet: null as SeedSet | null,
    structureReaders: undefined as StructureSource[] | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--dataset") args.dataset = argv[++i] ?? "";
    else if (a === "--no-ocr") args.ocr = false;
    else if (a === "--generated") args.generated = true;
    else if (a === "--seed") args.seed = wholeNumber(argv[++i], "--seed");
    else if (a === "--seeds") {
      const set = argv[++i];
      if (set !== "seen" && set !== "unseen") throw new Error("--seeds takes seen or unseen");
      args.seedSet = set;
      args.generated = true;
    } else if (a === "--variants") args.variants = wholeNumber(argv[++i], "--variants");
    else if (a === "--engines") {
      const engines = parseOcrEngines(argv[++i] ?? "");
      if (!engines?.length) throw new Error(`--engines takes a comma list of ${OCR_ENGINE_NAMES.join(", ")}`);
      args.engines = engines;
    } else if (a === "--pdf-dir") args.pdfDir = argv[++i] ?? "";
    else if (a === "--cache") args.cache = argv[++i] ?? "";
    else if (a === "--no-cache") args.cache = null;
    else if (a === "--only") args.only = argv[++i] ?? "";
    else if (a === "--out") args.out = argv[++i] ?? "";
    else if (a === "--scans") args.scans = parseScanVariants(argv[++i] ?? "");
    else if (a === "--structure-readers") {
      const names = (argv[++i] ?? "").split(",").filter((n) => n !== "");
      const known = STRUCTURE_READERS.map((r) => r.name as string);
      const unknown = names.filter((n) => !known.includes(n));
      if (unknown.length > 0) throw new Error(`--structure-readers: unknown reader ${unknown.join(", ")} (known: ${known.join(", ")})`);
      args.structureReaders = names as StructureSource[];
    } else if (a === "--pdf-model-vote") {
      const vote = argv[++i] ?? "";
      if (!["full", "objects", "none"].includes(vote)) throw new Error("--pdf-model-vote takes full, objects or none");
      (STRUCTURE_SETTINGS as { pdfModelVote: string }).pdfModelVote = vote;
    } else if (a === "--pdf-model-scan-vote") {
      const vote = argv[++i] ?? "";
      if (!["full", "objects", "none", "off"].includes(vote)) throw new Error("--pdf-model-scan-vote takes full, objects, none or off");
      (STRUCTURE_SETTINGS as { pdfModelScanVote: string }).pdfModelScanVote = vote;
    } else throw new Error(`unknown option ${a}`);
  }
  if (args.generated && !args.dataset) args.dataset = path.join(args.out, args.seedSet ? `generated-${args.seedSet}` : "generated-corpus");
  if (!args.dataset)
    throw new Error(
      "usage: npm run eval -- --dataset DIR | --generated [--seed N] [--variants K] [--no-ocr] [--engines ocr-1,ocr-2] [--only NAME] [--pdf-dir DIR] [--cache DIR | --no-cache] [--scans clean|realistic|speckled|both]",
    );
  if (args.cache === "") args.cache = path.join(args.out, "ocr-cache");
  return args;
}

function wholeNumber(text: string | undefined, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} takes a whole number`);
  return n;
}

function gtAlternatives(dir: string, base: string): string[] {
  const names = [base];
  if (/[a-z]$/.test(base)) names.push(base.slice(0, -1) + "b");
  return names.filter((n) => fs.existsSync(path.join(dir, `${n}-str.xml`)));
}

/** Every table's relations of a document in one multiset (tables are not matched: a count of
 * relations right, not the metric). */
function pooled(tables: Array<{ rel: Map<string, number> }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tables) for (const [k, v] of t.rel) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}

function intersectMultiset(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of a) if (b.has(k)) out.set(k, Math.min(v, b.get(k)!));
  return out;
}

function strip<T extends { gtRel: unknown; predRel: unknown }>({ gtRel: _g, predRel: _p, ...rest }: T): Omit<T, "gtRel" | "predRel"> {
  return rest;
}

function tableRelations(table: Table) {
  return gridToRelations(tableToGrid(table).cells);
}

function gtGridCells(region: GtRegion) {
  return region.cells.map((c) => ({
    row: c.startRow,
    col: c.startCol,
    rowSpan: c.endRow - c.startRow + 1,
    colSpan: c.endCol - c.startCol + 1,
    text: c.text,
  }));
}

function gtRelations(region: GtRegion) {
  return gridToRelations(gtGridCells(region));
}

function best<T extends Scored & { gtFile: string }>(scores: T[]): T {
  return scores.sort((a, b) => f1(b.tp, b.gt, b.pred) - f1(a.tp, a.gt, a.pred))[0]!;
}

async function evalDocument(
  dir: string,
  pdfDir: string,
  pdf: string,
  readers: OcrEngines | null,
  cacheDir: string | null,
  structureReaders: readonly StructureSource[] | undefined,
  model: Deciders,
): Promise<DocResult> {
  const base = path.basename(pdf, ".pdf");
  const alternatives = gtAlternatives(dir, base);
  const regionSets = alternatives.map((n) => ({ name: n, regions: readRegions(path.join(dir, `${n}-reg.xml`)) }));
  const wanted = new Set(regionSets.flatMap((s) => s.regions.map((r) => r.page)));
  const kept = new Map<number, PageReadings>();
  const keptStructure = new Map<number, PageStructure>();
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "eval-"));
  const pdfPath = path.join(pdfDir, pdf);
  // Rotation of the dataset's own PDF, which the ground truth describes (a scanned variant is
  // rasterised as displayed and has no /Rotate left, but its ground truth is the original's).
  const original = await openPdf(path.join(dir, pdf));
  let rotated = false;
  for (let n = 1; n <= original.doc.numPages; n++) rotated ||= (await original.doc.getPage(n)).rotate % 360 !== 0;
  let pageCount = original.doc.numPages;
  await original.close();
  if (path.resolve(pdfPath) !== path.resolve(dir, pdf)) {
    const variant = await openPdf(pdfPath);
    pageCount = variant.doc.numPages;
    await variant.close();
  }
  const fileSha256 = createHash("sha256")
    .update(await fs.promises.readFile(pdfPath))
    .digest("hex");
  let textLayer = false;
  const started = performance.now();
  const output = await runPipeline({
    pdfPath,
    pages: pageCount,
    withSourcePages: false,
    fileSha256,
    cacheDir: readers ? cacheDir : null,
    outputDir,
    ocr: readers ?? [],
    skipFigureCrops: true,
    structureReaders,
    onPage: ({ pageNumber, readings, structure }) => {
      if (wanted.has(pageNumber)) kept.set(pageNumber, readings);
      keptStructure.set(pageNumber, { height: readings.height, readings: structure.readings ?? [], words: readings.words });
      if (readings.words.some((w) => w.font !== "ocr")) textLayer = true;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(outputDir, { recursive: true, force: true });
  const predicted = output.result.tables.map((t) => ({ page: t.page, rel: tableRelations(t) }));
  const completeScores = alternatives.map((n) => ({
    ...scoreDocument(
      readStructure(path.join(dir, `${n}-str.xml`)).map((r) => ({ page: r.page, rel: gtRelations(r) })),
      predicted,
    ),
    gtFile: n,
  }));
  // Structure only: each ground-truth region read on its own, by table detection's reading
  // (tablesInRegion) and by pdf-model alone.
  const structureOnly = (read: (box: [number, number, number, number], frame: PageReadings) => TableModel[]) =>
    regionSets.map(({ name, regions }) => {
      const gt = readStructure(path.join(dir, `${name}-str.xml`)).map((r) => ({ page: r.page, rel: gtRelations(r) }));
      const pred = regions.flatMap((region: GtRegionBox, k) => {
        const readings = kept.get(region.page);
        if (!readings) return [];
        const [x1, y1, x2, y2] = region.box;
        const box: [number, number, number, number] = [
          Math.min(x1, x2),
          readings.height - Math.max(y1, y2),
          Math.max(x1, x2),
          readings.height - Math.min(y1, y2),
        ];
        // A sideways or upside-down page is read in its own reading frame, as the pipeline reads it.
        const turn = readingTurn(readings.words, SETTINGS.readingTurnShare);
        const frame = turn === 0 ? readings : readingsToFrame(readings, turn);
        const frameBox = turn === 0 ? box : boxToFrame(box, turn, [readings.width, readings.height]);
        return read(frameBox, frame).map((model) => ({ page: region.page, rel: tableRelations(modelToTable(model, region.page, k)) }));
      });
      return { ...scoreDocument(gt, pred), gtFile: name, gtRel: pooled(gt), predRel: pooled(pred) };
    });
  const structureScores = structureOnly((box, frame) => tablesInRegion(box, frame.words, frame.graphics, SETTINGS));
  const modelScores = structureOnly((box, frame) => {
    const table = readRegion(frame.words, box, model);
    return table ? [table] : [];
  });
  // Which true relations each reading gets right, against the ground truth the rules scored best on.
  const rulesBest = best([...structureScores]);
  const rulesRel = structureScores.find((x) => x.gtFile === rulesBest.gtFile)!;
  const modelRel = modelScores.find((x) => x.gtFile === rulesBest.gtFile)!;
  const rulesRight = intersectMultiset(rulesRel.gtRel, rulesRel.predRel);
  const modelRight = intersectMultiset(rulesRel.gtRel, modelRel.predRel);
  const both = intersectRelations(rulesRight, modelRight);
  const modelVsRules = {
    truth: countRelations(rulesRel.gtRel),
    both,
    rulesOnly: countRelations(rulesRight) - both,
    modelOnly: countRelations(modelRight) - both,
  };
  const complete = best(completeScores);
  // The trust table, calibration and losses are taken against the ground truth the
  // complete-process score preferred.
  const preferred = readStructure(path.join(dir, `${complete.gtFile}-str.xml`));
  const trust = trustDocument(
    preferred.map((r) => ({ page: r.page, rel: gtRelations(r) })),
    output.result.tables.map((t) => ({ page: t.page, relations: tableTrustRelations(t) })),
  );
  // Calibration is left out on rotated pages: the ground truth's cell boxes there (/Rotate 90) are in
  // neither the displayed frame nor pdf.js's user-space mapping of it, so cells would be matched
  // to the wrong ground-truth cells (an EU document's 52 "wrong" verified cells paired right values with
  // other rows: its complete-process F1, which compares text, is 0.985). The F1 scores keep it.
  const matched = rotated ? [] : calibrateCells(output.result, preferred, realisticPageTurn(pdfDir, pdf) ?? undefined);
  const calibration = readers ? matched : [];
  // Without OCR every cell is unverified and queued: the figure is printed all the same, and says so.
  const queue = queueFigure(output.result, matched);
  const ocrFailures = output.failures.filter((f) => f.stage.startsWith("ocr")).length;
  const loss = lostRelations(
    preferred.map((r) => ({ page: r.page, cells: gtGridCells(r) })),
    output.result.tables.map((t) => ({ page: t.page, cells: tableToGrid(t).cells })),
  );
  const structureTrust = structureTrustOfDocument(
    preferred.map((region) => ({ region, cells: gtGridCells(region) })),
    keptStructure,
    output.result.tables,
    rotated,
  );
  return {
    name: base,
    pages: output.result.pages.length,
    seconds,
    complete,
    structure: strip(best(structureScores)),
    modelStructure: strip(best(modelScores)),
    modelVsRules,
    calibration,
    trust,
    rotated,
    textLayer,
    ocrFailures,
    loss,
    queue,
    structureTrust,
  };
}

function summarize(docs: DocResult[], key: "complete" | "structure" | "modelStructure") {
  const tp = docs.reduce((s, d) => s + d[key].tp, 0);
  const gt = docs.reduce((s, d) => s + d[key].gt, 0);
  const pred = docs.reduce((s, d) => s + d[key].pred, 0);
  const microP = pred ? tp / pred : 0;
  const microR = gt ? tp / gt : 0;
  const avgP = docs.reduce((s, d) => s + (d[key].pred ? d[key].tp / d[key].pred : 0), 0) / docs.length;
  const avgR = docs.reduce((s, d) => s + (d[key].gt ? d[key].tp / d[key].gt : 0), 0) / docs.length;
  return {
    micro: { precision: microP, recall: microR, f1: f1(tp, gt, pred) },
    perDocument: { precision: avgP, recall: avgR, f1: avgP + avgR ? (2 * avgP * avgR) / (avgP + avgR) : 0 },
  };
}

async function main(args = parseArgs(process.argv.slice(2))): Promise<void> {
  const dir = path.resolve(args.dataset);
  if (args.generated && !args.corpusReady) {
    // A fresh corpus each run: the files are a function of the seed and the generator's code.
    fs.rmSync(dir, { recursive: true, force: true });
    // Loaded only here: the generator needs the corpus's dev dependencies (fontkit, DejaVu).
    const { generateCorpus } = await import("../../tests/pdf/corpus/generate");
    const seeds = args.seedSet ? seedsOf(args.seedSet) : [args.seed];
    const generated = await generateCorpus({ outDir: dir, seed: args.seed, seeds, variants: args.variants });
    console.log(
      `generated ${generated.length} documents (${args.seedSet ? `${args.seedSet} seeds` : "seed"} ${seeds.join(", ")}, ${args.variants} per family and seed) in ${dir}`,
    );
    // Its scans are made afresh too: a scan kept from another seed's corpus would be scored
    // against this corpus's ground truth (prepareScanVariant reuses any file already there).
    if (args.scans.length > 0)
      for (const variant of args.scans) fs.rmSync(scanVariantDir(dir, variant, args.out), { recursive: true, force: true });
    args = { ...args, corpusReady: true };
  }
  if (args.scans.length > 0) {
    for (const variant of args.scans)
      await main({ ...args, scans: [], pdfDir: await prepareScanVariant(dir, variant, args.out, args.only) });
    return;
  }
  const pdfs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pdf") && (!args.only || f.startsWith(args.only)))
    .sort();
  const docs: DocResult[] = [];
  let peakRss = 0;
  const pageTimes: number[] = [];
  const pdfDir = args.pdfDir ? path.resolve(args.pdfDir) : dir;
  // One set of engines for the whole run: model loads are paid once.
  const readers = args.ocr ? OcrEngines.withEngines(args.engines) : null;
  const model = modelDeciders(await loadPdfModel());
  for (const pdf of pdfs) {
    const doc = await evalDocument(dir, pdfDir, pdf, readers, args.cache, args.structureReaders, model);
    docs.push(doc);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    for (let k = 0; k < doc.pages; k++) pageTimes.push(doc.seconds / doc.pages);
    const c = doc.complete;
    const s = doc.structure;
    console.log(
      `${doc.name.padEnd(9)} complete P ${(c.pred ? c.tp / c.pred : 0).toFixed(3)} R ${(c.gt ? c.tp / c.gt : 0).toFixed(3)} F1 ${f1(c.tp, c.gt, c.pred).toFixed(3)}  | structure F1 ${f1(s.tp, s.gt, s.pred).toFixed(3)}  pdf-model ${f1(doc.modelStructure.tp, doc.modelStructure.gt, doc.modelStructure.pred).toFixed(3)}  (${c.tp}/${c.gt} gt, ${c.pred} pred; ${doc.pages} p, ${(doc.seconds / doc.pages).toFixed(3)} s/page)`,
    );
  }
  await readers?.release();
  const complete = summarize(docs, "complete");
  const structure = summarize(docs, "structure");
  const modelStructure = summarize(docs, "modelStructure");
  const sortedTimes = [...pageTimes].sort((a, b) => a - b);
  const timing = {
    pages: pageTimes.length,
    medianSecondsPerPage: sortedTimes[Math.floor(sortedTimes.length / 2)] ?? 0,
    meanSecondsPerPage: pageTimes.reduce((a, b) => a + b, 0) / Math.max(1, pageTimes.length),
    peakRssMb: Math.round(peakRss / 1e6),
  };
  const fmt = (x: { precision: number; recall: number; f1: number }) =>
    `P ${x.precision.toFixed(3)} R ${x.recall.toFixed(3)} F1 ${x.f1.toFixed(3)}`;
  const label = `${path.basename(dir)}${args.pdfDir ? ` (PDFs from ${args.pdfDir})` : ""}`;
  console.log(
    `\n${label} (${docs.length} documents, ${docs.filter((d) => !d.textLayer).length} without a text layer, settings ${PIPELINE_VERSION}, ocr ${args.ocr ? args.engines.join("+") : "off"})`,
  );
  console.log(`complete process   micro ${fmt(complete.micro)}   per-document ${fmt(complete.perDocument)}`);
  console.log(`structure only     micro ${fmt(structure.micro)}   per-document ${fmt(structure.perDocument)}`);
  console.log(`pdf-model alone    micro ${fmt(modelStructure.micro)}   per-document ${fmt(modelStructure.perDocument)}   (structure only)`);
  const vs = docs.reduce(
    (a, d) => ({
      truth: a.truth + d.modelVsRules.truth,
      both: a.both + d.modelVsRules.both,
      rulesOnly: a.rulesOnly + d.modelVsRules.rulesOnly,
      modelOnly: a.modelOnly + d.modelVsRules.modelOnly,
    }),
    { truth: 0, both: 0, rulesOnly: 0, modelOnly: 0 },
  );
  console.log(
    `pdf-model vs rules (structure only, true relations): both right ${vs.both}, rules only ${vs.rulesOnly}, pdf-model only ${vs.modelOnly}, neither ${vs.truth - vs.both - vs.rulesOnly - vs.modelOnly} of ${vs.truth}`,
  );
  if (args.structureReaders) console.log(`structure readers: ${args.structureReaders.join(", ")}`);
  if (args.generated) {
    // Per family (the document name less its variant number): which layouts come out wrong.
    const families = new Map<string, DocResult[]>();
    for (const doc of docs) families.set(familyOfDocument(doc.name), [...(families.get(familyOfDocument(doc.name)) ?? []), doc]);
    for (const [family, members] of families) {
      const c = summarize(members, "complete");
      const perfect = members.filter((d) => d.complete.tp === d.complete.gt && d.complete.tp === d.complete.pred).length;
      console.log(
        `  ${family.padEnd(22)} complete micro F1 ${c.micro.f1.toFixed(3)}  structure micro F1 ${summarize(members, "structure").micro.f1.toFixed(3)}  pdf-model alone ${summarize(members, "modelStructure").micro.f1.toFixed(3)}  (${perfect} of ${members.length} documents exact)`,
      );
    }
  }
  const loss = docs.reduce((sum, d) => addLoss(sum, d.loss), emptyLoss());
  const totals = docs.reduce((t, d) => ({ gt: t.gt + d.complete.gt, pred: t.pred + d.complete.pred }), { gt: 0, pred: 0 });
  console.log(formatLoss(loss, totals.gt, totals.pred, pct).join("\n"));
  console.log(
    `time per page: median ${timing.medianSecondsPerPage.toFixed(3)} s, mean ${timing.meanSecondsPerPage.toFixed(3)} s; peak RSS ${timing.peakRssMb} MB`,
  );
  let calibration: { all: CalibrationSummary; oneToOne: CalibrationSummary } | null = null;
  if (readers) {
    const cells = docs.flatMap((d) => d.calibration);
    calibration = { all: summariseCalibration(cells), oneToOne: summariseCalibration(cells.filter((c) => c.isOneToOne)) };
    const failures = docs.reduce((n, d) => n + d.ocrFailures, 0);
    const skipped = docs.filter((d) => d.rotated).map((d) => d.name);
    console.log(
      `\nconfidence calibration (cells matched to a ground-truth cell; right = same text up to whitespace)${failures ? `; ${failures} OCR page failures` : ""}`,
    );
    if (skipped.length) console.log(`  left out (rotated pages, ground-truth boxes not mappable): ${skipped.join(", ")}`);
    const views = [
      ["all matched cells", calibration.all],
      ["one-to-one matches", calibration.oneToOne],
    ] as const;
    for (const [name, summary] of views) {
      console.log(`  ${name}: ${summary.cells} cells`);
      for (const level of ["verified", "resolved", "unverified", "disputed"]) {
        const entry = summary.perLevel[level];
        if (!entry) continue;
        // Where readings disagree, how often the text layer alone would have been right.
        const textLayer =
          entry.withTextLayer > 0 ? `; the text layer's reading ${pct(entry.textLayerRight / entry.withTextLayer)} right` : "";
        console.log(
          `    ${level.padEnd(10)} ${String(entry.cells).padStart(6)} cells (${pct(entry.cells / summary.cells)}), ${pct(entry.share)} right${textLayer}`,
        );
      }
      const { counts } = summary;
      console.log(
        `    verified and right: ${pct(summary.verifiedRight)} (${counts.verifiedRight} of ${counts.verified}) [target >= 99.5%]; ` +
          `wrong and not verified: ${pct(summary.wrongNotVerified)} (${counts.wrongNotVerified} of ${counts.wrong}) [target >= 90%]; verified at all: ${pct(summary.verifiedShare)}`,
      );
    }
  }
  const queue = docs.reduce((sum, d) => addQueueFigure(sum, d.queue), emptyQueueFigure());
  const rotatedDocs = docs.filter((d) => d.rotated).length;
  console.log(
    `\n${formatQueueFigure(queue, pct)}${rotatedDocs ? ` (${rotatedDocs} rotated documents' cells not matched)` : ""}${readers ? "" : "\n    (OCR off: every cell is unverified and queued)"}`,
  );
  // Structure trust: printed for every run; without OCR every cell is unverified and it says nothing.
  const trust = summariseTrust(docs.reduce((sum, d) => addTrust(sum, d.trust), { perLevel: {} } as TrustCounts));
  console.log(
    `\n${formatTrust(trust, pct).join("\n")}${readers ? "" : "\n    (OCR off: every cell is unverified, so the table says nothing about trust)"}`,
  );
  const structureTrust = docs.reduce((sum, d) => addStructureTrust(sum, d.structureTrust), emptyStructureTrust());
  console.log(`\n${formatStructureTrust(structureTrust, pct).join("\n")}`);
  await fs.promises.mkdir(args.out, { recursive: true });
  const variant = args.pdfDir ? `-${path.basename(path.resolve(args.pdfDir))}` : "";
  const outFile = path.join(args.out, `${path.basename(dir)}${variant}${args.only ? "-" + args.only : ""}.json`);
  const documents = docs.map(({ calibration: cells, ...doc }) => ({
    ...doc,
    wrongCells: cells
      .filter((c) => !c.isRight)
      .map(({ value, truth, confidence, page, readings, queued, structureOnly }) => ({
        page,
        value,
        truth,
        confidence,
        ...(readings ? { readings } : {}),
        // Whether the review queue asks about it, as a cell item or in its table's question.
        ...(queued ? { item: structureOnly ? "structure" : "cell" } : {}),
      })),
    // Disputed cells the value happened to be right on, with their readings: which reading to
    // prefer when the vote cannot decide is measured on these and the wrong ones above.
    rightDisputedCells: cells
      .filter((c) => c.isRight && c.confidence === "disputed")
      .map(({ value, page, readings }) => ({ page, value, ...(readings ? { readings } : {}) })),
    // Queued cells that were right as delivered: the review queue's noise, to be studied.
    rightQueuedCells: cells
      .filter((c) => c.isRight && c.queued)
      .map(({ value, page, confidence, sources, readings, structureOnly }) => ({
        page,
        value,
        confidence,
        sources,
        // A cell item (asked on its own) or a cell of its table's structure question.
        item: structureOnly ? "structure" : "cell",
        ...(readings ? { readings } : {}),
      })),
  }));
  await fs.promises.writeFile(
    outFile,
    JSON.stringify(
      {
        dataset: dir,
        pdfDir,
        settingsVersion: PIPELINE_VERSION,
        ocr: args.ocr ? args.engines : [],
        structureReaders: args.structureReaders ?? null,
        complete,
        structure,
        modelStructure,
        loss,
        calibration,
        trust,
        queue,
        structureTrust,
        timing,
        documents,
      },
      null,
      2,
    ),
  );
  console.log(`per-document figures: ${outFile}`);
}

function pct(x: number): string {
  // 3,102 of 3,103 is 99.97%, not "100.0%".
  return `${(x * 100).toFixed(x > 0.995 && x < 1 ? 2 : 1)}%`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
