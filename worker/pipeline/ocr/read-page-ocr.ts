// Both OCR readings of one page: served from the cache when possible, otherwise both engines
// read the same render side by side (Tesseract in its worker thread, ONNX Runtime on its own
// thread), each on one core. One engine failing is recorded and the other's reading returned.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { renderPageForOcr, type PageRender } from "../render/render-page";
import { readOcrCache, writeOcrCache, type OcrCacheDir } from "./ocr-cache";
import { PaddleEngine } from "./paddle/paddle-engine";
import { TesseractEngine } from "./tesseract-engine";
import type { OcrOutcome, OcrPageReading, OcrReaderName, Word } from "./types";
import type { BBox } from "../../../lib/result/schema";

/** What an OCR engine must do; the two real engines and test doubles implement it. */
export interface PageOcrEngine {
  readPage(render: PageRender): Promise<{ words: Word[]; nonTextRegions: BBox[] }>;
  release(): Promise<void>;
}

export type EngineFactory = () => Promise<PageOcrEngine>;

export const DEFAULT_ENGINES: Record<OcrReaderName, EngineFactory> = {
  "ocr-1": () => TesseractEngine.create(),
  "ocr-2": () => PaddleEngine.create(),
};

export interface ReadPageOcrInput {
  /** The page to read: an open pdf.js page (rendered only if some reading is not cached) or a
   * render the caller already made (it is then shared, e.g. with figure crops). */
  page: PDFPageProxy | PageRender;
  pageNumber: number;
  /** sha256 of the PDF (64 lowercase hex digits): the cache key. */
  fileSha256: string;
  /** Cache directory (or store), or null for no cache. */
  cacheDir: OcrCacheDir | null;
}

export interface PageOcr {
  /** One outcome per engine this OcrReaders runs (both by default). */
  readings: Partial<Record<OcrReaderName, OcrOutcome>>;
  /** The render the engines read, or null when every reading came from the cache. */
  render: PageRender | null;
}

export interface OcrReaderStats {
  /** Pages each engine actually read (cache misses). */
  engineRuns: Record<OcrReaderName, number>;
  /** Times each engine was loaded (once, unless it failed and was loaded again). */
  engineLoads: Record<OcrReaderName, number>;
  cacheHits: number;
}

/** Loads each engine on first use and keeps it for the next pages (and, in the worker, the next
 * jobs); call release() at the end. An engine that fails to load or to read a page is dropped and
 * loaded afresh for the next page, so one crash of a Tesseract worker thread or an ONNX session
 * does not fail every later page of a long-lived reader. The engines run are the keys of
 * `factories` (OCR_ENGINES can switch one off). */
export class OcrReaders {
  readonly stats: OcrReaderStats = { engineRuns: { "ocr-1": 0, "ocr-2": 0 }, engineLoads: { "ocr-1": 0, "ocr-2": 0 }, cacheHits: 0 };
  readonly names: readonly OcrReaderName[];
  private readonly engines = new Map<OcrReaderName, Promise<PageOcrEngine>>();

  constructor(private readonly factories: Partial<Record<OcrReaderName, EngineFactory>> = DEFAULT_ENGINES) {
    this.names = (["ocr-1", "ocr-2"] as const).filter((name) => factories[name] !== undefined);
  }

  /** The default engines, restricted to `names`. */
  static withEngines(names: readonly OcrReaderName[]): OcrReaders {
    return new OcrReaders(Object.fromEntries(names.map((name) => [name, DEFAULT_ENGINES[name]])));
  }

  async readPage(input: ReadPageOcrInput): Promise<PageOcr> {
    const names = this.names;
    const cached = await Promise.all(
      names.map((reader) =>
        input.cacheDir ? readOcrCache(input.cacheDir, { fileSha256: input.fileSha256, pageNumber: input.pageNumber, reader }) : null,
      ),
    );
    const readings: Partial<Record<OcrReaderName, OcrOutcome>> = {};
    const missing: OcrReaderName[] = [];
    names.forEach((reader, i) => {
      const hit = cached[i];
      if (hit) {
        readings[reader] = hit;
        this.stats.cacheHits += 1;
      } else {
        missing.push(reader);
      }
    });
    if (missing.length === 0) return { readings, render: null };

    let render: PageRender;
    try {
      render = isRender(input.page) ? input.page : await renderPageForOcr(input.page, input.pageNumber);
    } catch (error) {
      // Without pixels neither engine can read: both failures are recorded.
      for (const reader of missing) readings[reader] = { error: `render failed: ${messageOf(error)}` };
      return { readings, render: null };
    }
    await Promise.all(
      missing.map(async (reader) => {
        const outcome = await this.runEngine(reader, render);
        readings[reader] = outcome;
        if (input.cacheDir && !("error" in outcome)) {
          await writeOcrCache(input.cacheDir, { fileSha256: input.fileSha256, pageNumber: input.pageNumber, reader }, outcome).catch(
            () => undefined, // a full disk costs a re-run later, not this page
          );
        }
      }),
    );
    return { readings, render };
  }

  async release(): Promise<void> {
    const engines = [...this.engines.values()];
    this.engines.clear();
    await Promise.all(engines.map(async (engine) => (await engine.catch(() => null))?.release()));
  }

  private async runEngine(reader: OcrReaderName, render: PageRender): Promise<OcrOutcome> {
    const started = performance.now();
    let engine = this.engines.get(reader);
    try {
      if (!engine) {
        const factory = this.factories[reader];
        if (!factory) throw new Error("engine not configured");
        engine = factory();
        this.engines.set(reader, engine);
        this.stats.engineLoads[reader] += 1;
      }
      const { words, nonTextRegions } = await (await engine).readPage(render);
      this.stats.engineRuns[reader] += 1;
      const reading: OcrPageReading = {
        words,
        nonTextRegions,
        dpi: render.dpi,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        fromCache: false,
      };
      return reading;
    } catch (error) {
      // Retried on the next page with a freshly loaded engine rather than remembered.
      if (engine && this.engines.get(reader) === engine) {
        this.engines.delete(reader);
        void engine.then((loaded) => loaded.release()).catch(() => undefined);
      }
      return { error: `${reader} failed: ${messageOf(error)}` };
    }
  }
}

function isRender(page: PDFPageProxy | PageRender): page is PageRender {
  return "rgba" in page;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
