// How well the scan path's first reading (Tesseract on the prepared page) reads the words, apart
// from any table: each PDF of a dataset is made into a realistic scan (the eval's recipe,
// worker/cli/eval/realistic-scans.ts), prepared as the pipeline prepares scans, read by Tesseract
// under one or more variants, and its words compared with the original PDF's text layer (a
// multiset of whitespace-free ASCII tokens: the metric's normalisation). It answers "does this
// preprocessing or model read better?" in minutes, before a full eval; the tables' F1 stays the
// judge. Variants:
//   base                 the pipeline's own reading (model 4.0.0_best_int, LSTM only)
//   unsharp:SIGMA:AMOUNT the prepared page sharpened (Gaussian SIGMA px, AMOUNT of the detail added)
//   model:DIR:OEM        another model folder of @tesseract.js-data/eng, OEM 1 (LSTM) or 2 (LSTM + legacy)
//
// npx tsx scripts/scan-ocr-accuracy.ts --dataset DIR [--pages 2] [--variant base --variant unsharp:1:0.6] NAME...
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { createWorker, type Worker } from "tesseract.js";
import { openPdf } from "../lib/pdf/open-pdf";
import { renderPage, renderToGrey, renderToPgm, type PageRender } from "../worker/pipeline/render/render-page";
import { RENDER_SETTINGS } from "../worker/pipeline/render/settings";
import { prepareScan } from "../worker/pipeline/scan/prepare-scan";
import { makeRealisticScan } from "../worker/cli/eval/realistic-scans";
import { tsvToWords } from "../worker/pipeline/ocr/tesseract-engine";
import { OCR_SETTINGS } from "../worker/pipeline/ocr/settings";
import { normalizeText } from "../worker/pipeline/tables/adjacency-relations";
import { intersectRelations } from "../worker/cli/eval/adjacency";

export interface TokenScore {
  hit: number;
  truth: number;
  read: number;
}

const counts = (tokens: readonly string[]) => tokens.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());

/** Tokens of `read` matched one to one against `truth` (a multiset intersection, as the metric
 * intersects relations). */
export function scoreTokens(truth: readonly string[], read: readonly string[]): TokenScore {
  return { hit: intersectRelations(counts(truth), counts(read)), truth: truth.length, read: read.length };
}

function gaussianBlur(grey: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const sum = kernel.reduce((a, b) => a + b, 0);
  const k = kernel.map((v) => v / sum);
  const pass = (src: Float32Array, along: "x" | "y") => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let acc = 0;
        for (let i = -radius; i <= radius; i++) {
          const xx = along === "x" ? Math.min(width - 1, Math.max(0, x + i)) : x;
          const yy = along === "y" ? Math.min(height - 1, Math.max(0, y + i)) : y;
          acc += src[yy * width + xx]! * k[i + radius]!;
        }
        out[y * width + x] = acc;
      }
    }
    return out;
  };
  return pass(pass(grey, "x"), "y");
}

/** The render sharpened by an unsharp mask: grey + amount * (grey - blurred grey). */
export function unsharpMask(render: PageRender, sigma: number, amount: number): PageRender {
  const grey = Float32Array.from(renderToGrey(render));
  const blurred = gaussianBlur(grey, render.width, render.height, sigma);
  const rgba = new Uint8Array(render.width * render.height * 4);
  for (let i = 0, o = 0; i < grey.length; i++, o += 4) {
    const v = Math.round(grey[i]! + amount * (grey[i]! - blurred[i]!));
    rgba[o] = rgba[o + 1] = rgba[o + 2] = v < 0 ? 0 : v > 255 ? 255 : v;
    rgba[o + 3] = 255;
  }
  return { ...render, rgba };
}

interface Variant {
  name: string;
  prepare: (render: PageRender) => PageRender;
  model: string;
  oem: number;
}

function parseVariant(spec: string): Variant {
  const [kind, a, b] = spec.split(":");
  const base = { name: spec, prepare: (r: PageRender) => r, model: OCR_SETTINGS.tesseract.modelDir, oem: 1 };
  if (kind === "base") return base;
  if (kind === "unsharp") return { ...base, prepare: (r) => unsharpMask(r, Number(a), Number(b)) };
  if (kind === "model") return { ...base, model: a ?? base.model, oem: Number(b ?? 1) };
  throw new Error(`unknown variant ${spec}: base, unsharp:SIGMA:AMOUNT or model:DIR:OEM`);
}

