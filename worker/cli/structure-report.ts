// npm run structure-report -- --dataset DATASET_DIR | --generated [--seed N] [--variants K]
//                             [--readers pdf-grid,pdf-layout,...] [--no-vote] [--no-ocr] [--cache DIR] [--only NAME]
// The structure readers and the page stages measured and evaluated alone: the pipeline over an
// ICDAR 2013 dataset with only the chosen structure readers (default: all) or without the
// structure vote, printing (1) wall seconds per page of every named stage, (2) per reader how
// many delivered cells it supported, objected to, or had no opinion on (on the pages it read),
// (3) per reader, the delivered cells it did not read by reason, and the `single` cells by their
// supporters and by pdf-stream's reason (eval/structure-coverage.ts: counts over the set, never
// per document), (4) the verdicts, and (5) the trust table (eval/trust.ts) of the run. OCR readings
// come from the eval's cache (eval-out/ocr-cache) when it holds them. --generated writes the
// generated layout-family corpus (as `npm run eval -- --generated` does, same seed and variants)
// into a temporary folder and reports on it.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { runPipeline } from "../pipeline/run-pipeline";
import { OcrEngines } from "../pipeline/ocr";
import { openPdf } from "../../lib/pdf/open-pdf";
import { STRUCTURE_READERS, type StructureSource } from "../pipeline/structure/registry";
import { addTimings, type StageTimings } from "../pipeline/stage-timer";
import { readStructure } from "./eval/ground-truth";
import { gridToRelations } from "./eval/adjacency";
import { addTrust, formatTrust, summariseTrust, tableTrustRelations, trustDocument, type TrustCounts } from "./eval/trust";
import { addCoverage, emptyCoverage, formatCoverage } from "./eval/structure-coverage";

