// npm run train:pdf-model -- [--train-set DIR] [--unseen-set DIR] [--seed N] [--variants K] [--out FILE] [--cache DIR]
//                            [--scan-noise [--copies C]]
// Trains pdf-model (worker/pipeline/structure/pdf-model) and writes its model file. Training data:
// the generated layout-family corpus (tests/pdf/corpus), K documents per family drawn from seed N
// (not the eval's seed 13, so the eval's generated corpus stays unseen), plus the ICDAR 2013-style
// set in --train-set (its first ground-truth alternative). It then prints the model's own
// structure-only F1 (adjacency relations, ground-truth regions given) per generated family on the
// eval's corpus (seed 13, 5 per family), on the training set (seen), and on --unseen-set, which is
// never trained on. Deterministic: the same arguments give the same file. --cache keeps the
// regions read from the PDFs (words and truth) in DIR, so a second run with other training
// options skips generating and reading them (the cache is keyed by set, seed and count only:
// clear it when the generator or the text reader changes).
// --scan-noise trains the scan model instead (model-scan.json): every region's words made to look
// like a scan's OCR words (pdf-model/scan-noise.ts), C noisy copies of each (2), each copy drawn from
// its own seed; the figures are then on noisy copies too (another seed than training's).
import fs from "node:fs";
import path from "node:path";
import { generateDocument, FAMILIES } from "../tests/pdf/corpus/generate";
import { readRegions, readStructure } from "../worker/cli/eval/ground-truth";
import { loadRegions, type ScoredRegion, type TruthTableInput } from "../worker/pipeline/structure/pdf-model/load-regions";
import { scoreModel, trainPdfModel } from "../worker/pipeline/structure/pdf-model/train";
import { scanNoised } from "../worker/pipeline/structure/pdf-model/scan-noise";
import type { PdfModel } from "../worker/pipeline/structure/pdf-model/model-file";
import { modelDeciders, readRegion } from "../worker/pipeline/structure/pdf-model/read-region";
import type { TreeNode } from "../worker/pipeline/structure/pdf-model/gbdt";

function parseArgs(argv: string[]) {
  const args = {
    trainSet: "",
    unseenSet: "",
    seed: 7,
    variants: 60,
    out: "worker/pipeline/structure/pdf-model/model.json",
    cache: "",
    scanNoise: false,
    copies: 2,
    outGiven: false,
    evalSeed: 13,
    evalVariants: 5,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--train-set") args.trainSet = argv[++i] ?? "";
    else if (a === "--unseen-set") args.unseenSet = argv[++i] ?? "";
    else if (a === "--seed") args.seed = Number(argv[++i]);
    else if (a === "--variants") args.variants = Number(argv[++i]);
    else if (a === "--out") {
      args.out = argv[++i] ?? "";
      args.outGiven = true;
    } else if (a === "--scan-noise") args.scanNoise = true;
    else if (a === "--copies") args.copies = Number(argv[++i]);
    else if (a === "--cache") args.cache = argv[++i] ?? "";
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(args.seed) || !Number.isInteger(args.variants) || args.variants < 1)
    throw new Error("--seed and --variants take whole numbers");
  if (!Number.isInteger(args.copies) || args.copies < 1) throw new Error("--copies takes a whole number");
  if (args.scanNoise && !args.outGiven) args.out = "worker/pipeline/structure/pdf-model/model-scan.json";
  if (args.seed === args.evalSeed) throw new Error(`--seed ${args.seed} is the eval's corpus seed: train on another`);
  return args;
}

async function generatedSet(seed: number, variants: number): Promise<ScoredRegion[]> {
  const out: ScoredRegion[] = [];
  for (const family of FAMILIES) {
    for (let v = 0; v < variants; v++) {
      const doc = await generateDocument(family, v, seed);
      const tables: TruthTableInput[] = doc.tables.map((t) => ({ page: t.page, cells: t.cells, headerRows: t.headerRows }));
      out.push(...(await loadRegions(doc.pdf, tables, { group: family.name, doc: doc.name, alternative: doc.name })));
    }
  }
  return out;
}

/** An ICDAR 2013-style set's regions; `alternatives` also reads the b files (for scoring only). */
async function sharedSet(dir: string, group: string, alternatives: boolean): Promise<ScoredRegion[]> {
  const out: ScoredRegion[] = [];
  for (const pdf of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pdf"))
    .sort()) {
    const base = path.basename(pdf, ".pdf");
    const names = [base];
    if (alternatives && /[a-z]$/.test(base)) names.push(base.slice(0, -1) + "b");
    for (const name of names.filter((n) => fs.existsSync(path.join(dir, `${n}-str.xml`)))) {
      const structure = readStructure(path.join(dir, `${name}-str.xml`));
      const regions = readRegions(path.join(dir, `${name}-reg.xml`));
      const tables: TruthTableInput[] = structure.map((r, k) => ({
        page: r.page,
        cells: r.cells.map((c) => ({
          row: c.startRow,
          col: c.startCol,
          rowSpan: c.endRow - c.startRow + 1,
          colSpan: c.endCol - c.startCol + 1,
          text: c.text,
          box: c.box,
        })),
        region: regions.length === structure.length && regions[k]!.page === r.page ? regions[k]!.box : undefined,
      }));
      out.push(...(await loadRegions(path.join(dir, pdf), tables, { group, doc: base, alternative: name })));
    }
  }
  return out;
}

