// The shapes of a pipeline run: what runPipeline is given (PipelineInput), what it returns
// (PipelineOutput) and what it records of a page that failed (PageFailure). Types only, apart from
// run-pipeline.ts, so that the page stages (stages/) can name them without importing the runner.
import type { PdfSource } from "../../lib/pdf/open-pdf";
import type { PageEntry, Result } from "../../lib/result/schema";
import type { Settings } from "./settings";
import type { PageExtraction, PageReadings } from "./page-types";
import type { OcrCacheDir } from "./ocr/ocr-cache";
import type { OcrEngineName, OcrEngines } from "./ocr";
import type { readStructure, StructureSource } from "./structure/registry";
import type { reconcileStructure } from "./reconcile";
import type { StageTimings } from "./stage-timer";
import type { VisionCallRecord, VisionReaders, VisionUsage } from "./vision";

/** The page stages (stages/page-stages.ts) that can be left out: those no later stage depends on. */
export type SkippableStage = "structure" | "structure-vote" | "reconcile" | "crops";

export interface PipelineInput {
  /** A file, or the stored input read by byte ranges (lib/storage). */
  pdfPath: PdfSource;
  /** Process the first `pages` pages; absent, every page the document has (as pdf.js counts them
   * when the pipeline opens it: a caller reading a whole file need not open it first to count). */
  pages?: number;
  /** Add source_pages to the result (the client asked for a page count). */
  withSourcePages: boolean;
  /** sha256 of the file, for the OCR cache key. */
  fileSha256: string;
  /** Directory (or lib/storage store) for the OCR cache, or null for none. */
  cacheDir: OcrCacheDir | null;
  /** Directory where cropped figures are written; result image paths are relative to it. */
  outputDir: string;
  /** The OCR readings to run: engine names ([] = OCR off: `--no-ocr`, OCR_ENGINES=none, fast
   * tests; cells then rest on the text layer alone), or an OcrEngines the caller owns (its engines
   * stay loaded across files; the caller releases it). */
  ocr: readonly OcrEngineName[] | OcrEngines;
  /** Called with human progress text ("page 3 of 10: reading text layer"). */
  onProgress?: (stage: string) => void | Promise<void>;
  /** Called after each page; a rejection aborts the run (used for shutdown and deleted jobs). */
  afterPage?: (pageNumber: number) => void | Promise<void>;
  /** Optional: pages not to open at all, with the reason each is unreadable (a page that
   * passed the per-page memory or time limit, or stopped a worker, is never run again). */
  skipPages?: ReadonlyMap<number, string>;
  /** Optional: called before each page is opened (the worker records the page in flight). */
  beforePage?: (pageNumber: number) => void | Promise<void>;
  /** Optional: skip rendering and cropping figures (eval, benchmarks). Default false. */
  skipFigureCrops?: boolean;
  /** Optional: receives each page's readings and extraction (debug overlay, eval, reconciler). */
  onPage?: (page: {
    pageNumber: number;
    entry: PageEntry;
    readings: PageReadings;
    extraction: PageExtraction;
    structure: PageStructure;
    timings: StageTimings;
  }) => void | Promise<void>;
  /** Optional: the structure readers to run (default: every reader in structure/registry.ts), to
   * measure or evaluate readers alone. */
  structureReaders?: readonly StructureSource[];
  /** Optional: stages to leave out, to measure or evaluate the pipeline without them. Only stages
   * that others do not depend on can be skipped: "structure", "structure-vote", "reconcile",
   * "crops" (skipFigureCrops does the same for crops). */
  skipStages?: readonly SkippableStage[];
  /** Optional: settings overriding the defaults (eval experiments). */
  settings?: Settings;
  /** Optional, default true: open, read and start the first OCR reading of the next page while
   * this one is finished (start-page.ts), so both OCR threads stay busy. False: one page at a time
   * (the worker's page host retries that way when a page killed with another in flight cannot be
   * told apart from it). */
  lookAhead?: boolean;
  /** Optional: called just before the next page is opened ahead of its turn (the worker's page
   * host then knows two pages are in flight until that page's beforePage). */
  onLookAhead?: (pageNumber: number) => void | Promise<void>;
  /** Optional: the vision readers (vision/, docs/vision-readers.md); absent or null: none, and
   * the pipeline runs exactly as without them. */
  vision?: VisionReaders | null;
  /** Optional: every vision call's record (tokens, latency, outcome), for the log. */
  onVisionCall?: (record: VisionCallRecord) => void;
}

export interface PageFailure {
  page: number;
  /** Where it failed: "open", "read", "assemble", "figures", the OCR reading ("ocr-1"), or a
   * structure reading ("structure:pdf-tags"). An OCR reading failing does not fail the page unless
   * it was the page's last reading; a structure reading failing never does. */
  stage: string;
  message: string;
}

/** A page's structure readings and the vote's verdict on every cell (for eval and debugging). */
export type PageStructure = {
  readings: Awaited<ReturnType<typeof readStructure>>;
  verdicts: ReturnType<typeof reconcileStructure>["verdicts"];
};

export interface PipelineOutput {
  result: Result;
  /** Wall seconds per stage, summed over the pages. */
  stageSeconds: StageTimings;
  pagesFailed: number;
  /** Pages delivered from their text layer alone because every OCR reading of them failed
   * (`unchecked` page entries): nothing on them could be cross-checked, so they are not charged. */
  pagesUnchecked: number;
  failures: PageFailure[];
  settingsVersion: string;
  /** What the vision readers did and cost (only when they are configured). */
  vision?: VisionUsage;
}
