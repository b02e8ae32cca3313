// CPU seconds by stage for one page (`npm run bench -- --stages FILE.pdf [--page N]`): the page
// taken through the same steps runPipeline takes (text layer and rulings, render, scan
// preparation, each OCR engine's part, assembly, the structure readings, the cascade's crops, the
// value and structure votes), one step at
// a time so that the process's CPU time (all threads) during a step belongs to that step. Engines
// are loaded and warmed on a first pass, which is not counted. A page without a text layer is
// timed as a scan (both engines in full, on the prepared image).
import { openPdf } from "../../../lib/pdf/open-pdf";
import { SETTINGS } from "../../pipeline/settings";
import { extractPage, readPage } from "../../pipeline/extract-page";
import { renderPageForOcr, sharedGrey } from "../../pipeline/render/render-page";
import { emptySlotsOf, fillEmptySlots } from "../../pipeline/scan/empty-slots";
import { doubtNeighboursOfMarks, slotsWithUnreadMarks } from "../../pipeline/scan/unread-marks";
import { doubtCellsBesideUnreadInk } from "../../pipeline/scan/unread-ink";
import { doubtConfusableTokens } from "../../pipeline/scan/confusable-tokens";
import { prepareScan } from "../../pipeline/scan/prepare-scan";
import { ocrWordsToPageWords, renderToRulings } from "../../pipeline/scan/scanned-page";
import { SCAN_REREADS } from "../../pipeline/scan/scan-rereads";
import { textRulesToRulings } from "../../pipeline/readers/typewriter-rules";
import { cellsForSecondReading, disputedCellBoxes, lineCropsOfCells } from "../../pipeline/ocr/cascade";
import { readStructure } from "../../pipeline/structure/registry";
import { reconcileStructure } from "../../pipeline/reconcile";
import type { PageExtraction, PageReadings } from "../../pipeline/page-types";
import type { OcrPageReading, OcrEngineName } from "../../pipeline/ocr/types";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { OcrPool } from "../../pipeline/ocr/pool/ocr-pool";
import { PooledPaddle, PooledTesseract } from "../../pipeline/ocr/pool/pooled-engines";
import { planCropRecognition, planRecognition, sortWords, type PaddleDetection } from "../../pipeline/ocr/paddle/recognition-plan";
import { textLayerLineBoxes } from "../../pipeline/ocr/paddle/text-layer-lines";
import { readingTurn } from "../../pipeline/geometry/page-orientation";
import { OCR_SETTINGS } from "../../pipeline/ocr/settings";
import { reconcileProse, reconcileTable } from "../../pipeline/reconcile";
import type { Word } from "../../pipeline/ocr/types";

/** The page's structure readings as run-pipeline takes them (upright pages; a page read in a
 * turned frame is not separated out here). */
function structureOf(
  page: PDFPageProxy | null,
  pageNumber: number,
  readings: PageReadings,
  extraction: PageExtraction,
  ocr: Partial<Record<OcrEngineName, OcrPageReading>>,
  wordsFromOcr = false,
) {
  if (extraction.tables.length === 0) return Promise.resolve([]);
  return readStructure({
    pageNumber,
    words: readings.words,
    graphics: readings.graphics,
    detected: extraction.debug,
    tableRegions: extraction.tableModels.map((m) => m.box),
    ocr,
    page,
    wordsFromOcr,
    settings: SETTINGS,
  });
}

const asReading = (words: Word[], dpi: number): OcrPageReading => ({ words, nonTextRegions: [], dpi, seconds: 0, fromCache: false });

