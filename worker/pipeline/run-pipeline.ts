// The extraction pipeline: one ordered pass over the requested pages (STYLE.md habit 7). The
// worker and `npm run extract` both call runPipeline; nothing else runs extraction.
//
// Per page: readers (pdf-text, pdf-grid + pdf-image from one operator walk) -> table detection
// (pdf-grid + pdf-layout) -> prose -> figures -> reading order -> crops. Only what a later page
// needs (the previous page's last table, crop hashes for also_on) is kept across pages.
import { openPdf } from "../../lib/pdf/open-pdf";
import { resultSchema, type PageEntry, type Prose, type Result, type Table, type Image } from "../../lib/result/schema";
import { SETTINGS, SETTINGS_VERSION, type Settings } from "./settings";
import { extractPage, readPage, type PageExtraction, type PageReadings } from "./extract-page";
import { cropFigures } from "./figures/crop-figures";
import { linkContinuation, tableColumns, type TableTail } from "./tables/continuation";

export interface PipelineInput {
  pdfPath: string;
  /** Process the first `pages` pages. */
  pages: number;
  /** Add source_pages to the result (the client asked for a page count). */
  withSourcePages: boolean;
  /** sha256 of the file, for the OCR cache key. */
  fileSha256: string;
  /** Directory for the OCR cache, or null for none. */
  cacheDir: string | null;
  /** Directory where cropped figures are written; result image paths are relative to it. */
  outputDir: string;
  /** Run the OCR readings (off for `--no-ocr` and fast tests). */
  ocr: boolean;
  /** Called with human progress text ("page 3 of 10: reading text layer"). */
  onProgress?: (stage: string) => void | Promise<void>;
  /** Called after each page; a rejection aborts the run (used for shutdown and deleted jobs). */
  afterPage?: (pageNumber: number) => void | Promise<void>;
  /** Optional: skip rendering and cropping figures (eval, benchmarks). Default false. */
  skipFigureCrops?: boolean;
  /** Optional: receives each page's readings and extraction (debug overlay, eval, reconciler). */
  onPage?: (page: { pageNumber: number; readings: PageReadings; extraction: PageExtraction }) => void | Promise<void>;
  /** Optional: settings overriding the defaults (eval experiments). */
  settings?: Settings;
}

export interface PageFailure {
  page: number;
  stage: string;
  message: string;
}

export interface PipelineOutput {
  result: Result;
  pagesFailed: number;
  failures: PageFailure[];
  settingsVersion: string;
}

export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const settings = input.settings ?? SETTINGS;
  const opened = await openPdf(input.pdfPath);
  const tables: Table[] = [];
  const prose: Prose[] = [];
  const images: Image[] = [];
  const pages: PageEntry[] = [];
  const failures: PageFailure[] = [];
  const cropPages = new Map<string, number[]>();
  const imageHashes: string[] = [];
  let tail: TableTail | null = null;
  try {
    // Every page the job promised gets an entry (SPEC.md §2.7), even when pdf.js, recovering from
    // a broken page tree, now counts fewer: a page it cannot open is unreadable, never dropped.
    const total = input.pages;
    for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
      await input.onProgress?.(`page ${pageNumber} of ${total}: reading text layer and rulings`);
      let stage = "open";
      try {
        const page = await opened.doc.getPage(pageNumber);
        try {
          stage = "read";
          const readings = await readPage(page, settings);
          stage = "assemble";
          const extraction = extractPage(readings, pageNumber, settings);
          const first = extraction.tables[0];
          const startsPage = first !== undefined && !extraction.prose.some((p) => p.order < (first.order ?? 0) && p.role === "heading");
          linkContinuation(tail, first, readings.height, startsPage, settings);
          const last = extraction.tables[extraction.tables.length - 1];
          tail = last
            ? {
                page: pageNumber,
                index: last.index,
                nCols: tableColumns(last),
                endsPage: !extraction.prose.some((p) => p.order > (last.order ?? 0) && p.bbox[1] < readings.height * 0.9) && extraction.figures.every((f) => f.order < (last.order ?? 0)),
              }
            : null;
          stage = "figures";
          if (extraction.figures.length > 0 && !input.skipFigureCrops) {
            const crops = await cropFigures(page, pageNumber, extraction.figures.map((f) => f.box), input.outputDir, settings.figureRenderScale);
            extraction.figures.forEach((figure, index) => {
              const crop = crops[index]!;
              images.push({
                page: pageNumber,
                index,
                path: crop.path,
                confidence: "unverified",
                bbox: figure.box.map((v) => round2(v)) as [number, number, number, number],
                order: figure.order,
                also_on: [],
                sources: figure.sources,
              });
              imageHashes.push(crop.sha256);
              const seen = cropPages.get(crop.sha256) ?? [];
              if (!seen.includes(pageNumber)) seen.push(pageNumber);
              cropPages.set(crop.sha256, seen);
            });
          }
          pages.push({ page: pageNumber, width: round2(readings.width), height: round2(readings.height) });
          tables.push(...extraction.tables);
          prose.push(...extraction.prose);
          await input.onPage?.({ pageNumber, readings, extraction });
        } finally {
          page.cleanup();
        }
      } catch (error) {
        failures.push({ page: pageNumber, stage, message: (error as Error).message });
        pages.push({ page: pageNumber, width: 612, height: 792, unreadable: true });
        tail = null;
      }
      await input.afterPage?.(pageNumber);
    }
    images.forEach((image, k) => {
      image.also_on = (cropPages.get(imageHashes[k]!) ?? []).filter((p) => p !== image.page);
    });
    const result: Result = { tables, prose, images, pages };
    if (input.withSourcePages) result.source_pages = pages.map((entry) => entry.page);
    return {
      result: resultSchema.parse(result),
      pagesFailed: pages.filter((entry) => entry.unreadable).length,
      failures,
      settingsVersion: SETTINGS_VERSION,
    };
  } finally {
    await opened.close();
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
