// The extraction pipeline: one ordered pass over the requested pages. The
// worker and `npm run extract` both call runPipeline; nothing else runs extraction.
//
// Per page: start-page.ts opens the page, reads its text layer and rulings (read: pdf-text,
// pdf-grid + pdf-image from one operator walk) and sets its first OCR reading going; then the
// declared stages run in order over one page context (stages/page-stages.ts: ocr -> scan ->
// assemble -> structure -> ocr-cells -> reconcile -> structure-vote -> to-page -> continuation ->
// crops), each timed on the page's StageTimer (the timings go to onPage and, summed, to the
// output) and switched off the same way (skipStages). A page without a text layer (a scan) takes
// its words from an OCR reading and its rulings from the prepared page image, runs the same
// stages there, and its boxes are mapped back onto the page as scanned. Only what a later page
// needs (the previous page's last table, crop hashes for also_on) is kept across pages, in the
// run's context. With OCR, the next page is opened, read and its first OCR reading started while
// this one is finished (start-page.ts: the look-ahead keeps both OCR threads busy).
import { openPdf } from "../../lib/pdf/open-pdf";
import { round2 } from "./geometry/box";
import { resultSchema, type PageEntry, type Prose, type Result, type Table, type Image } from "../../lib/result/schema";
import { SETTINGS } from "./settings";
import { pipelineVersion, validateSettingsTree } from "./settings-tree";
import { OcrEngines } from "./ocr";
import { STRUCTURE_READERS } from "./structure/registry";
import { addTimings, type StageTimings } from "./stage-timer";
import { startPage, type FailedStart, type StartedPage } from "./start-page";
import { releasePageTextContent } from "./readers/page-text-content";
import { VisionUsageCounter } from "./vision";
import type { PageFailure, PipelineInput, PipelineOutput } from "./pipeline-types";
import { extractionOf, type PageContext, type RunContext } from "./stages/page-context";
import { runPageStages } from "./stages/page-stage";
import { PAGE_STAGES } from "./stages/page-stages";

export type { PageFailure, PageStructure, PipelineInput, PipelineOutput, SkippableStage } from "./pipeline-types";