export async function pageStages(file: string, pageNumber: number, threads: number): Promise<Array<[string, number]>> {
  const pool = new OcrPool({ threads, heapMb: 512 });
  const opened = await openPdf(file, { rendersEveryPage: true });
  try {
    let stages: Array<[string, number]> = [];
    for (let pass = 0; pass < 2; pass++) {
      stages = [];
      const timed = async <T>(name: string, step: () => Promise<T> | T): Promise<T> => {
        const before = process.cpuUsage();
        const value = await step();
        const used = process.cpuUsage(before);
        stages.push([name, (used.user + used.system) / 1e6]);
        return value;
      };
      const page = await opened.doc.getPage(pageNumber);
      let readings = await timed("text layer and vector rulings", () => readPage(page, SETTINGS));
      const scanned = readings.words.length === 0;
      let render = await timed(`render (${scanned ? "scan" : "text size"} dpi)`, () => renderPageForOcr(page, pageNumber));
      if (scanned) render = (await timed("scan preparation (orientation, deskew, levels)", () => prepareScan(render))).render;
      const paddleRead = async () => {
        // As read-page-ocr: an upright text layer's own lines, when no ink lies outside them.
        const lineSettings = OCR_SETTINGS.textLayerLines;
        if (!scanned && lineSettings.enabled && readingTurn(readings.words, SETTINGS.readingTurnShare) === 0) {
          const lines = textLayerLineBoxes(readings.words, lineSettings);
          const unexplained = await timed(`ocr-2 text-layer lines and ink check (${lines.length} lines)`, () =>
            pool.run<number>("paddle.survey", render, lines),
          );
          if (unexplained <= lineSettings.maxUnexplainedInkPixels) {
            const batches = planCropRecognition(render, lines, OCR_SETTINGS.paddle);
            const words = await timed(`ocr-2 recognition of text-layer lines (${batches.length} batches)`, async () =>
              (await Promise.all(batches.map((b) => pool.run<Word[]>("paddle.batch", render, b)))).flat(),
            );
            return { words: sortWords(words), linesFrom: "text-layer" as const };
          }
        }
        const detection = await timed("ocr-2 detection and figure search", () => pool.run<PaddleDetection>("paddle.detect", render));
        const batches = planRecognition(render, detection, OCR_SETTINGS.paddle);
        const words = await timed(`ocr-2 recognition (${batches.length} batches)`, async () =>
          (await Promise.all(batches.map((b) => pool.run<Word[]>("paddle.batch", render, b)))).flat(),
        );
        return { words: sortWords(words), linesFrom: undefined };
      };
      const tesseract = new PooledTesseract(pool);
      if (scanned) {
        const page1 = await timed("ocr-1 whole page", () => tesseract.readPage(render));
        // As OcrEngines: the re-reads of unread ink, words across rulings and standing lines.
        const first = { words: page1.words };
        for (const step of SCAN_REREADS) {
          if (step.worthLooking && !step.worthLooking(first.words)) continue;
          const read = await timed(`ocr-1 re-read: ${step.version}`, () =>
            step.read(render, first.words, (image, crops) => tesseract.readCrops(image, crops)),
          );
          first.words = step.apply(first.words, read);
        }
        readings = await timed("scan readings (words, raster rulings)", () => {
          const rulings = renderToRulings(render);
          const typed = textRulesToRulings(ocrWordsToPageWords(first.words, rulings), SETTINGS.dropSpacedLeaders);
          return { ...readings, words: typed.words, graphics: { ...readings.graphics, rulings: [...rulings, ...typed.rulings] } };
        });
        const extraction = await timed("assembly (tables, prose, figures, order)", () => extractPage(readings, pageNumber, SETTINGS));
        // The page's words came from ocr-1: it is no second opinion on their structure.
        const structure = await timed("structure readings", () => structureOf(null, pageNumber, readings, extraction, {}, true));
        // As run-pipeline: ocr-2 reads every cell's lines and every empty slot in one run.
        const lines = lineCropsOfCells(extraction.tables, first.words);
        const slots = extraction.tables.map((table) => emptySlotsOf(table, SETTINGS));
        const crops = [...lines, ...slots.flat().map((slot) => slot.box)];
        const second = await timed(
          `ocr-2 cell line crops and empty slots (${lines.length} lines, ${crops.length - lines.length} slots)`,
          () => new PooledPaddle(pool).readCrops(render, crops),
        );
        await timed("reconciliation (value and structure votes, unread marks and ink)", () => {
          const grey = sharedGrey(render);
          const wordBoxes = readings.words.map((w) => w.box);
          const tables = extraction.tables.map((t, i) => {
            const voted = fillEmptySlots(reconcileTable(t, "ocr-1", { "ocr-2": second }), slots[i] ?? [], second);
            const marked = doubtNeighboursOfMarks(
              voted,
              slotsWithUnreadMarks(voted, slots[i] ?? [], grey, render, readings.graphics.rulings, SETTINGS),
            );
            return doubtConfusableTokens(doubtCellsBesideUnreadInk(marked, grey, render, wordBoxes, readings.graphics.rulings, SETTINGS));
          });
          extraction.prose.map((p) => reconcileProse(p, "ocr-1", { "ocr-2": second }));
          reconcileStructure(tables, extraction.tableModels, readings.words, structure);
        });
      } else {
        const { words: first, linesFrom } = await paddleRead();
        const extraction = await timed("assembly (tables, prose, figures, order)", () => extractPage(readings, pageNumber, SETTINGS));
        const structure = await timed("structure readings (with ocr-2-lines)", () =>
          structureOf(page, pageNumber, readings, extraction, { "ocr-2": { ...asReading(first, render.dpi), linesFrom } }),
        );
        const disputed = await timed("cells a structure reading is against", () =>
          disputedCellBoxes(extraction.tables, extraction.tableModels, readings.words, structure),
        );
        const boxes = cellsForSecondReading(extraction.tables, first, disputed);
        const crops = await timed(`ocr-1 cell crops (${boxes.length} cells in doubt)`, () => tesseract.readCrops(render, boxes));
        await timed("reconciliation (value and structure votes)", () => {
          const tables = extraction.tables.map((t) => reconcileTable(t, "pdf-text", { "ocr-2": first, "ocr-1": crops }));
          extraction.prose.map((p) => reconcileProse(p, "pdf-text", { "ocr-2": first }));
          reconcileStructure(tables, extraction.tableModels, readings.words, structure);
        });
      }
      page.cleanup();
    }
    return stages;
  } finally {
    await opened.close();
    await pool.release();
  }
}