async function tesseractFor(variant: Variant): Promise<Worker> {
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), variant.model);
  const worker = await createWorker("eng", variant.oem, { langPath, cacheMethod: "none", gzip: true });
  await worker.setParameters({ tessedit_pageseg_mode: OCR_SETTINGS.tesseract.pageSegMode as never, tessedit_do_invert: "0" });
  return worker;
}

const tokensOf = (texts: readonly string[]) =>
  texts
    .flatMap((t) => t.split(/\s+/))
    .map(normalizeText)
    .filter((t) => t !== "");
const share = (s: TokenScore, of: "truth" | "read") => (s[of] === 0 ? "-" : (s.hit / s[of]).toFixed(4));

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let dataset = "";
  let pages = 2;
  const specs: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dataset") dataset = argv[++i] ?? "";
    else if (argv[i] === "--pages") pages = Number(argv[++i]);
    else if (argv[i] === "--variant") specs.push(argv[++i] ?? "");
    else names.push(argv[i]!);
  }
  if (!dataset || names.length === 0) throw new Error("usage: scan-ocr-accuracy --dataset DIR [--pages N] [--variant SPEC]... NAME...");
  const variants = (specs.length > 0 ? specs : ["base"]).map(parseVariant);
  const workers = await Promise.all(variants.map(tesseractFor));
  const scansDir = path.join(os.tmpdir(), "scan-ocr-accuracy");
  await fs.promises.mkdir(scansDir, { recursive: true });
  const totals = variants.map(() => ({ all: { hit: 0, truth: 0, read: 0 }, digits: { hit: 0, truth: 0, read: 0 } }));
  const add = (into: TokenScore, s: TokenScore) => ((into.hit += s.hit), (into.truth += s.truth), (into.read += s.read));
  for (const name of names) {
    const original = path.join(dataset, `${name}.pdf`);
    const scanned = path.join(scansDir, `${name}.pdf`);
    if (!fs.existsSync(scanned)) await makeRealisticScan(original, scanned);
    const truthPdf = await openPdf(original);
    const scanPdf = await openPdf(scanned, { rendersEveryPage: true });
    for (let n = 1; n <= Math.min(pages, truthPdf.doc.numPages); n++) {
      const content = await (await truthPdf.doc.getPage(n)).getTextContent();
      const truth = tokensOf(content.items.map((item) => ("str" in item ? item.str : "")));
      const prepared = prepareScan(await renderPage(await scanPdf.doc.getPage(n), n, RENDER_SETTINGS.dpiWithoutTextLayer)).render;
      for (const [v, variant] of variants.entries()) {
        const image = variant.prepare(prepared);
        await workers[v]!.setParameters({ user_defined_dpi: String(image.dpi) });
        const { data } = await workers[v]!.recognize(renderToPgm(image), {}, { text: false, blocks: false, tsv: true });
        const read = tokensOf(tsvToWords(data.tsv ?? "", image.scale).map((w) => w.text));
        const all = scoreTokens(truth, read);
        const digits = scoreTokens(
          truth.filter((t) => /\d/.test(t)),
          read.filter((t) => /\d/.test(t)),
        );
        add(totals[v]!.all, all);
        add(totals[v]!.digits, digits);
        console.log(
          `${name} p${n} ${variant.name}: tokens recall ${share(all, "truth")} precision ${share(all, "read")}; with digits recall ${share(digits, "truth")} (${digits.truth})`,
        );
      }
    }
    await truthPdf.close();
    await scanPdf.close();
  }
  for (const [v, variant] of variants.entries()) {
    const { all, digits } = totals[v]!;
    console.log(
      `total ${variant.name}: tokens recall ${share(all, "truth")} precision ${share(all, "read")} (${all.truth}); with digits recall ${share(digits, "truth")} precision ${share(digits, "read")} (${digits.truth})`,
    );
  }
  await Promise.all(workers.map((w) => w.terminate()));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) await main();