export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const settings = input.settings ?? SETTINGS;
  // The default tree was checked when settings-tree.ts loaded; an override is checked when given.
  if (input.settings) validateSettingsTree({ pipeline: input.settings });
  const ownsEngines = !(input.ocr instanceof OcrEngines);
  const engines = input.ocr instanceof OcrEngines ? input.ocr : input.ocr.length > 0 ? OcrEngines.withEngines(input.ocr) : null;
  // With OCR every page is rendered: one document that builds glyph outlines as it reads. Without,
  // a reading-only document, and a rendering one opened only if a page is drawn (figure crops).
  const opened = await openPdf(input.pdfPath, { rendersEveryPage: engines !== null });
  const tables: Table[] = [];
  const prose: Prose[] = [];
  const images: Image[] = [];
  const pages: PageEntry[] = [];
  const failures: PageFailure[] = [];
  const stageSeconds: StageTimings = {};
  // Every page the job promised gets an entry in the result, even when pdf.js, recovering from
  // a broken page tree, now counts fewer: a page it cannot open is unreadable, never dropped.
  const total = input.pages ?? opened.doc.numPages;
  const run: RunContext = {
    input,
    settings,
    engines,
    total,
    enabledReaders: input.structureReaders ?? STRUCTURE_READERS.map((r) => r.name),
    skip: new Set(input.skipStages ?? []),
    failures,
    images,
    cropPages: new Map<string, number[]>(),
    imageHashes: [],
    tail: null,
    visionUsage: input.vision ? new VisionUsageCounter() : null,
  };
  try {
    let ahead: { pageNumber: number; started: Promise<StartedPage | FailedStart> } | null = null;
    for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
      const skipReason = input.skipPages?.get(pageNumber);
      if (skipReason !== undefined) {
        failures.push({ page: pageNumber, stage: "limits", message: skipReason });
        pages.push({ page: pageNumber, width: 612, height: 792, unreadable: true, reason: skipReason });
        run.tail = null;
        continue;
      }
      await input.beforePage?.(pageNumber);
      await input.onProgress?.(`page ${pageNumber} of ${total}: reading text layer and rulings`);
      let stage = "open";
      let size = { width: 612, height: 792 };
      const startOf = (n: number) =>
        startPage({ opened, pageNumber: n, settings, engines, fileSha256: input.fileSha256, cacheDir: input.cacheDir });
      const started = ahead?.pageNumber === pageNumber ? await ahead.started : await startOf(pageNumber);
      ahead = null;
      // With OCR, the next page's text layer, render and first OCR reading start now, to run
      // beside this page's (start-page.ts); input.lookAhead false keeps to one page at a time.
      // Without OCR there is nothing to overlap: pages stay strictly one at a time.
      const next = pageNumber + 1;
      if (engines && input.lookAhead !== false && next <= total && !input.skipPages?.has(next)) {
        await input.onLookAhead?.(next);
        ahead = { pageNumber: next, started: startOf(next) };
      }
      try {
        if (!started.ok) {
          stage = started.stage;
          size = started.size;
          throw started.error;
        }
        const { page, timer } = started;
        // The first step was announced before the page was opened; a page with no text layer is
        // read from its image, and a progress line should not say otherwise.
        if (!started.hasTextLayer) await input.onProgress?.(`page ${pageNumber} of ${total}: reading the scanned page image`);
        try {
          stage = "read";
          size = { width: started.readings.width, height: started.readings.height };
          const ctx: PageContext = {
            run,
            pageNumber,
            started,
            page,
            timer,
            hasTextLayer: started.hasTextLayer,
            turn: started.turn,
            readings: started.readings,
            size,
            pageOcr: null,
            uncheckedReason: null,
            ownSource: "pdf-text",
            scanTransform: null,
            scanImage: null,
            structureReadings: [],
            emptySlots: [],
            standingCells: [],
            standingReadings: [],
            scriptCells: new Map(),
            scriptReadings: [],
            figureVerdicts: null,
            verdicts: [],
            vision: null,
            visionFrame: null,
            visionValues: null,
          };
          await runPageStages(PAGE_STAGES, ctx, (failsAs) => (stage = failsAs));
          // Delivering the page: a failure here is recorded under the last stage's name ("figures").
          const { readings, uncheckedReason } = ctx;
          const extraction = extractionOf(ctx);
          const entry: PageEntry = {
            page: pageNumber,
            width: round2(readings.width),
            height: round2(readings.height),
            ...(uncheckedReason ? { unchecked: true as const, reason: uncheckedReason } : {}),
          };
          pages.push(entry);
          tables.push(...extraction.tables);
          prose.push(...extraction.prose);
          addTimings(stageSeconds, timer.seconds);
          await input.onPage?.({
            pageNumber,
            entry,
            readings,
            extraction,
            structure: { readings: ctx.structureReadings, verdicts: ctx.verdicts },
            timings: timer.seconds,
          });
        } finally {
          releasePageTextContent(page);
          page.cleanup();
        }
      } catch (error) {
        failures.push({ page: pageNumber, stage, message: (error as Error).message });
        pages.push({
          page: pageNumber,
          width: round2(size.width),
          height: round2(size.height),
          unreadable: true,
          reason: `the page could not be read (${stage} failed)`,
        });
        run.tail = null;
      }
      await input.afterPage?.(pageNumber);
    }
    images.forEach((image, k) => {
      image.also_on = (run.cropPages.get(run.imageHashes[k]!) ?? []).filter((p) => p !== image.page);
    });
    const result: Result = { tables, prose, images, pages };
    if (input.withSourcePages) result.source_pages = pages.map((entry) => entry.page);
    return {
      result: resultSchema.parse(result),
      stageSeconds,
      pagesFailed: pages.filter((entry) => entry.unreadable).length,
      pagesUnchecked: pages.filter((entry) => entry.unchecked).length,
      failures,
      // One version for the whole settings tree (settings-tree.ts).
      settingsVersion: pipelineVersion(settings),
      ...(run.visionUsage ? { vision: run.visionUsage.summary() } : {}),
    };
  } finally {
    await opened.close();
    if (engines && ownsEngines) await engines.release();
  }
}