/** The model file: numbers cut to 6 significant digits (the file is a third of the size; the
 * answers are the same to far below any threshold). */
function compact(model: PdfModel): string {
  const round = (v: number) => Number(v.toPrecision(6));
  const trees = (t: TreeNode[][]) =>
    t.map((tree) =>
      tree.map((n) =>
        n.feature < 0
          ? { feature: -1, threshold: 0, left: -1, right: -1, value: round(n.value) }
          : { ...n, threshold: round(n.threshold), value: 0 },
      ),
    );
  const parts = ["wordPair", "linePair", "gap", "header"] as const;
  const out: Record<string, unknown> = { version: model.version };
  for (const p of parts) out[p] = { features: model[p].features, bias: round(model[p].bias), trees: trees(model[p].trees) };
  return JSON.stringify(out);
}

async function cached(dir: string, key: string, load: () => Promise<ScoredRegion[]>): Promise<ScoredRegion[]> {
  if (!dir) return load();
  const file = path.join(dir, `${key.replace(/[^a-z0-9-]+/gi, "_")}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as ScoredRegion[];
  const regions = await load();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(regions));
  return regions;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const generatedRegions = (seed: number, variants: number) =>
    cached(args.cache, `generated-${seed}-${variants}`, () => generatedSet(seed, variants));
  const setRegions = (dir: string, group: string, alternatives: boolean) =>
    cached(args.cache, `${group}-${alternatives}`, () => sharedSet(dir, group, alternatives));
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  const generated = await generatedRegions(args.seed, args.variants);
  console.log(`generated: ${generated.length} regions (${FAMILIES.length} families x ${args.variants}, seed ${args.seed}), ${seconds()} s`);
  const trainShared = args.trainSet ? await setRegions(path.resolve(args.trainSet), path.basename(args.trainSet), false) : [];
  if (args.trainSet) console.log(`${path.basename(args.trainSet)}: ${trainShared.length} regions (trained on), ${seconds()} s`);
  const version = `pdf-model seed ${args.seed}, ${args.variants} per family${args.trainSet ? ` + ${path.basename(args.trainSet)}` : ""}${
    args.scanNoise ? `, scan noise x ${args.copies}` : ""
  }`;
  // Scan noise: each copy of each region drawn from its own seed (training seed, copy, region).
  const noisy = (regions: ScoredRegion[], salt: number): ScoredRegion[] =>
    args.scanNoise ? regions.map((r, i) => ({ ...r, ...scanNoised(r, args.seed * 1_000_003 + salt * 100_003 + i) })) : regions;
  const training = [...generated, ...trainShared];
  const trainingRegions = args.scanNoise ? Array.from({ length: args.copies }, (_, c) => noisy(training, c + 1)).flat() : training;
  if (args.scanNoise) console.log(`scan noise: ${args.copies} copies, ${trainingRegions.length} regions`);
  const model = trainPdfModel(trainingRegions, version, undefined, (line) => console.log(`  ${line}`));
  const file = compact(model);
  fs.writeFileSync(args.out, file);
  console.log(`model: ${args.out} (${(file.length / 1024).toFixed(0)} KB), trained in ${seconds()} s`);
  // Figures: the model alone, structure only.
  const report = (label: string, scores: Map<string, { tp: number; gt: number; pred: number; f1: number }>) => {
    for (const [group, s] of [...scores].sort((a, b) => a[0].localeCompare(b[0])))
      console.log(`  ${label} ${group.padEnd(24)} F1 ${s.f1.toFixed(3)}  (${s.tp} right of ${s.gt} truth, ${s.pred} read)`);
  };
  // Figures on copies drawn from another salt than training's (0).
  const evalCorpus = noisy(await generatedRegions(args.evalSeed, args.evalVariants), 0);
  const byFamily = scoreModel(model, evalCorpus);
  report("generated", byFamily);
  const all = [...byFamily.values()].reduce((a, s) => ({ tp: a.tp + s.tp, gt: a.gt + s.gt, pred: a.pred + s.pred }), {
    tp: 0,
    gt: 0,
    pred: 0,
  });
  console.log(
    `  generated (seed ${args.evalSeed}, ${args.evalVariants} per family) all families F1 ${(all.tp ? (2 * all.tp) / (all.gt + all.pred) : 0).toFixed(3)}`,
  );
  if (args.trainSet)
    report("seen", scoreModel(model, noisy(await setRegions(path.resolve(args.trainSet), path.basename(args.trainSet), true), 0)));
  if (args.unseenSet) {
    const unseen = noisy(await setRegions(path.resolve(args.unseenSet), path.basename(args.unseenSet), true), 0);
    report("UNSEEN", scoreModel(model, unseen));
    // Reading time: every region of the set read again (once untimed: the first reads pay for
    // compiling the code), timed alone, per page with a table.
    const deciders = modelDeciders(model);
    for (const region of unseen) readRegion(region.words, region.region, deciders);
    const pages = new Map<string, number>();
    for (const region of unseen) {
      const t0 = performance.now();
      readRegion(region.words, region.region, deciders);
      const key = `${region.alternative}:${region.words.length}:${region.words[0]?.box.join(",")}`;
      pages.set(key, (pages.get(key) ?? 0) + performance.now() - t0);
    }
    const times = [...pages.values()].sort((a, b) => a - b);
    console.log(
      `  reading time per page with tables (${times.length} pages): median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`,
    );
  }
  console.log(`done in ${seconds()} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
