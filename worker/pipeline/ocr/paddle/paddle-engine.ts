// ocr-2: the PaddleOCR engine (PP-OCRv4 detection + recognition) driven directly through ONNX
// Runtime. @gutenye/ocr-node runs detection on the full-size image and recognition crop by crop,
// which costs ~11 s and ~4 GB per dense page; here detection runs at a bounded side
// length and recognition on batches of crops cut from the shared render, as PaddleOCR does.
import fs from "node:fs";
import path from "node:path";
import * as ort from "onnxruntime-node";
import type { PageRender } from "../../render/render-page";
import { OCR_SETTINGS, type PaddleSettings } from "../settings";
import type { Word } from "../types";
import { probabilityMapToBoxes, type DetBox } from "./db-postprocess";
import { charsToWords, ctcDecodeBest } from "./ctc-decode";
import { BEST_CLASS, BEST_PROB, withBestClassOutput } from "./best-class-output";
import { shrinkToGrey, writeRegionToChw, type Normalisation } from "./image-ops";
import { findNonTextRegions } from "./non-text-regions";
import { foldModel } from "./fold-model";
import { quantiseModel, type ActivationRanges } from "./quantise-model";
import { unexplainedInkPixels } from "./unexplained-ink";
import { dashStroke } from "./dash-stroke";
import { PADDLE_DICTIONARY_FILE, paddleModelDir } from "./model-dir";
import {
  planCropRecognition,
  planLineRecognition,
  planRecognition,
  recognitionInput,
  sortWords,
  type PaddleDetection,
  type RecCrop,
  type RecognitionSession,
} from "./recognition-plan";
export { sortWords, type PaddleDetection, type RecCrop, type RecognitionSession } from "./recognition-plan";
import type { BBox } from "../../../../lib/result/schema";

/** ImageNet statistics in BGR order, as PaddleOCR's det NormalizeImage applies them to an
 * OpenCV (BGR) image. */
const DET_NORM: Normalisation = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };

export interface PaddlePageResult {
  words: Word[];
  nonTextRegions: BBox[];
}

/** The engine's ONNX Runtime sessions: detection; recognition in float; recognition with its
 * full convolutions quantised (quantise-model.ts), for crops of a page's own text-layer lines. */
export type PaddleSessionName = "detection" | RecognitionSession;

export class PaddleEngine {
  /** Sessions, each loaded on the first read that needs it (a page read on its text layer's
   * lines never needs detection; a scan never needs the quantised recognition). */
  private sessions = new Map<PaddleSessionName, Promise<ort.InferenceSession>>();

  private constructor(
    private readonly loaders: Record<PaddleSessionName, () => Promise<ort.InferenceSession>>,
    private readonly dictionary: string[],
    private readonly settings: PaddleSettings,
  ) {}

