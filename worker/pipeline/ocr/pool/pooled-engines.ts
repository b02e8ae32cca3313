// The two OCR engines as PageOcrEngines whose work runs in an OcrPool: a page read is split into
// tasks so that every pool thread takes part (PaddleOCR: detection, then each recognition batch a
// task of its own; Tesseract: a page is one task, a long list of cell crops is split into one
// mosaic per thread). The words are the same as the in-process engines give.
import type { BBox } from "../../../../lib/result/schema";
import { OCR_SETTINGS } from "../settings";
import type { PageOcrEngine } from "../read-page-ocr";
import type { PageRender } from "../../render/render-page";
import type { Word } from "../types";
import { planRecognition, sortWords, type PaddleDetection, type RecCrop } from "../paddle/recognition-plan";
import type { OcrPool } from "./ocr-pool";

/** Fewer crops than this are one Tesseract task: below it the per-call set-up outweighs a split. */
const MIN_CROPS_PER_TASK = 24;

export class PooledPaddle implements PageOcrEngine {
  constructor(private readonly pool: OcrPool) {}

  async readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }> {
    const detection = await this.pool.run<PaddleDetection>("paddle.detect", render);
    const batches = planRecognition(render, detection, OCR_SETTINGS.paddle);
    const words = (await Promise.all(batches.map((batch) => this.pool.run<Word[]>("paddle.batch", render, batch satisfies RecCrop[])))).flat();
    return { words: sortWords(words), nonTextRegions: detection.nonTextRegions };
  }

  async readCrops(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const parts = splitEvenly(boxes, this.pool.size);
    return sortWords((await Promise.all(parts.map((part) => this.pool.run<Word[]>("paddle.crops", render, part)))).flat());
  }

  async release(): Promise<void> {}
}

export class PooledTesseract implements PageOcrEngine {
  constructor(private readonly pool: OcrPool) {}

  async readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }> {
    return this.pool.run("tesseract.page", render);
  }

  async readCrops(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const parts = splitEvenly(boxes, this.pool.size);
    return sortWords((await Promise.all(parts.map((part) => this.pool.run<Word[]>("tesseract.crops", render, part)))).flat());
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
