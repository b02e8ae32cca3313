// npm run calibrate:ocr-2 -- [--seed N] [--variants K] [--corpus DIR]... [--max-pages P] [--out FILE]
// Measures the activation ranges of the quantised line recognition (worker/pipeline/ocr/paddle/
// quantise-model.ts) on the text-layer line crops of the generated layout-family corpus and of
// the PDFs in each --corpus folder, and writes them to
// worker/pipeline/ocr/paddle/rec-int8-ranges.json (or FILE), from at most P pages (the generated
// ones first, then the folders' PDFs in name order). Deterministic from the arguments. The
// committed ranges: the defaults with `--corpus` the ICDAR 2013 EU set (docs/ocr-quantised.md
// says why these); never calibrate on a set you report as unseen. After a new
// calibration, bump the suffix of TEXT_LINES_VERSION (read-page-ocr.ts): cached line readings
// were made with the old ranges.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { generateCorpus } from "../tests/pdf/corpus/generate";
import { calibrateLineRecognition } from "../worker/pipeline/ocr/paddle/calibrate-quantised";

/** Significant digits kept: the ranges only set 8-bit scales. */
const round = (v: number) => Number(v.toPrecision(6));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  // A development seed: neither the eval's generated sets (13, 90001...) nor the probe's.
  const seed = Number(value("--seed", "251"));
  const variants = Number(value("--variants", "1"));
  const maxPages = Number(value("--max-pages", "66"));
  const out = path.resolve(value("--out", "worker/pipeline/ocr/paddle/rec-int8-ranges.json"));
  const folders = args.flatMap((arg, i) => (arg === "--corpus" && args[i + 1] ? [path.resolve(args[i + 1]!)] : []));
  const real = folders.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith(".pdf"))
      .sort()
      .map((f) => path.join(dir, f)),
  );
  if (!Number.isInteger(seed) || !Number.isInteger(variants) || variants < 1) throw new Error("--seed and --variants take whole numbers");
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "calibrate-rec-"));
  try {
    const docs = await generateCorpus({ outDir: dir, seed, variants });
    const files = [...docs.map((d) => path.join(dir, `${d.name}.pdf`)), ...real];
    const started = Date.now();
    const calibration = await calibrateLineRecognition(files, { maxPages });
    const tensors = Object.fromEntries(Object.entries(calibration.tensors).map(([name, [lo, hi]]) => [name, [round(lo), round(hi)]]));
    const file = {
      about:
        "Least and greatest value of each quantised convolution's input and output in PP-OCRv4 recognition (folded), over the text-layer line crops of the generated corpus and of the PDFs in the folders named. Written by npm run calibrate:ocr-2.",
      corpus: {
        seed,
        variants,
        generated: docs.length,
        folders: folders.map((f) => path.basename(f)),
        pdfs: real.length,
        maxPages,
        pages: calibration.pages,
        crops: calibration.crops,
      },
      tensors,
    };
    // Laid out as the repository's formatter lays out JSON, so the file is committed as written.
    await fs.promises.writeFile(out, await prettier.format(JSON.stringify(file), { parser: "json" }));
    console.log(
      `${Object.keys(tensors).length} tensors from ${calibration.crops} crops on ${calibration.pages} pages (${docs.length} generated at seed ${seed}, ${real.length} from ${folders.length} folders) in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${out}`,
    );
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
