// Tesseract's legacy classifier through tesseract.js: the third reading of a scanned cell the two
// engines read differently (scan/tie-break.ts). It is not an engine of the registry (engines.ts):
// it never reads a page, and a cell it reads is one the other two already disagree about.
//
// Why this recogniser: the engines on npm that ship their model data are Tesseract's (LSTM, and
// the legacy classifier in the standard tessdata) and PaddleOCR's (docs/measurements, the realistic
// scans). The legacy classifier matches glyph shapes against trained prototypes, with no LSTM
// and no language model over the line, so it slips on other glyphs than ocr-1's LSTM does: on
// realistic scans of five sets it read exactly one of the two readings on 121 of the 333 cells
// it was asked about, and that reading was the truth 119 times (docs/measurements, the tie-break
// round). It shares Tesseract's line finding and binarisation with ocr-1, so it only ever breaks
// a tie: it never verifies a cell.
import path from "node:path";
import { createRequire } from "node:module";
import { createWorker, OEM, type Worker } from "tesseract.js";
import { sharedGrey, type PageRender } from "../render/render-page";
import { OCR_SETTINGS, type OcrSettings } from "./settings";
import { tsvToWords } from "./tesseract-engine";
import { cropWithMargin } from "./crop-mosaic";
import type { Word } from "./types";
import type { BBox } from "../../../lib/result/schema";

export class LegacyTesseract {
  private constructor(
    private readonly worker: Worker,
    private readonly settings: OcrSettings["legacy"],
  ) {}

  static async create(settings: OcrSettings["legacy"] = OCR_SETTINGS.legacy): Promise<LegacyTesseract> {
    const require = createRequire(import.meta.url);
    const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), settings.modelDir);
    // TESSERACT_ONLY loads tesseract.js's core built with the legacy code (the LSTM-only core the
    // other engine uses has none) and reads with the classifier alone.
    const worker = await createWorker("eng", OEM.TESSERACT_ONLY, { langPath, cacheMethod: "none", gzip: true });
    // The classifier learns from what it reads by default (its adaptive templates), so a crop's
    // reading would depend on every crop the worker read before it: on the jobs before, and on
    // which crops a partly warm cache left to read. Without learning a crop reads the same
    // whatever came before.
    await worker.setParameters({
      tessedit_pageseg_mode: settings.pageSegMode as never,
      tessedit_do_invert: "0",
      classify_enable_learning: "0",
    });
    return new LegacyTesseract(worker, settings);
  }

  /** Each box (PDF points) of `render` read as its own crop; the words in page points. */
  async readCells(render: PageRender, boxes: readonly BBox[]): Promise<Word[]> {
    const grey = sharedGrey(render);
    await this.worker.setParameters({ user_defined_dpi: String(render.dpi) });
    const words: Word[] = [];
    for (const box of boxes) {
      const crop = cropWithMargin(grey, render, box, this.settings.padPt, this.settings.marginPx, this.settings.invertLightOnDark);
      if (!crop) continue;
      const { data } = await this.worker.recognize(crop.pgm, {}, { text: false, blocks: false, tsv: true });
      for (const word of tsvToWords(data.tsv ?? "", 1)) {
        const [x0, y0, x1, y1] = word.bbox;
        const toPt = (px: number, origin: number) => Math.round(((px - this.settings.marginPx + origin) / render.scale) * 100) / 100;
        words.push({ ...word, bbox: [toPt(x0, crop.left), toPt(y0, crop.top), toPt(x1, crop.left), toPt(y1, crop.top)] });
      }
    }
    return words;
  }

  async release(): Promise<void> {
    await this.worker.terminate();
  }
}
