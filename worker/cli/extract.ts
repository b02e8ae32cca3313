// npm run extract -- FILE.pdf [--pages N] [--no-ocr] [--out result.json] [--debug DIR] [--images DIR]
// Runs the pipeline in process (no server, no database) and writes the result object (the `result`
// of a done job) to a file or to stdout. --debug draws rulings, cells and tables on page images.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import crypto from "node:crypto";
import { runPipeline } from "../pipeline/run-pipeline";
import { drawDebugPage } from "./debug-overlay";
import { openPdf } from "../../lib/pdf/open-pdf";
import { OCR_ENGINE_NAMES } from "../../lib/ocr/engine-names";

function parseArgs(argv: string[]) {
  const args = { file: "", pages: Infinity, ocr: true, out: "", debug: "", images: "" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--pages") args.pages = Number(argv[++i]);
    else if (a === "--no-ocr") args.ocr = false;
    else if (a === "--out") args.out = argv[++i] ?? "";
    else if (a === "--debug") args.debug = argv[++i] ?? "";
    else if (a === "--images") args.images = argv[++i] ?? "";
    else if (!a.startsWith("--")) args.file = a;
    else throw new Error(`unknown option ${a}`);
  }
  if (!args.file) throw new Error("usage: npm run extract -- FILE.pdf [--pages N] [--no-ocr] [--out result.json] [--debug DIR] [--images DIR]");
  if (!(args.pages >= 1)) throw new Error("--pages must be at least 1");
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
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
    `${r.pages.length} pages (${output.pagesFailed} failed), ${r.tables.length} tables, ${r.prose.length} prose blocks, ${r.images.length} images in ${seconds.toFixed(2)} s; settings ${output.settingsVersion}\n`,
  );
  for (const f of output.failures) process.stderr.write(`page ${f.page} failed at ${f.stage}: ${f.message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