  /** `activationRanges` replaces the committed calibration of the quantised line recognition
   * (a fresh calibration, tried before it is written). */
  static async create(
    settings: PaddleSettings = OCR_SETTINGS.paddle,
    given: { activationRanges?: ActivationRanges } = {},
  ): Promise<PaddleEngine> {
    const dir = paddleModelDir();
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: settings.intraOpThreads,
      interOpNumThreads: 1,
      executionProviders: ["cpu"],
      graphOptimizationLevel: "all",
      enableCpuMemArena: settings.cpuMemArena,
    };
    const read = async (file: string) => {
      const bytes = await fs.promises.readFile(path.join(dir, file));
      return settings.foldGraph ? foldModel(bytes).bytes : bytes;
    };
    // Recognition returns each step's best class and its probability, not all 6,625. Read and
    // rewritten once, for whichever of its two sessions loads first.
    let recognition: Promise<Uint8Array> | null = null;
    const recognitionModel = () =>
      (recognition ??= read("ch_PP-OCRv4_rec_infer.onnx")
        .then(withBestClassOutput)
        .catch((error: unknown) => {
          recognition = null;
          throw error;
        }));
    const loaders: Record<PaddleSessionName, () => Promise<ort.InferenceSession>> = {
      detection: async () => ort.InferenceSession.create(await read("ch_PP-OCRv4_det_infer.onnx"), options),
      recognition: async () => ort.InferenceSession.create(await recognitionModel(), options),
      // Only asked for when the settings quantise line crops (recognition-plan.ts planLineRecognition).
      "line-recognition": async () => {
        const ranges = given.activationRanges ?? (await loadActivationRanges());
        const quantised = quantiseModel(await recognitionModel(), ranges, settings.quantisedLineRecognition);
        return ort.InferenceSession.create(quantised.bytes, options);
      },
    };
    const keys = (await fs.promises.readFile(path.join(dir, PADDLE_DICTIONARY_FILE), "utf8")).split("\n");
    if (keys[keys.length - 1] === "") keys.pop();
    // PaddleOCR appends the space character after the dictionary (use_space_char).
    return new PaddleEngine(loaders, [...keys, " "], settings);
  }

  async release(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    for (const session of sessions) await (await session.catch(() => null))?.release();
  }

  /** A session, loading it if no read needed it yet (a failed load is tried again). */
  session(name: PaddleSessionName): Promise<ort.InferenceSession> {
    let session = this.sessions.get(name);
    if (!session) {
      session = this.loaders[name]().catch((error: unknown) => {
        this.sessions.delete(name);
        throw error;
      });
      this.sessions.set(name, session);
    }
    return session;
  }

  async readPage(render: PageRender): Promise<PaddlePageResult> {
    const detected = await this.detectPage(render);
    const words: Word[] = [];
    for (const batch of this.planRecognition(render, detected)) words.push(...(await this.recogniseBatch(render, batch)));
    return { words: sortWords(words), nonTextRegions: detected.nonTextRegions };
  }

  /** Reads only `boxes` (PDF points), without detection: recognition on crops whose place is
   * already known. */
  async readCrops(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const words: Word[] = [];
    for (const batch of planCropRecognition(render, boxes, this.settings)) words.push(...(await this.recogniseBatch(render, batch)));
    return sortWords(words);
  }

  /** Ink pixels outside `lines` (PDF points) at detection size, rulings removed
   * (unexplained-ink.ts): zero, and the page's text is all in those lines. */
  surveyLines(render: PageRender, lines: readonly BBox[]): number {
    const { detWidth, detHeight } = detectionSize(render, this.settings);
    const grey = shrinkToGrey(render, detWidth, detHeight);
    const sx = (render.scale * detWidth) / render.width;
    const sy = (render.scale * detHeight) / render.height;
    const covered = lines.map(([x0, y0, x1, y1]) => ({ x0: x0 * sx, y0: y0 * sy, x1: x1 * sx, y1: y1 * sy }));
    const figure = this.settings.figure;
    // Text height at this size: a straight thin run longer than a few of it is no glyph.
    const textPx = render.textSizePt === null ? this.settings.detTextPx : (render.textSizePt * render.scale * detWidth) / render.width;
    return unexplainedInkPixels(grey, detWidth, detHeight, covered, {
      inkBelow: OCR_SETTINGS.textLayerLines.inkBelow,
      lineRun: Math.round(Math.min(detWidth * figure.lineRunPageShare, textPx * OCR_SETTINGS.textLayerLines.rulingTextHeights)),
      lineThickness: figure.lineThicknessPx,
    });
  }

  /** A page read on known line crops (PDF points; text-layer-lines.ts) instead of detection, when
   * at most `maxUnexplainedPixels` pixels of ink lie outside them; null otherwise (the caller then
   * reads the page with detection). No figure search: a figure's ink is unexplained ink. */
  async readLines(render: PageRender, lines: readonly BBox[], maxUnexplainedPixels: number): Promise<PaddlePageResult | null> {
    if (this.surveyLines(render, lines) > maxUnexplainedPixels) return null;
    const words: Word[] = [];
    for (const { session, batch } of planLineRecognition(render, lines, this.settings))
      words.push(...(await this.recogniseBatch(render, batch, session)));
    return { words: sortWords(words), nonTextRegions: [] };
  }

  /** Step 1 of a page read: text line boxes (detection pixels) and the page's non-text regions
   * (points). The steps are separate so that a pool can spread a page's recognition batches over
   * several threads (ocr/pool); readPage runs them in order, with the same result. */
  async detectPage(render: PageRender): Promise<PaddleDetection> {
    const detected = await this.detect(render);
    const { detWidth, detHeight } = detected;
    // DB fires on dense graphics too (bar charts, photos); a "line" many times taller than the
    // page's text is a picture, so it is neither recognised nor masked out of the figure search.
    const boxes = dropTallBoxes(
      detected.boxes,
      render.textSizePt === null ? null : (render.textSizePt * render.scale * detWidth) / render.width,
      this.settings.maxLineHeightRatio,
    );
    // Figures: ink the detector did not claim as text, at detection resolution.
    const grey = shrinkToGrey(render, detWidth, detHeight);
    const figure = this.settings.figure;
    const regions = findNonTextRegions(grey, detWidth, detHeight, boxes, {
      inkBelow: figure.inkBelow,
      lineRun: Math.round(detWidth * figure.lineRunPageShare),
      lineThickness: figure.lineThicknessPx,
      cell: figure.cellPx,
      minSide: Math.round(detWidth * figure.minSidePageShare),
      minCellShare: figure.minCellShare,
    });
    const fx = render.width / detWidth;
    const fy = render.height / detHeight;
    const toPoints = (px: number) => Math.round((px / render.scale) * 100) / 100;
    const nonTextRegions: BBox[] = regions.map((r) => [toPoints(r.x0 * fx), toPoints(r.y0 * fy), toPoints(r.x1 * fx), toPoints(r.y1 * fy)]);
    return { boxes, detWidth, detHeight, nonTextRegions };
  }

  /** Step 2: the detected lines as recognition batches of render-pixel crops (pure). */
  planRecognition(render: PageRender, detection: Pick<PaddleDetection, "boxes" | "detWidth" | "detHeight">): RecCrop[][] {
    return planRecognition(render, detection, this.settings);
  }

  /** Step 3: one batch recognised; words in PDF points. */
  async recogniseBatch(render: PageRender, batch: readonly RecCrop[], model: RecognitionSession = "recognition"): Promise<Word[]> {
    return (await this.recogniseLines(render, batch, model)).flatMap((line) => (line.score < this.settings.minLineScore ? [] : line.words));
  }

  /** Cells holding only a mark (missed-marks.ts), read as crops (PDF points) without detection.
   * A crop read above the line score is read as readCrops reads it. A crop read as at most one
   * glyph below it (the recogniser cannot name a lone em dash: it comes out as nothing, or "|",
   * "I", "1" or "—" at 0.2-0.5) whose ink is one dash stroke (dash-stroke.ts) is read as that
   * dash, at the recogniser's own confidence. Anything else in the crop is no reading. */
  async readMarks(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const marks = OCR_SETTINGS.marks;
    const words: Word[] = [];
    const toPoints = (px: number) => Math.round((px / render.scale) * 100) / 100;
    for (const batch of planCropRecognition(render, boxes, this.settings)) {
      for (const line of await this.recogniseLines(render, batch)) {
        if (line.score >= this.settings.minLineScore) {
          words.push(...line.words);
          continue;
        }
        if (line.glyphs > 1) continue;
        const stroke = dashStroke(render, line.crop, marks.dashStroke);
        if (!stroke) continue;
        const { x, y, width, height } = line.crop;
        words.push({
          text: stroke.width >= marks.emDashCropHeights * height ? "\u2014" : "-",
          bbox: [toPoints(x), toPoints(y), toPoints(x + width), toPoints(y + height)],
          confidence: Math.round(line.score * 1000) / 1000,
        });
      }
    }
    return sortWords(words);
  }

  /** Each crop of one batch recognised: its words in PDF points, however low its line score (0
   * when nothing was read). */
  private async recogniseLines(
    render: PageRender,
    batch: readonly RecCrop[],
    model: RecognitionSession = "recognition",
  ): Promise<{ crop: RecCrop; score: number; glyphs: number; words: Word[] }[]> {
    const h = this.settings.recHeight;
    const lines: { crop: RecCrop; score: number; glyphs: number; words: Word[] }[] = [];
    const { data, dims, widths } = recognitionInput(render, batch, h);
    const batchWidth = dims[3];
    const session = await this.session(model);
    const output = await session.run({ x: new ort.Tensor("float32", data, dims) });
    const best = output[BEST_CLASS]!.data as Int32Array;
    const bestProbs = output[BEST_PROB]!.data as Float32Array;
    const steps = output[BEST_CLASS]!.dims[1]!;
    const pxPerStep = batchWidth / steps;
    const toPoints = (px: number) => Math.round((px / render.scale) * 100) / 100;
    batch.forEach((crop, i) => {
      const chars = ctcDecodeBest(best, bestProbs, i * steps, steps, this.dictionary);
      if (chars.length === 0) {
        lines.push({ crop, score: 0, glyphs: 0, words: [] });
        return;
      }
      const score = chars.reduce((sum, c) => sum + c.prob, 0) / chars.length;
      const cropScale = crop.height / h;
      const words: Word[] = [];
      for (const word of charsToWords(chars)) {
        const x0 = crop.x + Math.max(0, word.firstStep * pxPerStep - pxPerStep / 2) * cropScale;
        const x1 = crop.x + Math.min(widths[i]!, (word.lastStep + 1.5) * pxPerStep) * cropScale;
        const box = [x0, crop.y, Math.min(crop.x + crop.width, x1), crop.y + crop.height];
        words.push({
          text: word.text,
          bbox: [toPoints(box[0]!), toPoints(box[1]!), toPoints(box[2]!), toPoints(box[3]!)],
          confidence: Math.round(word.confidence * 1000) / 1000,
        });
      }
      lines.push({ crop, score, glyphs: chars.filter((c) => c.char.trim() !== "").length, words });
    });
    return lines;
  }

  /** Text boxes in detection pixels. */
  private async detect(render: PageRender): Promise<{ boxes: DetBox[]; detWidth: number; detHeight: number }> {
    const { detWidth, detHeight } = detectionSize(render, this.settings);
    const plane = detWidth * detHeight;
    const input = new Float32Array(3 * plane);
    writeRegionToChw(
      render,
      { x: 0, y: 0, width: render.width, height: render.height },
      detWidth,
      detHeight,
      DET_NORM,
      input,
      0,
      detWidth,
      plane,
    );
    const output = await (await this.session("detection")).run({ x: new ort.Tensor("float32", input, [1, 3, detHeight, detWidth]) });
    const prob = firstOutput(output).data as Float32Array;
    const boxes = probabilityMapToBoxes(prob, detWidth, detHeight, {
      threshold: this.settings.detThreshold,
      boxThreshold: this.settings.detBoxThreshold,
      unclipRatio: this.settings.detUnclipRatio,
      minSide: this.settings.detMinBoxSide,
    });
    return { boxes, detWidth, detHeight };
  }
}

