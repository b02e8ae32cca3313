// The first steps of a page in run-pipeline, split off so that the pipeline can take them one
// page ahead: open the page, read its text layer and rulings, and set its first OCR
// engine's whole-page reading going in the OCR pool without waiting for it. While page N is
// assembled, voted on and its cascade crops read, page N+1 is rendered and its detection fills the
// OCR thread page N leaves idle (the pool takes tasks in page order, so page N's own tasks always
// go first). Measured on `npm run bench`: see the OCR speed and start-up note in docs/measurements/, "Look-ahead".
//
// It never rejects: a failure comes back with the stage it happened in, to be reported by the
// page's own turn in the loop (never by the page that was current when it happened).
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { OpenedPdf } from "../../lib/pdf/open-pdf";
import type { Settings } from "./settings";
import { readPage } from "./extract-page";
import { releasePageTextContent } from "./readers/page-text-content";
import type { PageReadings } from "./page-types";
import type { OcrCacheDir } from "./ocr/ocr-cache";
import type { OcrEngines, PageOcr } from "./ocr";
import { readingTurn } from "./geometry/page-orientation";
import type { Direction } from "./types";
import { StageTimer } from "./stage-timer";

export interface StartedPage {
  ok: true;
  page: PDFPageProxy;
  timer: StageTimer;
  readings: PageReadings;
  hasTextLayer: boolean;
  /** The reading direction of the page's text (0 when upright or when it has no text layer). */
  turn: Direction;
  /** The first engine's whole-page reading, in flight (null without OCR). Rejections are already
   * observed, so an unawaited one never surfaces as an unhandled rejection. */
  ocr: Promise<PageOcr> | null;
}

export interface FailedStart {
  ok: false;
  stage: "open" | "read";
  error: Error;
  /** The page's size when it was read, else US Letter. */
  size: { width: number; height: number };
}

export interface StartPageInput {
  opened: OpenedPdf;
  pageNumber: number;
  settings: Settings;
  engines: OcrEngines | null;
  fileSha256: string;
  cacheDir: OcrCacheDir | null;
}

export async function startPage(input: StartPageInput): Promise<StartedPage | FailedStart> {
  const timer = new StageTimer();
  let page: PDFPageProxy;
  try {
    page = await input.opened.doc.getPage(input.pageNumber);
  } catch (error) {
    return { ok: false, stage: "open", error: asError(error), size: { width: 612, height: 792 } };
  }
  let readings: PageReadings;
  try {
    readings = await timer.runAsync("read", () => readPage(page, input.settings));
  } catch (error) {
    releasePageTextContent(page);
    page.cleanup();
    return { ok: false, stage: "read", error: asError(error), size: { width: 612, height: 792 } };
  }
  const hasTextLayer = readings.words.length > 0;
  // Text that reads sideways or upside down is OCR'd in its own reading frame, as the table
  // stages read it (extract-page.ts decides the same turn from the same words).
  const turn = hasTextLayer ? readingTurn(readings.words, input.settings.readingTurnShare) : 0;
  const engines = input.engines;
  // Only the first OCR engine reads the whole page; the second reads the cells in doubt (on a
  // scan: every cell) after assembly and the structure readings (ocr/cascade.ts).
  const ocr = engines
    ? timer.runAsync("ocr", () =>
        engines.readPage({
          page,
          pageNumber: input.pageNumber,
          fileSha256: input.fileSha256,
          cacheDir: input.cacheDir,
          engines: "first",
          prepareScan: !hasTextLayer,
          turn,
          textLayerWords: hasTextLayer && turn === 0 ? readings.words : undefined,
        }),
      )
    : null;
  ocr?.catch(() => undefined);
  return { ok: true, page, timer, readings, hasTextLayer, turn, ocr };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
