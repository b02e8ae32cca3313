// What an OCR engine is to the rest of the pipeline: the two real engines, their pooled forms
// (pool/pooled-engines.ts) and test doubles implement it; the registry (engines.ts) lists them.
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Word } from "./types";

/** What an OCR engine must do; the two real engines and test doubles implement it. */
export interface PageOcrEngine {
  readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }>;
  /** Words inside `boxes` (PDF points) only: recognition on crops whose place is known. An engine
   * without it reads the whole page and keeps the words that fall in a box. */
  readCrops?(render: PageRender, boxes: readonly BBox[]): Promise<Word[]>;
  /** `boxes` read by the engine's model of another language (ocr/script-languages.ts): one word
   * per box read, its whole text in reading order, the box as its box. Only engines with models
   * of other scripts have it. */
  readCropsIn?(render: PageRender, boxes: readonly BBox[], language: string): Promise<Word[]>;
  /** Cells holding only a mark (missed-marks.ts) read as crops, where a mark the engine saw but
   * could not name is settled by its ink (paddle/dash-stroke.ts). An engine without it reads them
   * with readCrops. */
  readMarks?(render: PageRender, boxes: readonly BBox[]): Promise<Word[]>;
  /** The whole page read on known line crops (PDF points; paddle/text-layer-lines.ts) without
   * the engine's own detection, or null when more than `maxUnexplainedPixels` pixels of ink lie
   * outside them (the page is then read with readPage). Only engines that can read crops so. */
  readLines?(
    render: PageRender,
    lines: readonly BBox[],
    maxUnexplainedPixels: number,
  ): Promise<{ words: Word[]; nonTextRegions: BBox[] } | null>;
  release(): Promise<void>;
}

export type EngineFactory = () => Promise<PageOcrEngine>;
