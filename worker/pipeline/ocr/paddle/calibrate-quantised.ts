// The activation ranges the quantised line recognition (quantise-model.ts) is built with: the
// float model run on the text-layer line crops of born-digital PDFs, exactly as a page read on its
// lines is cut and batched (text-layer-lines.ts, recognition-plan.ts), with each quantised
// convolution's input and output as extra outputs; each tensor's least and greatest value over
// batches: each tensor's least and greatest value in each batch, and the range from them. Taking
// the extremes of every batch lets one unusual crop widen a range for all (and coarsen its 255
// steps); a quantile of the batches' extremes leaves such batches clipped instead.
// `scripts/calibrate-rec-int8.ts` runs it and writes rec-int8-ranges.json.
import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-node";
import { openPdf } from "../../../../lib/pdf/open-pdf";
import { renderPageForOcr } from "../../render/render-page";
import { readPage } from "../../extract-page";
import { SETTINGS } from "../../settings";
import { OCR_SETTINGS } from "../settings";
import { textLayerLineBoxes } from "./text-layer-lines";
import { planCropRecognition, recognitionInput } from "./recognition-plan";
import { paddleModelDir } from "./model-dir";
import { foldModel } from "./fold-model";
import { withBestClassOutput } from "./best-class-output";
import { withCalibrationOutputs } from "./quantise-model";

export interface Calibration {
  /** Per tensor, the least and greatest value seen. */
  tensors: Record<string, [number, number]>;
  pages: number;
  crops: number;
}

/** The ranges over every page with a text layer of `pdfFiles` (at most `maxPages` pages): per
 * tensor, the `quantile` of the batches' least values below and of their greatest above (1: the
 * extremes of all). */
export async function calibrateLineRecognition(
  pdfFiles: readonly string[],
  options: { quantile?: number; maxPages?: number } = {},
): Promise<Calibration> {
  const maxPages = options.maxPages ?? Infinity;
  const quantile = options.quantile ?? 1;
  const raw = await fs.promises.readFile(path.join(paddleModelDir(), "ch_PP-OCRv4_rec_infer.onnx"));
  const { bytes, tensors } = withCalibrationOutputs(withBestClassOutput(foldModel(raw).bytes));
  const session = await ort.InferenceSession.create(bytes, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionProviders: ["cpu"],
    graphOptimizationLevel: "all",
    enableCpuMemArena: false,
  });
  const lows: Record<string, number[]> = Object.fromEntries(tensors.map((t) => [t, []]));
  const highs: Record<string, number[]> = Object.fromEntries(tensors.map((t) => [t, []]));
  let pages = 0;
  let crops = 0;
  try {
    for (const file of pdfFiles) {
      if (pages >= maxPages) break;
      const opened = await openPdf(file, { rendersEveryPage: true });
      try {
        for (let n = 1; n <= opened.doc.numPages && pages < maxPages; n++) {
          const page = await opened.doc.getPage(n);
          const { words } = await readPage(page, SETTINGS);
          const lines = textLayerLineBoxes(words, { ...OCR_SETTINGS.textLayerLines, enabled: true });
          if (lines.length === 0) continue;
          const render = await renderPageForOcr(page, n);
          for (const batch of planCropRecognition(render, lines, OCR_SETTINGS.paddle)) {
            const { data, dims } = recognitionInput(render, batch, OCR_SETTINGS.paddle.recHeight);
            const out = await session.run({ x: new ort.Tensor("float32", data, dims) }, tensors);
            for (const t of tensors) {
              const values = out[t]!.data as Float32Array;
              let lo = Infinity;
              let hi = -Infinity;
              for (let i = 0; i < values.length; i++) {
                const v = values[i]!;
                if (v < lo) lo = v;
                if (v > hi) hi = v;
              }
              lows[t]!.push(lo);
              highs[t]!.push(hi);
            }
            crops += batch.length;
          }
          pages++;
        }
      } finally {
        await opened.close();
      }
    }
  } finally {
    await session.release();
  }
  const ranges: Record<string, [number, number]> = {};
  for (const t of tensors) {
    const lo = lows[t]!.sort((a, b) => a - b);
    const hi = highs[t]!.sort((a, b) => a - b);
    if (lo.length === 0) throw new Error("no page with a text layer to calibrate on");
    ranges[t] = [lo[Math.floor((1 - quantile) * (lo.length - 1))]!, hi[Math.ceil(quantile * (hi.length - 1))]!];
  }
  return { tensors: ranges, pages, crops };
}
