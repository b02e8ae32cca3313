// The pipeline without OCR over a corpus of PDFs in one process, as a user with a folder of
// text-layer PDFs runs it: CPU seconds per page (every thread of the process, which unlike wall
// time does not depend on what else the shared machine runs), peak RSS and the seconds per stage
// (stage-timer.ts). Optionally writes every document's result JSON, so a change meant only to be
// faster can show, file by file, that it produces the same bytes. Figures are not cropped unless
// asked (`figureCrops`): the eval never crops them, and `npm run extract` always does, so the
// CLI's many-file mode is compared with an in-process run that crops them too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { readingParserInUse } from "../../../lib/pdf/open-pdf";
import { runPipeline } from "../../pipeline/run-pipeline";
import { addTimings, type StageTimings } from "../../pipeline/stage-timer";
import { peakRssMb } from "./peak-rss";

export interface NoOcrCorpusFigures {
  documents: number;
  pages: number;
  tables: number;
  cpuSeconds: number;
  cpuSecondsPerPage: number;
  wallSeconds: number;
  peakRssMb: number;
  /** Wall seconds per stage, summed over the corpus. */
  stageSeconds: StageTimings;
  /** sha256 over every document's result JSON, in file order: equal digests, equal output. */
  resultsSha256: string;
  /** Node's own flags for this process (V8 heap bounds change both CPU and peak RSS), if any. */
  nodeFlags: string;
  /** The pdf.js parser the documents were read with (lib/pdf/reading-only-parser.ts). */
  parser: string;
  /** Whether figures were cropped and encoded, as `npm run extract` does. */
  figureCrops: boolean;
  /** Figure crops written (0 without `figureCrops`). */
  crops: number;
}

/** Every PDF directly in each directory (sorted by name), or the files themselves. */
export function corpusFiles(paths: readonly string[]): string[] {
  // An empty corpus would print 0 CPU-s a page as a target met.
  if (paths.length === 0) throw new Error("--corpus-only takes --corpus DIR (or FILE.pdf), once or more");
  const files = paths.flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((name) => name.toLowerCase().endsWith(".pdf"))
          .sort()
          .map((name) => path.join(p, name))
      : [p],
  );
  if (files.length === 0) throw new Error(`no PDF in ${paths.join(", ")}`);
  return files;
}

export async function runNoOcrCorpus(
  files: readonly string[],
  options: { resultsDir?: string; figureCrops?: boolean } = {},
): Promise<NoOcrCorpusFigures> {
  const figureCrops = options.figureCrops ?? false;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-no-ocr-"));
  const digest = createHash("sha256");
  const stageSeconds: StageTimings = {};
  let pages = 0;
  let tables = 0;
  let crops = 0;
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  try {
    if (options.resultsDir) fs.mkdirSync(options.resultsDir, { recursive: true });
    for (const file of files) {
      const bytes = await fs.promises.readFile(file);
      // Every page: the pipeline counts them when it opens the file (no opening it twice).
      const output = await runPipeline({
        pdfPath: file,
        withSourcePages: false,
        fileSha256: createHash("sha256").update(bytes).digest("hex"),
        cacheDir: null,
        outputDir,
        ocr: [],
        skipFigureCrops: !figureCrops,
      });
      crops += output.result.images.length;
      addTimings(stageSeconds, output.stageSeconds);
      pages += output.result.pages.length;
      tables += output.result.tables.length;
      const json = JSON.stringify({ result: output.result, failures: output.failures });
      digest.update(`${path.basename(file)}\n${json}\n`);
      if (options.resultsDir) await fs.promises.writeFile(path.join(options.resultsDir, `${path.basename(file, ".pdf")}.json`), json);
    }
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    documents: files.length,
    pages,
    tables,
    cpuSeconds,
    cpuSecondsPerPage: pages ? cpuSeconds / pages : 0,
    wallSeconds: (performance.now() - started) / 1000,
    peakRssMb: peakRssMb(),
    stageSeconds,
    resultsSha256: digest.digest("hex"),
    nodeFlags: [...process.execArgv, ...flagsSetByRunEntry()].join(" "),
    parser: readingParserInUse() ?? "none (no document was read)",
    figureCrops,
    crops,
  };
}

/** The V8 flags scripts/run-entry.mjs set at run time in this process (none when it did not start
 * it). */
function flagsSetByRunEntry(): string[] {
  const flags = (globalThis as Record<symbol, unknown>)[Symbol.for("run-entry.v8-flags")];
  return Array.isArray(flags) ? flags.map(String) : [];
}

/** The figures as printed lines: the totals, then the stages, slowest first. */
export function formatNoOcrCorpus(figures: NoOcrCorpusFigures): string[] {
  const stages = Object.entries(figures.stageSeconds).sort((a, b) => b[1] - a[1]);
  const perPage = (s: number) => (figures.pages ? (s / figures.pages) * 1000 : 0).toFixed(1);
  return [
    `no OCR, ${figures.documents} files in one process: ${figures.pages} pages, ${figures.tables} tables${figures.figureCrops ? `, ${figures.crops} figure crops` : ""}; ${figures.cpuSeconds.toFixed(2)} CPU-s (${figures.cpuSecondsPerPage.toFixed(3)} a page), ${figures.wallSeconds.toFixed(2)} s wall; peak RSS ${figures.peakRssMb} MB`,
    `  results sha256 ${figures.resultsSha256.slice(0, 16)} (equal before and after a speed change: the same output)`,
    ...(figures.nodeFlags
      ? [`  node flags: ${figures.nodeFlags} (V8's helper threads, tiering and heap bounds move CPU and peak RSS)`]
      : []),
    `  pdf.js parser: ${figures.parser}${figures.parser === "stock" ? " (the reading-only copy was not used: the same output, more CPU)" : ""}`,
    `  wall ms a page by stage: ${stages.map(([name, s]) => `${name} ${perPage(s)}`).join(", ")}`,
  ];
}
