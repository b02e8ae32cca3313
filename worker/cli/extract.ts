// npm run extract -- FILE.pdf [--pages N] [--no-ocr] [--out result.json] [--debug DIR] [--images DIR]
// npm run extract -- FILE.pdf|FOLDER|'GLOB'... [--jobs N] [--out DIR] [--pages N] [--no-ocr]
// Runs the pipeline in process (no server, no database) and writes the result object (the `result`
// of a done job) to a file or to stdout. --debug draws rulings, cells and tables on page images.
// Given several files, a folder (every PDF under it) or a glob pattern, it reads them all in this
// one process (extract/batch.ts): each result goes beside its PDF (NAME.json) or under --out DIR,
// --jobs N reads N files at once in worker threads, a terminal shows a progress bar, and a summary
// line ends the run (files, pages, tables, cells by confidence, seconds).
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { runPipeline } from "../pipeline/run-pipeline";
import { drawDebugPage } from "./debug-overlay";
import { openPdf } from "../../lib/pdf/open-pdf";
import { OCR_ENGINE_NAMES } from "../../lib/ocr/engine-names";
import { resolveInputs } from "./extract/inputs";
import { runBatch, serveWorker, summaryLine } from "./extract/batch";
import { cellsByConfidence, formatCells, type ExtractOptions } from "./extract/extract-file";
import { ProgressBar } from "./extract/progress-bar";

const USAGE =
  "usage: npm run extract -- FILE.pdf [--pages N] [--no-ocr] [--out result.json] [--debug DIR] [--images DIR]\n" +
  "       npm run extract -- FILE.pdf|FOLDER|'GLOB'... [--jobs N] [--out DIR] [--pages N] [--no-ocr]";

/** A path the user typed, relative to the folder they typed it in: npm runs the script in the
 * project's folder and names the caller's in INIT_CWD (`npm --prefix ~/pdftables run extract --
 * report.pdf` from another folder, or `npm run extract` from a subfolder). Unchanged when the two
 * are the same folder, so messages show the path as typed. */
function fromCaller(typed: string, callerDir = process.env.INIT_CWD): string {
  if (!typed || !callerDir || path.isAbsolute(typed) || path.resolve(callerDir) === process.cwd()) return typed;
  return path.join(callerDir, typed);
}

function parseArgs(argv: string[]) {
  const args = { inputs: [] as string[], pages: Infinity, ocr: true, out: "", debug: "", images: "", jobs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--pages") args.pages = Number(argv[++i]);
    else if (a === "--no-ocr") args.ocr = false;
    else if (a === "--out") args.out = fromCaller(argv[++i] ?? "");
    else if (a === "--debug") args.debug = fromCaller(argv[++i] ?? "");
    else if (a === "--images") args.images = fromCaller(argv[++i] ?? "");
    else if (a === "--jobs") args.jobs = Number(argv[++i]);
    else if (!a.startsWith("--")) args.inputs.push(fromCaller(a));
    else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (args.inputs.length === 0) throw new Error(USAGE);
  if (!(args.pages >= 1)) throw new Error("--pages must be at least 1");
  if (!Number.isInteger(args.jobs) || args.jobs < 1) throw new Error("--jobs takes a whole number of at least 1");
  return args;
}

/** One existing file and no folder for --out: the one-file mode (result to stdout or --out FILE). */
function isOneFile(args: ReturnType<typeof parseArgs>): boolean {
  const [only] = args.inputs;
  if (args.inputs.length !== 1 || !only || !fs.existsSync(only) || fs.statSync(only).isDirectory()) return false;
  return !args.out || args.out.toLowerCase().endsWith(".json") || (fs.existsSync(args.out) && !fs.statSync(args.out).isDirectory());
}

/** Many files (extract/batch.ts): results beside the inputs or under --out DIR. */
async function mainMany(args: ReturnType<typeof parseArgs>): Promise<void> {
  if (args.debug || args.images) throw new Error("--debug and --images take one file");
  const inputs = resolveInputs(args.inputs, args.out || null);
  const options: ExtractOptions & { jobs: number } = { pages: args.pages, ocr: args.ocr, jobs: args.jobs };
  const summary = await runBatch(inputs, options, new URL(import.meta.url), ProgressBar.forTerminal());
  for (const f of summary.files) if (f.error) process.stderr.write(`${f.pdf} failed: ${f.error}\n`);
  process.stdout.write(`${summaryLine(summary)}\n`);
  if (summary.files.some((f) => f.error)) process.exitCode = 1;
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (!isOneFile(parsed)) return mainMany(parsed);
  const args = { ...parsed, file: parsed.inputs[0]! };
  const bytes = await fs.promises.readFile(args.file);
  const outputDir = args.images || (args.out ? path.dirname(path.resolve(args.out)) : fs.mkdtempSync(path.join(os.tmpdir(), "extract-")));
  const debugPages: Array<Parameters<typeof drawDebugPage>[1]> = [];
  // runPipeline delivers exactly `pages` entries (the job's promise), so ask for what the file has.
  const counted = await openPdf(args.file);
  const pageCount = counted.doc.numPages;
  await counted.close();
  const started = performance.now();
  const output = await runPipeline({
    pdfPath: args.file,
    pages: Math.min(args.pages, pageCount),
    withSourcePages: Number.isFinite(args.pages),
    fileSha256: crypto.createHash("sha256").update(bytes).digest("hex"),
    cacheDir: null,
    outputDir,
    ocr: args.ocr ? OCR_ENGINE_NAMES : [],
    onProgress: (stage) => void process.stderr.write(`${stage}\n`),
    onPage: args.debug ? (page) => void debugPages.push(page) : undefined,
  });
  const seconds = (performance.now() - started) / 1000;
  if (args.debug) {
    await fs.promises.mkdir(args.debug, { recursive: true });
    const opened = await openPdf(args.file);
    try {
      for (const page of debugPages) await drawDebugPage(opened.doc, page, args.debug);
    } finally {
      await opened.close();
    }
  }
  const json = JSON.stringify(output.result, null, 2);
  if (args.out) await fs.promises.writeFile(args.out, json);
  else process.stdout.write(json + "\n");
  const r = output.result;
  process.stderr.write(
    `${r.pages.length} pages (${output.pagesFailed} failed), ${r.tables.length} tables (cells: ${formatCells(cellsByConfidence(r))}), ${r.prose.length} prose blocks, ${r.images.length} images in ${seconds.toFixed(2)} s; settings ${output.settingsVersion}\n`,
  );
  for (const f of output.failures) process.stderr.write(`page ${f.page} failed at ${f.stage}: ${f.message}\n`);
}

// Started as a worker thread of a many-file run: serve files; otherwise the command.
if (!isMainThread && (workerData as { extractWorker?: boolean } | null)?.extractWorker) {
  serveWorker(parentPort!, (workerData as { options: ExtractOptions }).options);
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
