// Stage "structure": every structure reading of the page's tables (structure/registry.ts, each
// reader timed as structure:<reader>), from the text layer, the page's drawing and the first OCR
// engine's full-page reading (ocr-2 on a page with a text layer: ocr-2-lines), not the second
// engine's crops, read next. On a scan the second engine also reads the whole page here, for
// pdf-model and ocr-layout (scan/other-engine-words.ts). A reader failing is recorded and never fails the page.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Settings } from "../settings";
import type { PageExtraction, PageReadings } from "../page-types";
import type { OcrEngineName, OcrPageReading } from "../ocr";
import { readStructure, type StructureReading, type StructureSource } from "../structure/registry";
import { boxToFrame, boxToPage } from "../geometry/page-orientation";
import type { StageTimer } from "../stage-timer";
import type { Box, Direction, TableModel } from "../types";
import type { TableInkOpinions } from "../structure/ink-grid";
import { renderPageForOcr, type PageRender } from "../render/render-page";
import { extractionOf, okReadings } from "./page-context";
import { renderToFrame } from "../ocr/reading-frame";
import { inkOpinionsOf, type InkCacheKey } from "../structure/ink-opinions-cache";
import { otherEngineWords, type OtherEngineWords } from "../scan/other-engine-words";
import { scanRegions } from "../structure/pdf-model/reader";
import { STRUCTURE_SETTINGS } from "../structure/settings";
import type { PageStage } from "./page-stage";

export const structureStage: PageStage = {
  name: "structure",
  failsAs: "structure",
  skippable: "structure",
  timing: "parts",
  async run(ctx) {
    const extraction = extractionOf(ctx);
    const { pageNumber, pageOcr, readings, hasTextLayer, timer } = ctx;
    const { settings, enabledReaders, failures } = ctx.run;
    const workedOcr = pageOcr ? okReadings(pageOcr.readings) : {};
    // On a scan, the reading the page's words came from is not a second opinion on them.
    if (ctx.ownSource !== "pdf-text") delete workedOcr[ctx.ownSource as OcrEngineName];
    if (extraction.tables.length === 0) return;
    // On a scan, the other engine's words on the whole page, for pdf-model (other-engine-words.ts)
    // and ocr-layout's own regions (ocr-layout.ts), when pdf-model has an unruled region to read
    // (pdf-model/reader.ts scanRegions; ocr-layout has no say on a ruled grid's boundaries).
    const otherOcrWords =
      !hasTextLayer &&
      ctx.run.engines &&
      ctx.scanImage &&
      ctx.scanTransform &&
      (enabledReaders.includes("pdf-model") || enabledReaders.includes("ocr-layout")) &&
      STRUCTURE_SETTINGS.pdfModelScanVote !== "off" &&
      scanRegions(
        extraction.tableModels.map((m) => m.box),
        extraction.debug.grids,
        readings.words,
        settings,
      ).length > 0
        ? await timer.runAsync("structure:other-engine-words", () =>
            otherEngineWords(
              ctx.run.engines!,
              ctx.ownSource,
              { pageNumber, fileSha256: ctx.run.input.fileSha256, cacheDir: ctx.run.input.cacheDir },
              ctx.scanImage!,
              ctx.scanTransform!,
              readings.graphics.rulings,
            ).catch((error: unknown) => {
              // Costs pdf-model its reading of this scan, never the page.
              failures.push({
                page: pageNumber,
                stage: "structure:pdf-model",
                message: error instanceof Error ? error.message : String(error),
              });
              return null;
            }),
          )
        : null;
    // On a page with a text layer, ink-grid's opinions from the render the OCR engines read (made
    // here when every reading came from the cache and the opinions are not cached, and kept for
    // the crops read next).
    const ink: InkSource | null =
      hasTextLayer && pageOcr && enabledReaders.includes("ink-grid") && STRUCTURE_SETTINGS.pageInk.onTextLayerPages
        ? {
            render: async () => (pageOcr.render ??= await renderPageForOcr(ctx.page, pageNumber)),
            renderAtHand: pageOcr.render != null,
            key: { cacheDir: ctx.run.input.cacheDir, fileSha256: ctx.run.input.fileSha256, pageNumber },
          }
        : null;
    ctx.structureReadings = await readStructureOf(
      ctx.page,
      pageNumber,
      readings,
      extraction,
      workedOcr,
      hasTextLayer,
      settings,
      enabledReaders,
      timer,
      (reader, error) => failures.push({ page: pageNumber, stage: `structure:${reader}`, message: error.message }),
      otherOcrWords,
      ctx.scanImage,
      ink,
    );
  },
};

