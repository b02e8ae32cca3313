// Which crops PaddleOCR recognition reads, in which batches (pure: no ONNX Runtime here, so the
// OCR pool can plan a page's batches in the main thread and hand one batch to each thread).
import type { PageRender } from "../../render/render-page";
import type { PaddleSettings } from "../settings";
import type { Word } from "../types";
import type { DetBox } from "./db-postprocess";
import { writeRegionToChw, type Normalisation } from "./image-ops";
import type { BBox } from "../../../../lib/result/schema";

/** PaddleOCR pads every crop to at least 320 px (its training width); here crops of similar
 * width are batched together and padded only to the widest of the batch, which reads the same
 * on table cells and costs a third of the time (most cells are ~120 px at height 48). */
export const REC_MIN_WIDTH = 64;

/** A recognition crop in render pixels. */
export interface RecCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page's detected text lines (detection pixels) and its non-text regions (points). */
export interface PaddleDetection {
  boxes: DetBox[];
  detWidth: number;
  detHeight: number;
  nonTextRegions: BBox[];
}

/** Input columns of a crop scaled to the recognition height. */
export function recWidth(c: { width: number; height: number }, h: number): number {
  return Math.max(1, Math.ceil((h * c.width) / c.height));
}

/** PaddleOCR rec: (x / 255 - 0.5) / 0.5. */
const REC_NORM: Normalisation = { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] };

/** One batch as the recognition model's input: the crops scaled to height `h`, side by side in a
 * [batch, 3, h, width] tensor padded to the widest (zero is mid-grey after normalisation, the
 * padding PaddleOCR uses), with each crop's own width in input columns. */
export function recognitionInput(
  render: PageRender,
  batch: readonly RecCrop[],
  h: number,
): { data: Float32Array; dims: [number, number, number, number]; widths: number[] } {
  const widths = batch.map((c) => recWidth(c, h));
  const batchWidth = Math.max(REC_MIN_WIDTH, Math.ceil(Math.max(...widths) / 8) * 8);
  const plane = h * batchWidth;
  const data = new Float32Array(batch.length * 3 * plane);
  batch.forEach((crop, i) => {
    writeRegionToChw(render, crop, widths[i]!, h, REC_NORM, data, i * 3 * plane, batchWidth, plane);
  });
  return { data, dims: [batch.length, 3, h, batchWidth], widths };
}

/** The detected lines as recognition batches of render-pixel crops. */
export function planRecognition(
  render: PageRender,
  detection: Pick<PaddleDetection, "boxes" | "detWidth" | "detHeight">,
  settings: PaddleSettings,
): RecCrop[][] {
  const fx = render.width / detection.detWidth;
  const fy = render.height / detection.detHeight;
  const crops = detection.boxes.map((b) => {
    // Recognition cost grows with crop width; the full unclip margin left and right (~0.75 of
    // the text height) is more than CTC needs to see the first and last glyph.
    const textHeight = Math.max(1, b.y1 - b.y0 - 2 * b.grow);
    const trim = Math.max(0, b.grow - settings.recSidePad * textHeight);
    b = { ...b, x0: b.x0 + trim, x1: b.x1 - trim };
    const x = Math.max(0, Math.floor(b.x0 * fx));
    const y = Math.max(0, Math.floor(b.y0 * fy));
    const width = Math.min(render.width, Math.ceil(b.x1 * fx)) - x;
    const height = Math.min(render.height, Math.ceil(b.y1 * fy)) - y;
    return { x, y, width, height };
  });
  return batchCrops(crops, settings);
}

/** Crops of known boxes (points; e.g. table cells whose place the text layer already gave) as
 * recognition batches: recognition without detection. */
export function planCropRecognition(render: PageRender, boxes: readonly BBox[], settings: PaddleSettings): RecCrop[][] {
  const crops = boxes.map(([x0, y0, x1, y1]) => {
    const x = Math.max(0, Math.floor(x0 * render.scale));
    const y = Math.max(0, Math.floor(y0 * render.scale));
    return {
      x,
      y,
      width: Math.min(render.width, Math.ceil(x1 * render.scale)) - x,
      height: Math.min(render.height, Math.ceil(y1 * render.scale)) - y,
    };
  });
  return batchCrops(crops, settings);
}

/** The recognition sessions a batch can be read by (paddle-engine.ts): float, or with its full
 * convolutions quantised (for a page's own text-layer lines). */
export type RecognitionSession = "recognition" | "line-recognition";

/** Whether line crops are read by the quantised session: its ranges are calibrated on the folded
 * graph's tensors, so an unfolded model reads lines in float. */
export function quantisesLines(settings: Pick<PaddleSettings, "foldGraph" | "quantisedLineRecognition">): boolean {
  return settings.quantisedLineRecognition.enabled && settings.foldGraph;
}

/** A page's text-layer line crops (points) as recognition batches, each with the session that
 * reads it: the quantised one, except for crops no wider than
 * `quantisedLineRecognition.floatMaxColumns` (lone glyphs and short values, which it misreads
 * more often than the float model), which are batched apart and read in float. */
export function planLineRecognition(
  render: PageRender,
  lines: readonly BBox[],
  settings: PaddleSettings,
): { session: RecognitionSession; batch: RecCrop[] }[] {
  const batches = planCropRecognition(render, lines, settings);
  const quantised = settings.quantisedLineRecognition;
  if (!quantisesLines(settings)) return batches.map((batch) => ({ session: "recognition", batch }));
  const out: { session: RecognitionSession; batch: RecCrop[] }[] = [];
  for (const batch of batches) {
    // Batches run in order of aspect ratio: the narrow crops fill the first ones.
    const narrow = batch.filter((c) => recWidth(c, settings.recHeight) <= quantised.floatMaxColumns);
    const wide = batch.filter((c) => recWidth(c, settings.recHeight) > quantised.floatMaxColumns);
    if (narrow.length > 0) out.push({ session: "recognition", batch: narrow });
    if (wide.length > 0) out.push({ session: "line-recognition", batch: wide });
  }
  return out;
}

/** Crops sorted by aspect ratio, cut into batches of at most recBatchSize crops and
 * recBatchColumns input columns. */
function batchCrops(all: RecCrop[], settings: PaddleSettings): RecCrop[][] {
  const crops = all.filter((c) => c.width > 1 && c.height > 1).sort((a, b) => a.width / a.height - b.width / b.height);
  const h = settings.recHeight;
  const batches: RecCrop[][] = [];
  for (let start = 0; start < crops.length;) {
    // Crops are sorted by width, so the last one in a batch is the widest and sets its width.
    let end = start + 1;
    while (
      end < crops.length &&
      end - start < settings.recBatchSize &&
      (end - start + 1) * Math.max(REC_MIN_WIDTH, recWidth(crops[end]!, h)) <= settings.recBatchColumns
    ) {
      end++;
    }
    batches.push(crops.slice(start, end));
    start = end;
  }
  return batches;
}

/** Reading order of the words of a page: top to bottom, then left to right. */
export function sortWords(words: Word[]): Word[] {
  return words.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}