/** The size the page is detected at: as small as keeps text at detTextPx high (known from the
 * text layer), within the bounds, a multiple of 32 each way. */
export function detectionSize(
  render: Pick<PageRender, "width" | "height" | "scale" | "textSizePt">,
  settings: Pick<PaddleSettings, "detMaxSide" | "detMinSide" | "detTextPx">,
): { detWidth: number; detHeight: number } {
  const longSide = Math.max(render.width, render.height);
  const textPx = render.textSizePt === null ? null : render.textSizePt * render.scale;
  const wanted = textPx === null ? settings.detMaxSide : (longSide * settings.detTextPx) / textPx;
  const ratio = Math.min(1, Math.min(settings.detMaxSide, Math.max(settings.detMinSide, wanted)) / longSide);
  return {
    detWidth: Math.max(32, Math.round((render.width * ratio) / 32) * 32),
    detHeight: Math.max(32, Math.round((render.height * ratio) / 32) * 32),
  };
}

/** Boxes no taller than `ratio` times the text height (in detection pixels; when unknown, the
 * median box height stands in for it). */
export function dropTallBoxes(boxes: DetBox[], textPx: number | null, ratio: number): DetBox[] {
  if (boxes.length === 0) return boxes;
  const heights = boxes.map((b) => b.y1 - b.y0 - 2 * b.grow).sort((a, b) => a - b);
  const reference = textPx ?? heights[Math.floor(heights.length / 2)]!;
  return boxes.filter((b) => b.y1 - b.y0 - 2 * b.grow <= reference * ratio);
}

let ranges: Promise<ActivationRanges> | null = null;

/** The activation ranges the quantised recognition was calibrated with (rec-int8-ranges.json,
 * written by scripts/calibrate-rec-int8.ts). Imported, not read by path, so that bundled entry
 * points carry it. */
export function loadActivationRanges(): Promise<ActivationRanges> {
  ranges ??= import("./rec-int8-ranges.json", { with: { type: "json" } }).then((m) => {
    const tensors = ((m.default ?? m) as { tensors?: Record<string, unknown> }).tensors ?? {};
    const valid = Object.values(tensors).every((r) => Array.isArray(r) && r.length === 2 && r.every(Number.isFinite) && r[0] <= r[1]);
    if (Object.keys(tensors).length === 0 || !valid) throw new Error("rec-int8-ranges.json holds no valid tensor ranges");
    return tensors as ActivationRanges;
  });
  return ranges;
}

function firstOutput(output: ort.InferenceSession.OnnxValueMapType): ort.Tensor {
  const value = Object.values(output)[0];
  if (!value) throw new Error("the ONNX model returned no output");
  return value;
}
