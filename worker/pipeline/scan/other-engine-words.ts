// On a scan, the page's words come from one OCR engine (the scan stage's own source) and every
// structure reading that lays those words out shares their mistakes: a word split or merged, a
// gutter closed by a misplaced box. The other engine segments and places words its own way
// (Tesseract finds words; PaddleOCR finds text lines and cuts them at spaces), so a reading of its
// words is made from another input. This reads the other engine on the whole prepared page (the
// image the first engine read, same coordinates) and lays its words out as a scan's words are laid
// out. The cascade's crops are no substitute: they are cut at the first engine's lines inside the
// delivered cells, so their words can never cross a delivered cell's edge.
import type { OcrEngineName, OcrEngines } from "../ocr";
import type { OcrCacheDir } from "../ocr/ocr-cache";
import type { PageRender } from "../render/render-page";
import type { Ruling, Word } from "../types";
import type { ScanTransform } from "./prepare-scan";
import { ocrWordsToPageWords } from "./scanned-page";

export interface OtherEngineWords {
  engine: OcrEngineName;
  words: Word[];
}

/** The other engine's words on the prepared scan, or null when only one engine runs, the page's
 * words came from neither engine (a text layer) or the engine failed. */
export async function otherEngineWords(
  engines: OcrEngines,
  ownSource: string,
  input: { pageNumber: number; fileSha256: string; cacheDir: OcrCacheDir | null },
  image: PageRender,
  transform: ScanTransform,
  rulings: readonly Ruling[],
): Promise<OtherEngineWords | null> {
  if (!engines.names.includes(ownSource as OcrEngineName)) return null;
  const engine = engines.names.find((name) => name !== ownSource);
  if (!engine) return null;
  const reading = await engines.readScanPage(engine, input, image, transform);
  if (!reading) return null;
  return { engine, words: ocrWordsToPageWords(reading.words, rulings) };
}
