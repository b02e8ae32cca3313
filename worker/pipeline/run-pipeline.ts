// The extraction pipeline: one ordered pass over the requested pages (STYLE.md habit 7). The
// worker and `npm run extract` both call runPipeline; nothing else runs extraction.
import { openPdf } from "../../lib/pdf/open-pdf";
import { resultSchema, type PageEntry, type Prose, type Result, type Table, type Image } from "../../lib/result/schema";
import { SETTINGS, SETTINGS_VERSION } from "./settings";
import { readPageProse } from "./readers/pdf-text-prose";

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
  const opened = await openPdf(input.pdfPath);
  const tables: Table[] = [];
  const prose: Prose[] = [];
  const images: Image[] = [];
  const pages: PageEntry[] = [];
  const failures: PageFailure[] = [];
  try {
    const total = Math.min(input.pages, opened.doc.numPages);
    for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
      await input.onProgress?.(`page ${pageNumber} of ${total}: reading text layer`);
      try {
        const page = await opened.doc.getPage(pageNumber);
        const viewport = page.getViewport({ scale: 1 });
        pages.push({ page: pageNumber, width: round2(viewport.width), height: round2(viewport.height) });
        try {
          prose.push(...(await readPageProse(page, pageNumber, SETTINGS)));
        } finally {
          page.cleanup();
        }
      } catch (error) {
        failures.push({ page: pageNumber, stage: "pdf-text", message: (error as Error).message });
        pages.push({ page: pageNumber, width: 612, height: 792, unreadable: true });
      }
      await input.afterPage?.(pageNumber);
    }
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
