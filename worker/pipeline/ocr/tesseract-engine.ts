// ocr-1: Tesseract (LSTM) through tesseract.js, word boxes. Fully offline: the model comes from
// @tesseract.js-data/eng inside node_modules and nothing is cached elsewhere (nothing may be fetched at run time;
// without langPath tesseract.js fetches from a CDN and crashes the process here).
import path from "node:path";
import { createRequire } from "node:module";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { greyToPgm, renderToGrey, renderToPgm, type PageRender } from "../render/render-page";
import { boxesToMosaic, mosaicWordsToPage } from "./crop-mosaic";
import { OCR_SETTINGS, type OcrSettings } from "./settings";
import { languageDataDir } from "./script-languages";
import { isCentreIn } from "../geometry/box";
import type { Word } from "./types";
import type { BBox } from "../../../lib/result/schema";

export interface TesseractPageResult {
  words: Word[];
  /** Always empty for now: figures come from ocr-2's layout (see paddle/non-text-regions.ts). */
  nonTextRegions: BBox[];
}

/** A worker of `language`, its model from @tesseract.js-data/<language> in `dataDir`. */
async function languageWorker(language: string, dataDir: string, settings: OcrSettings["tesseract"]): Promise<Worker> {
  const langPath = path.join(dataDir, settings.modelDir);
  const worker = await createWorker(language, OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true });
  await worker.setParameters({
    tessedit_pageseg_mode: settings.pageSegMode as never,
    // Tesseract 5 re-reads low-confidence lines inverted (white on black); born-digital and
    // scanned tables are dark on light, and the retry cost ~1 s per dense page.
    tessedit_do_invert: "0",
  });
  return worker;
}

export class TesseractEngine {
  /** Workers of other languages (script-languages.ts), each made on its first crops. */
  private readonly scriptWorkers = new Map<string, Promise<Worker>>();

  private constructor(
    private readonly worker: Worker,
    private readonly settings: OcrSettings["tesseract"],
  ) {}

  static async create(settings: OcrSettings["tesseract"] = OCR_SETTINGS.tesseract): Promise<TesseractEngine> {
    const require = createRequire(import.meta.url);
    const worker = await languageWorker("eng", path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), settings);
    return new TesseractEngine(worker, settings);
  }

  async release(): Promise<void> {
    const others = await Promise.allSettled(this.scriptWorkers.values());
    for (const other of others) if (other.status === "fulfilled") await other.value.terminate();
    await this.worker.terminate();
  }

  async readPage(render: PageRender): Promise<TesseractPageResult> {
    // Tell Tesseract the real resolution instead of letting it guess from glyph sizes.
    await this.worker.setParameters({ user_defined_dpi: String(render.dpi) });
    // TSV rather than the `blocks` tree: same word boxes, and it skips building a JS object per
    // symbol and choice (measured ~10% of the call on a dense table page).
    const { data } = await this.worker.recognize(renderToPgm(render), {}, { text: false, blocks: false, tsv: true });
    return { words: tsvToWords(data.tsv ?? "", render.scale), nonTextRegions: [] };
  }

  /** Reads only `boxes` (PDF points; table cells the cascade asks about) of the page: the crops
   * stacked into one image (crop-mosaic.ts), read as one block of text (page segmentation 6), the
   * words mapped back onto the page. One call, whatever the number of crops. */
  async readCrops(render: PageRender, boxes: readonly BBox[], grey: Uint8Array = renderToGrey(render)): Promise<Word[]> {
    return this.readMosaic(this.worker, render, boxes, grey);
  }

  /** `boxes` read as crops by the model of `language` (script-languages.ts): one word per box
   * holding its text, its words in the order Tesseract reads them (right to left in a Hebrew or
   * Arabic line), the box as its box. A box with nothing read is left out. */
  async readCropsIn(render: PageRender, boxes: readonly BBox[], language: string): Promise<Word[]> {
    const dataDir = languageDataDir(language);
    if (!dataDir) throw new Error(`no model for language ${language}`);
    let worker = this.scriptWorkers.get(language);
    if (!worker) this.scriptWorkers.set(language, (worker = languageWorker(language, dataDir, this.settings)));
    const words = await this.readMosaic(await worker, render, boxes, renderToGrey(render));
    return boxes.flatMap((box) => {
      const inside = words.filter((w) => isCentreIn(w.bbox, box));
      if (inside.length === 0) return [];
      return [
        { text: inside.map((w) => w.text).join(" "), bbox: [...box] as BBox, confidence: Math.min(...inside.map((w) => w.confidence)) },
      ];
    });
  }

  /** The crops stacked into one image (crop-mosaic.ts), read by `worker` as one block of text
   * (page segmentation 6), the words mapped back onto the page in the order read. */
  private async readMosaic(worker: Worker, render: PageRender, boxes: readonly BBox[], grey: Uint8Array): Promise<Word[]> {
    if (boxes.length === 0) return [];
    const mosaic = boxesToMosaic(grey, render.width, render.height, render.scale, boxes, this.settings.crops);
    if (mosaic.pieces.length === 0) return [];
    await worker.setParameters({
      user_defined_dpi: String(render.dpi),
      tessedit_pageseg_mode: this.settings.crops.pageSegMode as never,
    });
    try {
      const pgm = greyToPgm(mosaic.grey, mosaic.width, mosaic.height);
      const { data } = await worker.recognize(pgm, {}, { text: false, blocks: false, tsv: true });
      return mosaicWordsToPage(tsvToWords(data.tsv ?? "", 1), mosaic, render.scale);
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: this.settings.pageSegMode as never });
    }
  }
}

/** Word rows (level 5) of Tesseract's TSV output, boxes converted from pixels to points:
 * level page block par line word left top width height conf text. */
export function tsvToWords(tsv: string, scale: number): Word[] {
  const toPoints = (px: number) => Math.round((px / scale) * 100) / 100;
  const words: Word[] = [];
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols[0] !== "5" || cols.length < 12) continue;
    const text = cols.slice(11).join("\t").trim();
    if (text === "") continue;
    const [left, top, width, height, conf] = cols.slice(6, 11).map(Number) as [number, number, number, number, number];
    words.push({
      text,
      bbox: [toPoints(left), toPoints(top), toPoints(left + width), toPoints(top + height)],
      confidence: Math.max(0, Math.round(conf * 10) / 1000),
    });
  }
  return words;
}
