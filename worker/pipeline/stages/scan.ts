// Stage "scan": a page without a text layer (a scan) is rebuilt from the page image: its words
// from the first OCR reading that worked, its rulings and drawn lines from the prepared render
// (scan/scanned-page.ts, scan/raster-drawings.ts). The rest of the stages work on it upright and
// deskewed, and the to-page stage puts its boxes back onto the page as scanned.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Settings } from "../settings";
import type { PageReadings } from "../page-types";
import { isOcrFailure, type OcrEngineName, type OcrPageReading, type PageOcr } from "../ocr";
import { renderPage as renderForRulings, type PageRender } from "../render/render-page";
import { ocrWordsToPageWords, renderToRulings } from "../scan/scanned-page";
import { textRulesToRulings } from "../readers/typewriter-rules";
import { applyScanTransform, type ScanTransform } from "../scan/prepare-scan";
import { graphicsToPrepared } from "../scan/map-to-page";
import { renderToDrawings } from "../scan/raster-drawings";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import type { PageStage } from "./page-stage";

export const scanStage: PageStage = {
  name: "scan",
  failsAs: "scan",
  applies: (ctx) => !ctx.hasTextLayer && ctx.pageOcr !== null,
  async run(ctx) {
    const scanned = await scannedReadings(ctx.page, ctx.pageNumber, ctx.readings, ctx.pageOcr!, ctx.run.settings);
    ctx.readings = scanned.readings;
    ctx.ownSource = scanned.ownSource;
    ctx.scanTransform = scanned.transform;
    ctx.scanImage = scanned.image;
  },
};

/** A scanned page's readings rebuilt from the page image: words from ocr-1 (Tesseract gives word
 * boxes; PaddleOCR's are cut from lines) or, when it failed, ocr-2; rulings from the render. The
 * other OCR reading stays independent and verifies the values in the reconciler. */
async function scannedReadings(
  page: PDFPageProxy,
  pageNumber: number,
  base: PageReadings,
  pageOcr: PageOcr,
  settings: Settings,
): Promise<{ readings: PageReadings; ownSource: OcrEngineName; transform: ScanTransform | null; image: PageRender }> {
  // The first reading that worked (the caller checked there is one).
  const [ownSource, reading] = OCR_ENGINE_NAMES.map((name) => [name, pageOcr.readings[name]] as const).find(
    (entry): entry is readonly [OcrEngineName, OcrPageReading] => entry[1] !== undefined && !isOcrFailure(entry[1]),
  )!;
  // Rulings need pixels; when every reading came from the cache the page is rendered again, at
  // the resolution the reading was made at, so a cache hit finds the same rulings as a cold run.
  // The reading was made on the page prepared for OCR (upright, deskewed, levels stretched): rulings
  // are found on that same image, and the page is worked on in its coordinates.
  const transform = reading.scanTransform ?? null;
  let render = pageOcr.render ?? (await renderForRulings(page, pageNumber, reading.dpi));
  if (!pageOcr.render && transform) render = applyScanTransform(render, transform);
  const own = transform ? graphicsToPrepared(base.graphics, transform) : base.graphics;
  const raster = renderToRulings(render);
  // The words, with rulings OCR glued to them ("|PBUK") cut off where the image has the ruling,
  // and rules and leaders typed with characters taken for drawing as on the text layer
  // (typewriter-rules.ts: "Croatia.........." is the label "Croatia").
  const { words, rulings: typed } = textRulesToRulings(ocrWordsToPageWords(reading.words, raster), settings.dropSpacedLeaders);
  // A chart's plotted lines, as drawings: the table stage leaves text lying on drawings to the
  // figures (scan/raster-drawings.ts).
  const drawings = [...own.drawings, ...renderToDrawings(render, raster, words)];
  const graphics = { ...own, rulings: [...own.rulings, ...raster, ...typed], drawings };
  const size = transform ? { width: transform.widthPt, height: transform.heightPt } : {};
  return { readings: { ...base, ...size, words, graphics }, ownSource, transform, image: render };
}
