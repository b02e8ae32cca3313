// Shapes shared by the OCR readings, the cache and the reconciler.
import type { BBox } from "../../../lib/result/schema";
import type { ScanTransform } from "../scan/prepare-scan";

/** One word as a reading saw it. bbox is [x0, y0, x1, y1] in PDF points, top-left origin (the
 * page's rotated viewport space, as pdf.js getViewport({ scale: 1 })); confidence is 0..1. */
export interface Word {
  text: string;
  bbox: BBox;
  confidence: number;
  /** Set on a word read from a line standing on end (scan/standing-lines.ts): the direction its
   * text runs on the page (270 bottom to top, 90 top to bottom), as the text layer's words have. */
  dir?: 90 | 270;
}

/** The OCR engines' names (lib/ocr/engine-names.ts; the engines: engines.ts). */
export type { OcrEngineName } from "../../../lib/ocr/engine-names";

/** What one OCR engine saw on one page. */
export interface OcrPageReading {
  words: Word[];
  /** Regions the engine's layout analysis found to be ink but not text (figures, photos,
   * charts), in PDF points. Used to verify figures (a figure's source "ocr"). */
  nonTextRegions: BBox[];
  /** Render resolution the engine read. */
  dpi: number;
  /** Wall seconds from starting the engine on the page to its result (both engines share the
   * machine, so this is not CPU time); as stored when served from cache. */
  seconds: number;
  fromCache: boolean;
  /** Set when the engine read only these boxes of the page (PDF points; the cascade's second
   * engine reading the cells in doubt, ocr/cascade.ts); it did not look anywhere else, so its
   * silence elsewhere is no evidence. Absent: the whole page was read. */
  cropsRead?: BBox[];
  /** In a cached crop reading: for each word, the index in `cropsRead` of the crop it was read
   * from (ocr/crop-words.ts), so a later run takes only the words of the crops it asks for. */
  cropOfWord?: number[];
  /** Set when the engine read the page on line crops cut from the text layer's words instead of
   * finding the lines itself (paddle/text-layer-lines.ts): its words then say nothing about
   * where lines break that the text layer did not already say. */
  linesFrom?: "text-layer";
  /** Set on a scanned page: the engine read the page prepared for OCR (upright, deskewed,
   * levels stretched; scan/prepare-scan.ts) and its word boxes are on that prepared page. */
  scanTransform?: ScanTransform;
}

/** An engine that failed on a page: recorded, not fatal. */
export interface OcrFailure {
  error: string;
}

export type OcrOutcome = OcrPageReading | OcrFailure;

export function isOcrFailure(outcome: OcrOutcome | undefined): outcome is OcrFailure {
  return outcome !== undefined && "error" in outcome;
}
