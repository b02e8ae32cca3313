// The two OCR engines as PageOcrEngines whose work runs in an OcrPool: a page read is split into
// tasks so that every pool thread takes part (PaddleOCR: detection, then each recognition batch a
// task of its own; Tesseract: a page is one task, a long list of cell crops is split into one
// mosaic per thread). The words are the same as the in-process engines give.
import type { BBox } from "../../../../lib/result/schema";
import { OCR_SETTINGS } from "../settings";
import type { PageOcrEngine } from "../engine-types";
import type { PageRender } from "../../render/render-page";
import type { Word } from "../types";
import {
  planLineRecognition,
  quantisesLines,
  planRecognition,
  sortWords,
  type PaddleDetection,
  type RecCrop,
  type RecognitionSession,
} from "../paddle/recognition-plan";
import type { OcrTaskRunner } from "./protocol";

/** Fewer crops than this are one Tesseract task: below it the per-call set-up outweighs a split. */
const MIN_CROPS_PER_TASK = 24;

export class PooledPaddle implements PageOcrEngine {
  private othersLoading = new Set<RecognitionSession>();

  constructor(private readonly pool: OcrTaskRunner) {}

  /** On the first read of each kind, the threads other than the one given the first task load
   * the PaddleOCR recognition session it reads with at once (with the model rewrite; detection's
   * session is loaded by a thread's first detection, which a page read on its text layer's lines
   * never needs), in parallel with that task, rather than when their first recognition batch
   * arrives: on a cold first page the batches then find every thread ready. Only a page that
   * needs PaddleOCR starts this (an idle worker loads nothing). */
  private loadOthers(session: RecognitionSession = "recognition"): void {
    if (this.othersLoading.has(session)) return;
    this.othersLoading.add(session);
    for (let i = 1; i < this.pool.size; i++) void this.pool.run("paddle.load", undefined, session).catch(() => undefined);
  }

  async readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }> {
    const detecting = this.pool.run<PaddleDetection>("paddle.detect", render);
    this.loadOthers();
    const detection = await detecting;
    const batches = planRecognition(render, detection, OCR_SETTINGS.paddle);
    const words = (
      await Promise.all(batches.map((batch) => this.pool.run<Word[]>("paddle.batch", render, batch satisfies RecCrop[])))
    ).flat();
    return { words: sortWords(words), nonTextRegions: detection.nonTextRegions };
  }

  /** As PaddleEngine.readLines: the ink check one task, then each batch of line crops a task. */
  async readLines(
    render: PageRender,
    lines: readonly BBox[],
    maxUnexplainedPixels: number,
  ): Promise<{ words: Word[]; nonTextRegions: BBox[] } | null> {
    const surveying = this.pool.run<number>("paddle.survey", render, lines);
    this.loadOthers(quantisesLines(OCR_SETTINGS.paddle) ? "line-recognition" : "recognition");
    if ((await surveying) > maxUnexplainedPixels) return null;
    const planned = planLineRecognition(render, lines, OCR_SETTINGS.paddle);
    if (planned.some((p) => p.session === "recognition")) this.loadOthers("recognition");
    const words = (
      await Promise.all(
        planned.map(({ session, batch }) =>
          this.pool.run<Word[]>(session === "recognition" ? "paddle.batch" : "paddle.line-batch", render, batch satisfies RecCrop[]),
        ),
      )
    ).flat();
    return { words: sortWords(words), nonTextRegions: [] };
  }

  async readCrops(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const parts = splitEvenly(boxes, this.pool.size);
    const reading = Promise.all(parts.map((part) => this.pool.run<Word[]>("paddle.crops", render, part)));
    this.loadOthers();
    return sortWords((await reading).flat());
  }

  /** One task: a page holds few missed marks. */
  async readMarks(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const reading = this.pool.run<Word[]>("paddle.marks", render, boxes);
    this.loadOthers();
    return reading;
  }

  async release(): Promise<void> {}
}

export class PooledTesseract implements PageOcrEngine {
  constructor(private readonly pool: OcrTaskRunner) {}

  async readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }> {
    return this.pool.run("tesseract.page", render);
  }

  async readCrops(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const parts = splitEvenly(boxes, this.pool.size);
    return sortWords((await Promise.all(parts.map((part) => this.pool.run<Word[]>("tesseract.crops", render, part)))).flat());
  }

  /** One task: these crops are few (the cells of one script on a page), and each thread would load
   * the language's model for its share. */
  async readCropsIn(render: PageRender, boxes: readonly BBox[], language: string): Promise<Word[]> {
    return this.pool.run<Word[]>("tesseract.crops-in", render, { boxes, language });
  }

  async release(): Promise<void> {}
}

/** `items` in up to `parts` contiguous runs of at least MIN_CROPS_PER_TASK (one run when short). */
export function splitEvenly<T>(items: readonly T[], parts: number): T[][] {
  const count = Math.max(1, Math.min(parts, Math.floor(items.length / MIN_CROPS_PER_TASK)));
  const size = Math.ceil(items.length / count);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