function parseArgs(argv: string[]) {
  const args = {
    dataset: "",
    generated: false,
    seed: 13,
    variants: 5,
    readers: STRUCTURE_READERS.map<StructureSource>((r) => r.name),
    vote: true,
    ocr: true,
    cache: "eval-out/ocr-cache",
    only: "",
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--dataset") args.dataset = argv[++i] ?? "";
    else if (a === "--generated") args.generated = true;
    else if (a === "--seed") args.seed = Number(argv[++i]);
    else if (a === "--variants") args.variants = Number(argv[++i]);
    else if (a === "--readers") {
      const names = (argv[++i] ?? "").split(",").filter((n) => n !== "");
      const known = STRUCTURE_READERS.map((r) => r.name as string);
      const unknown = names.filter((n) => !known.includes(n));
      if (unknown.length > 0) throw new Error(`--readers: unknown reader ${unknown.join(", ")} (known: ${known.join(", ")})`);
      args.readers = names as StructureSource[];
    } else if (a === "--no-vote") args.vote = false;
    else if (a === "--no-ocr") args.ocr = false;
    else if (a === "--cache") args.cache = argv[++i] ?? "";
    else if (a === "--only") args.only = argv[++i] ?? "";
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(args.seed) || !Number.isInteger(args.variants) || args.variants < 1)
    throw new Error("--seed and --variants take whole numbers");
  if (!args.dataset && !args.generated)
    throw new Error(
      "usage: npm run structure-report -- --dataset DIR | --generated [--seed N] [--variants K] [--readers a,b] [--no-vote] [--no-ocr] [--cache DIR] [--only NAME]",
    );
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  let dir = args.dataset ? path.resolve(args.dataset) : "";
  if (args.generated) {
    dir = fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "structure-report-generated-"));
    // Loaded only here: the generator needs the corpus's dev dependencies (fontkit, DejaVu).
    const { generateCorpus } = await import("../../tests/pdf/corpus/generate");
    const generated = await generateCorpus({ outDir: dir, seed: args.seed, variants: args.variants });
    console.log(`generated ${generated.length} documents (seed ${args.seed}, ${args.variants} per family)`);
  }
  const pdfs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".pdf") && (!args.only || f.startsWith(args.only)))
    .sort();
  const readers = args.ocr ? new OcrEngines() : null;
  const stages: StageTimings = {};
  const opinions = new Map<string, { support: number; against: number; none: number }>();
  const levels: Record<string, number> = {};
  let trust: TrustCounts = { perLevel: {} };
  let coverage = emptyCoverage();
  let pages = 0;
  try {
    for (const pdf of pdfs) {
      const pdfPath = path.join(dir, pdf);
      const opened = await openPdf(pdfPath);
      const count = opened.doc.numPages;
      await opened.close();
      const output = await runPipeline({
        pdfPath,
        pages: count,
        withSourcePages: false,
        fileSha256: createHash("sha256")
          .update(await fs.promises.readFile(pdfPath))
          .digest("hex"),
        cacheDir: readers ? path.resolve(args.cache) : null,
        outputDir: fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "structure-report-")),
        ocr: readers ?? [],
        skipFigureCrops: true,
        structureReaders: args.readers,
        skipStages: args.vote ? [] : ["structure-vote"],
        onPage: ({ structure, extraction, readings: pageReadings }) => {
          const frame = extraction.frame;
          coverage = addCoverage(
            coverage,
            {
              regions: frame ? frame.tableRegions : extraction.tableModels.map((m) => m.box),
              verdicts: structure.verdicts,
              words: frame ? frame.readings.words : pageReadings.words,
              detectedTables: frame ? frame.debug.tables : extraction.debug.tables,
              rulings: frame ? frame.debug.rulings : extraction.debug.rulings,
              readings: structure.readings,
              // The sets this reports on are born-digital (their own text layers); a scan's words
              // would be OCR's, which pdf-stream does not read.
              scan: false,
            },
            args.readers,
          );
          for (const { verdict } of structure.verdicts.flat()) {
            levels[verdict.level] = (levels[verdict.level] ?? 0) + 1;
            for (const reading of structure.readings) {
              const o = opinions.get(reading.source) ?? { support: 0, against: 0, none: 0 };
              if (verdict.supporters.includes(reading.source)) o.support++;
              else if (verdict.against.includes(reading.source)) o.against++;
              else o.none++;
              opinions.set(reading.source, o);
            }
          }
        },
      });
      pages += output.result.pages.length;
      addTimings(stages, output.stageSeconds);
      const gtFile = path.join(dir, `${path.basename(pdf, ".pdf")}-str.xml`);
      if (fs.existsSync(gtFile)) {
        const gt = readStructure(gtFile).map((r) => ({
          page: r.page,
          rel: gridToRelations(
            r.cells.map((c) => ({
              row: c.startRow,
              col: c.startCol,
              rowSpan: c.endRow - c.startRow + 1,
              colSpan: c.endCol - c.startCol + 1,
              text: c.text,
            })),
          ),
        }));
        trust = addTrust(
          trust,
          trustDocument(
            gt,
            output.result.tables.map((t) => ({ page: t.page, relations: tableTrustRelations(t) })),
          ),
        );
      }
    }
  } finally {
    await readers?.release();
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `${path.basename(dir)}: ${pdfs.length} documents, ${pages} pages; readers ${args.readers.join(", ") || "none"}; vote ${args.vote ? "on" : "off"}; OCR ${readers ? "on" : "off"}`,
  );
  console.log("seconds per page by stage (wall, mean):");
  for (const [stage, seconds] of Object.entries(stages).sort((a, b) => b[1] - a[1]))
    console.log(`    ${stage.padEnd(24)} ${(seconds / Math.max(1, pages)).toFixed(4)}`);
  console.log("structure readings on the delivered cells (support / against / no opinion):");
  for (const [source, o] of opinions) console.log(`    ${source.padEnd(12)} ${o.support} / ${o.against} / ${o.none}`);
  console.log(formatCoverage(coverage).join("\n"));
  console.log(
    `verdicts: ${Object.entries(levels)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  console.log(formatTrust(summariseTrust(trust), pct).join("\n"));
}

main().catch((error) => {
  console.error((error as Error).message);
  process.exit(1);
});
