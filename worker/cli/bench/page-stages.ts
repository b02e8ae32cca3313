// CPU seconds by stage for one page (`npm run bench -- --stages FILE.pdf [--page N]`): the page
// taken through the same steps runPipeline takes (text layer and rulings, render, scan
// preparation, each OCR engine's part, the cascade's crops, assembly, reconciliation), one step at
// a time so that the process's CPU time (all threads) during a step belongs to that step. Engines
// are loaded and warmed on a first pass, which is not counted. A page without a text layer is
// timed as a scan (both families in full, on the prepared image).
import { openPdf } from "../../../lib/pdf/open-pdf";
import { SETTINGS } from "../../pipeline/settings";
import { extractPage, readPage } from "../../pipeline/extract-page";
import { renderPageForOcr } from "../../pipeline/render/render-page";
import { prepareScan } from "../../pipeline/scan/prepare-scan";
import { ocrWordsToPageWords, renderToRulings } from "../../pipeline/scan/scanned-page";
import { cellsForSecondReading, lineCropsOfCells } from "../../pipeline/ocr/cascade";
import { OcrPool } from "../../pipeline/ocr/pool/ocr-pool";
import { PooledPaddle, PooledTesseract } from "../../pipeline/ocr/pool/pooled-engines";
import { planRecognition, sortWords, type PaddleDetection } from "../../pipeline/ocr/paddle/recognition-plan";
import { OCR_SETTINGS } from "../../pipeline/ocr/settings";
import { reconcileProse, reconcileTable } from "../../pipeline/reconcile";
import type { Word } from "../../pipeline/ocr/types";

export async function pageStages(file: string, pageNumber: number, threads: number): Promise<Array<[string, number]>> {
  const pool = new OcrPool({ threads, heapMb: 512 });
  const opened = await openPdf(file);
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
        const detection = await timed("ocr-2 detection and figure search", () => pool.run<PaddleDetection>("paddle.detect", render));
        const batches = planRecognition(render, detection, OCR_SETTINGS.paddle);
        const words = await timed(`ocr-2 recognition (${batches.length} batches)`, async () => (await Promise.all(batches.map((b) => pool.run<Word[]>("paddle.batch", render, b)))).flat());
        return sortWords(words);
      };
      const tesseract = new PooledTesseract(pool);
      if (scanned) {
        const first = await timed("ocr-1 whole page", () => tesseract.readPage(render));
        readings = await timed("scan readings (words, raster rulings)", () => ({ ...readings, words: ocrWordsToPageWords(first.words), graphics: { ...readings.graphics, rulings: renderToRulings(render) } }));
        const extraction = await timed("assembly (tables, prose, figures, order)", () => extractPage(readings, pageNumber, SETTINGS));
        const lines = lineCropsOfCells(extraction.tables, first.words);
        const second = await timed(`ocr-2 cell line crops (${lines.length} lines)`, () => new PooledPaddle(pool).readCrops(render, lines));
        await timed("reconciliation", () => {
          extraction.tables.map((t) => reconcileTable(t, "ocr-1", { "ocr-2": second }));
          extraction.prose.map((p) => reconcileProse(p, "ocr-1", { "ocr-2": second }));
        });
      } else {
        const first = await paddleRead();
        const extraction = await timed("assembly (tables, prose, figures, order)", () => extractPage(readings, pageNumber, SETTINGS));
        const boxes = cellsForSecondReading(extraction.tables, first);
        const crops = await timed(`ocr-1 cell crops (${boxes.length} cells in doubt)`, () => tesseract.readCrops(render, boxes));
        await timed("reconciliation", () => {
          extraction.tables.map((t) => reconcileTable(t, "pdf-text", { "ocr-2": first, "ocr-1": crops }));
          extraction.prose.map((p) => reconcileProse(p, "pdf-text", { "ocr-2": first }));
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