/** Where ink-grid's opinions come from: the page render, or the cache under `key`. */
export interface InkSource {
  render: () => Promise<PageRender>;
  /** The OCR engines rendered the page in this job (their readings were not all cached), so the
   * opinions will not be in the cache either: it is written, not read. */
  renderAtHand: boolean;
  key: InkCacheKey;
}

/** `{ inkOpinions }` of `models` (in the reading frame `turn`), or nothing: no source, or the render
 * failed (recorded as ink-grid's failure, which costs the cells its support, never the page). */
export async function inkOpinionsOrNone(
  ink: InkSource | null,
  models: readonly TableModel[],
  turn: Direction,
  timer: StageTimer,
  onError: (reader: StructureSource, error: Error) => void,
): Promise<{ inkOpinions?: TableInkOpinions[] }> {
  if (!ink) return {};
  try {
    const render = async () => renderToFrame(await ink.render(), turn);
    return { inkOpinions: await timer.runAsync("structure:ink", () => inkOpinionsOf(models, render, ink.key, ink.renderAtHand)) };
  } catch (error) {
    onError("ink-grid", error instanceof Error ? error : new Error(String(error)));
    return {};
  }
}

/** Every structure reading of the page. A page read in a turned frame (sideways text) is read by
 * the segmentation readers and the OCR lines (the engines read such a page in that frame too) in
 * that frame, and their proposals turned back onto the page; the tags, which know no frame, give
 * no opinion there. */
async function readStructureOf(
  page: PDFPageProxy,
  pageNumber: number,
  readings: PageReadings,
  extraction: PageExtraction,
  ocr: Partial<Record<OcrEngineName, OcrPageReading>>,
  hasTextLayer: boolean,
  settings: Settings,
  enabled: readonly StructureSource[],
  timer: StageTimer,
  onError: (reader: StructureSource, error: Error) => void,
  otherOcrWords: OtherEngineWords | null = null,
  scanImage: PageRender | null = null,
  ink: InkSource | null = null,
): Promise<StructureReading[]> {
  const frame = extraction.frame;
  if (!frame) {
    const context = {
      pageNumber,
      words: readings.words,
      graphics: readings.graphics,
      detected: extraction.debug,
      tableRegions: extraction.tableModels.map((m) => m.box),
      ocr,
      page: hasTextLayer ? page : null,
      wordsFromOcr: !hasTextLayer,
      ...(otherOcrWords ? { otherOcrWords } : {}),
      ...(scanImage && !hasTextLayer ? { scanImage } : {}),
      tableModels: extraction.tableModels,
      ...(await inkOpinionsOrNone(ink, extraction.tableModels, 0, timer, onError)),
      settings,
    };
    return readStructure(context, { enabled, timer, onError });
  }
  const size: [number, number] = [readings.width, readings.height];
  const back = (b: Box): Box => boxToPage(b, frame.turn, size);
  // The OCR engines read a turned page in its reading frame (ocr/reading-frame.ts), so their
  // detected lines follow its text: turned into the frame with the words, read there, turned back.
  const framedOcr: Partial<Record<OcrEngineName, OcrPageReading>> = {};
  for (const [name, reading] of Object.entries(ocr) as [OcrEngineName, OcrPageReading][]) {
    framedOcr[name] = { ...reading, words: reading.words.map((word) => ({ ...word, bbox: boxToFrame(word.bbox, frame.turn, size) })) };
  }
  const toFrame = (b: Box): Box => boxToFrame(b, frame.turn, size);
  // The delivered tables and the render turned into the frame with the words, for ink-grid.
  const tableModels = extraction.tableModels.map((m) => ({
    ...m,
    box: toFrame(m.box),
    cells: m.cells.map((c) => ({ ...c, box: c.box ? toFrame(c.box) : null })),
  }));
  const context = {
    pageNumber,
    words: frame.readings.words,
    graphics: frame.readings.graphics,
    detected: frame.debug,
    tableRegions: frame.tableRegions,
    ocr: framedOcr,
    page: null,
    wordsFromOcr: !hasTextLayer,
    tableModels,
    ...(await inkOpinionsOrNone(ink, tableModels, frame.turn, timer, onError)),
    settings,
  };
  return (await readStructure(context, { enabled, timer, onError })).map((reading) =>
    reading.kind === "tables"
      ? {
          ...reading,
          tables: reading.tables.map((m) => ({
            ...m,
            box: back(m.box),
            cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })),
          })),
        }
      : {
          ...reading,
          fragments: reading.fragments.map((f) => ({ ...f, box: back(f.box), ...(f.words ? { words: f.words.map(back) } : {}) })),
        },
  );
}
