// The extraction pipeline: one ordered pass over the requested pages (STYLE.md habit 7). The
// worker and `npm run extract` both call runPipeline; nothing else runs extraction.
//
// Per page, an ordered list of named stages, each timed (stage-timer.ts; the timings go to onPage
// and, summed, to the output): read (pdf-text, pdf-grid + pdf-image from one operator walk) -> ocr
// (the first OCR family reads the whole page, cached: ocr-2 on a page with a text layer, ocr-1 on
// a scan, read prepared: upright, deskewed) -> scan -> tables -> charts -> figures -> prose ->
// reading-order (extract-page.ts) -> structure:<reader> (every structure reading of the page,
// structure/registry.ts; ocr-2-lines from the first family's full reading) -> ocr-cells (the
// cascade, ocr/cascade.ts: the second family reads the cells in doubt, among them every cell a
// structure reading is against; on a scan every cell) -> reconcile (the value vote: cell, prose
// and figure confidence) -> structure-vote (each cell's boundaries against the structure
// readings) -> continuation -> crops. A page without a text layer (a scan) takes its words from an
// OCR reading and its rulings from the prepared page image (scan/scanned-page.ts), runs the same
// stages there, and its boxes are mapped back onto the page as scanned (scan/map-to-page.ts). Only
// what a later page needs (the previous page's last table, crop hashes for also_on) is kept
// across pages. With OCR, the next page is opened, read and its first OCR reading started while
// this one is finished (start-page.ts: the look-ahead keeps both OCR threads busy).
import { openPdf, type PdfSource } from "../../lib/pdf/open-pdf";
import { round2 } from "./geometry/box";
import { resultSchema, type CellSource, type PageEntry, type Prose, type Result, type Table, type Image } from "../../lib/result/schema";
import { SETTINGS, SETTINGS_VERSION, type Settings } from "./settings";
import { extractPage, type PageExtraction, type PageReadings } from "./extract-page";
import { cropFigures } from "./figures/crop-figures";
import { announcesContinuation, linkContinuation, tableColumns, type TableTail } from "./tables/continuation";
import type { OcrCacheDir } from "./ocr/ocr-cache";
import { isOcrFailure, OcrReaders, type OcrPageReading, type OcrReaderName, type PageOcr } from "./ocr";
import { disputedCellBoxes, readCellsInDoubt } from "./ocr/cascade";
import { isPageUnreadable, ocrNonTextRegions, ocrWordReadings, verifyFigure } from "./reconcile";
import { bandBoxes } from "./reconcile/cell-units";
import { reconcileInFrame } from "./reconcile/in-reading-frame";
import { boxToFrame } from "./geometry/page-orientation";
import { renderPage as renderForRulings, sharedGrey, type PageRender } from "./render/render-page";
import { ocrWordsToPageWords, renderToRulings } from "./scan/scanned-page";
import { textRulesToRulings } from "./readers/typewriter-rules";
import { doubtCellsBesideUnreadInk } from "./scan/unread-ink";
import { doubtConfusableTokens } from "./scan/confusable-tokens";
import { doubtOffFormatNumbers } from "./scan/column-format";
import { showReadingsThatAddUp } from "./scan/column-sums";
import { applyScanTransform, type ScanTransform } from "./scan/prepare-scan";
import { extractionToPage, graphicsToPrepared } from "./scan/map-to-page";
import { readTableIndexes } from "./scan/unread-tables";
import { emptySlotsOf, fillEmptySlots, type EmptySlot } from "./scan/empty-slots";
import { doubtNeighboursOfMarks, slotsWithUnreadMarks } from "./scan/unread-marks";
import { reconcileStructure } from "./reconcile";
import { readStructure, STRUCTURE_READERS, type StructureReading, type StructureSource } from "./structure/registry";
import { boxToPage } from "./geometry/page-orientation";
import type { Box } from "./types";
import { STRUCTURE_SETTINGS_VERSION } from "./structure/settings";
import { addTimings, StageTimer, type StageTimings } from "./stage-timer";
import { nothingReadReason } from "./nothing-read";
import { startPage, type FailedStart, type StartedPage } from "./start-page";
import { PageVision, VisionUsageCounter, type VisionCallRecord, type VisionReaders, type VisionUsage } from "./vision";
import { visionFrame } from "./vision/scan-frame";

export interface PipelineInput {
  /** A file, or the stored input read by byte ranges (lib/storage). */
  pdfPath: PdfSource;
  /** Process the first `pages` pages. */
  pages: number;
  /** Add source_pages to the result (the client asked for a page count). */
  withSourcePages: boolean;
  /** sha256 of the file, for the OCR cache key. */
  fileSha256: string;
  /** Directory (or lib/storage store) for the OCR cache, or null for none. */
  cacheDir: OcrCacheDir | null;
  /** Directory where cropped figures are written; result image paths are relative to it. */
  outputDir: string;
  /** The OCR readings to run: engine names ([] = OCR off: `--no-ocr`, OCR_ENGINES=none, fast
   * tests; cells then rest on the text layer alone), or an OcrReaders the caller owns (its engines
   * stay loaded across files; the caller releases it). */
  ocr: readonly OcrReaderName[] | OcrReaders;
  /** Called with human progress text ("page 3 of 10: reading text layer"). */
  onProgress?: (stage: string) => void | Promise<void>;
  /** Called after each page; a rejection aborts the run (used for shutdown and deleted jobs). */
  afterPage?: (pageNumber: number) => void | Promise<void>;
  /** Optional: pages not to open at all, with the reason each is unreadable (issue 14: a page that
   * passed the per-page memory or time limit, or stopped a worker, is never run again). */
  skipPages?: ReadonlyMap<number, string>;
  /** Optional: called before each page is opened (the worker records the page in flight). */
  beforePage?: (pageNumber: number) => void | Promise<void>;
  /** Optional: skip rendering and cropping figures (eval, benchmarks). Default false. */
  skipFigureCrops?: boolean;
  /** Optional: receives each page's readings and extraction (debug overlay, eval, reconciler). */
  onPage?: (page: { pageNumber: number; entry: PageEntry; readings: PageReadings; extraction: PageExtraction; structure: PageStructure; timings: StageTimings }) => void | Promise<void>;
  /** Optional: the structure readers to run (default: every reader in structure/registry.ts), to
   * measure or evaluate readers alone. */
  structureReaders?: readonly StructureSource[];
  /** Optional: stages to leave out, to measure or evaluate the pipeline without them. Only stages
   * that others do not depend on can be skipped: "structure", "structure-vote", "reconcile",
   * "crops" (skipFigureCrops does the same for crops). */
  skipStages?: readonly ("structure" | "structure-vote" | "reconcile" | "crops")[];
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

export async function runPipeline(input: PipelineInput): Promise<PipelineOutput> {
  const settings = input.settings ?? SETTINGS;
  const ownsReaders = !(input.ocr instanceof OcrReaders);
  const readers = input.ocr instanceof OcrReaders ? input.ocr : input.ocr.length > 0 ? OcrReaders.withEngines(input.ocr) : null;
  const opened = await openPdf(input.pdfPath);
  const tables: Table[] = [];
  const prose: Prose[] = [];
  const images: Image[] = [];
  const pages: PageEntry[] = [];
  const failures: PageFailure[] = [];
  const cropPages = new Map<string, number[]>();
  const imageHashes: string[] = [];
  let tail: TableTail | null = null;
  const stageSeconds: StageTimings = {};
  const enabledReaders = input.structureReaders ?? STRUCTURE_READERS.map((r) => r.name);
  const visionUsage = input.vision ? new VisionUsageCounter() : null;
  try {
    // Every page the job promised gets an entry (SPEC.md §2.7), even when pdf.js, recovering from
    // a broken page tree, now counts fewer: a page it cannot open is unreadable, never dropped.
    const total = input.pages;
    let ahead: { pageNumber: number; started: Promise<StartedPage | FailedStart> } | null = null;
    for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
      const skipReason = input.skipPages?.get(pageNumber);
      if (skipReason !== undefined) {
        failures.push({ page: pageNumber, stage: "limits", message: skipReason });
        pages.push({ page: pageNumber, width: 612, height: 792, unreadable: true, reason: skipReason });
        tail = null;
        continue;
      }
      await input.beforePage?.(pageNumber);
      await input.onProgress?.(`page ${pageNumber} of ${total}: reading text layer and rulings`);
      let stage = "open";
      let size = { width: 612, height: 792 };
      let uncheckedReason: string | null = null;
      const startOf = (n: number) => startPage({ opened, pageNumber: n, settings, readers, fileSha256: input.fileSha256, cacheDir: input.cacheDir });
      const started = ahead?.pageNumber === pageNumber ? await ahead.started : await startOf(pageNumber);
      ahead = null;
      // With OCR, the next page's text layer, render and first OCR reading start now, to run
      // beside this page's (start-page.ts); input.lookAhead false keeps to one page at a time.
      // Without OCR there is nothing to overlap: pages stay strictly one at a time.
      const next = pageNumber + 1;
      if (readers && input.lookAhead !== false && next <= total && !input.skipPages?.has(next)) {
        await input.onLookAhead?.(next);
        ahead = { pageNumber: next, started: startOf(next) };
      }
      try {
        if (!started.ok) {
          stage = started.stage;
          size = started.size;
          throw started.error;
        }
        const { page, timer, hasTextLayer, turn } = started;
        try {
          stage = "read";
          let readings = started.readings;
          size = { width: readings.width, height: readings.height };
          let pageOcr: PageOcr | null = null;
          if (readers && started.ocr) {
            stage = "ocr";
            await input.onProgress?.(`page ${pageNumber} of ${total}: OCR (${readers.names.join(", ")})`);
            pageOcr = await started.ocr;
            for (const [reader, outcome] of Object.entries(pageOcr.readings)) {
              if (isOcrFailure(outcome)) failures.push({ page: pageNumber, stage: reader, message: outcome.error });
            }
            uncheckedReason = hasTextLayer ? everyOcrReadingFailed(pageOcr) : null;
          }
          // The value reading the page's words (and so its cells' values) come from.
          let ownSource: CellSource = "pdf-text";
          // A scan is worked on upright and deskewed; its boxes go back onto the page as scanned.
          let scanTransform: ScanTransform | null = null;
          // ...and its prepared image, in which empty cells are looked at for marks nothing read.
          let scanImage: PageRender | null = null;
          if (!hasTextLayer && pageOcr) {
            // SPEC.md §2.7: both independent readings of a scanned page failed (stage stays "ocr").
            if (isPageUnreadable(false, pageOcr.readings)) throw new Error("every OCR reading of this page without a text layer failed");
            stage = "scan";
            const scanned = await timer.runAsync("scan", () => scannedReadings(page, pageNumber, readings, pageOcr!, settings));
            readings = scanned.readings;
            ownSource = scanned.ownSource;
            scanTransform = scanned.transform;
            scanImage = scanned.image;
          }
          stage = "assemble";
          let extraction = extractPage(readings, pageNumber, settings, timer);
          // A text layer read into nothing is a failure with a reason, never a silent empty page.
          const nothingRead = nothingReadReason(readings, extraction);
          if (nothingRead) throw new Error(nothingRead);
          // Vision readers (when configured) read a page with tables from its image; their calls
          // run while the structure readers and the OCR cascade work (vision/page-vision.ts).
          const vision =
            input.vision && visionUsage && extraction.tables.length > 0
              ? new PageVision(input.vision, { page, pageNumber, fileSha256: input.fileSha256, cacheDir: input.cacheDir, usage: visionUsage, onFailure: (role, message) => failures.push({ page: pageNumber, stage: role, message }), onCall: input.onVisionCall })
              : null;
          vision?.start();
          const frameOfVision = visionFrame(scanTransform);
          stage = "structure";
          // The structure readings see the first OCR family's full-page reading (ocr-2 on a page
          // with a text layer: ocr-2-lines), not the second family's crops, read next.
          const workedOcr = pageOcr ? okReadings(pageOcr.readings) : {};
          // On a scan, the reading the page's words came from is not a second opinion on them.
          if (ownSource !== "pdf-text") delete workedOcr[ownSource as OcrReaderName];
          const skip = new Set(input.skipStages ?? []);
          const structureReadings = extraction.tables.length === 0 || skip.has("structure") ? [] : await readStructureOf(page, pageNumber, readings, extraction, workedOcr, hasTextLayer, settings, enabledReaders, timer, (reader, error) =>
                  failures.push({ page: pageNumber, stage: `structure:${reader}`, message: error.message }),
                );
          let emptySlots: EmptySlot[][] = [];
          if (pageOcr && readers) {
            stage = "ocr";
            // The cascade: the second family reads the cells in doubt, among them every cell a
            // structure reading is against (disputedCellBoxes: the structure vote's judgement of
            // the assembled tables, before the value vote).
            const ocrPage = pageOcr;
            const disputedBoxes = structureReadings.length === 0 ? [] : timer.run("structure-vote", () => disputedCellBoxes(extraction.tables, extraction.tableModels, readings.words, structureReadings));
            // On a scan the second family also reads the empty cells ocr-1 may have missed a mark in.
            if (!hasTextLayer) emptySlots = extraction.tables.map((table) => emptySlotsOf(table, settings));
            const extraScanBoxes = emptySlots.flat().map((slot) => slot.box);
            const failed = await timer.runAsync("ocr-cells", () =>
              readCellsInDoubt(readers, { page, pageNumber, fileSha256: input.fileSha256, cacheDir: input.cacheDir, pageOcr: ocrPage, tables: extraction.tables, disputedBoxes, scanned: !hasTextLayer, turn, extraScanBoxes }),
            );
            if (failed) failures.push({ page: pageNumber, stage: failed.reader, message: failed.error });
          }
          let figureVerdicts: ReturnType<typeof verifyFigure>[] | null = null;
          if ((pageOcr || vision) && !skip.has("reconcile")) {
            stage = "reconcile";
            // The vision readings of the cells (vision-grid and vision-arbiter calls included).
            const visionValues = vision ? await timer.runAsync("vision", () => vision.valueReadings(extraction.tables, frameOfVision.toWork, frameOfVision.toPage)) : null;
            // The OCR readings; the one the page's words came from (a scan's) is skipped by the
            // reconcilers as `ownSource`.
            const ocrPage = pageOcr;
            timer.run("reconcile", () => {
              const values = ocrPage ? ocrWordReadings(ocrPage.readings) : {};
              const proseBefore = extraction.prose;
              const tablesBefore = extraction.tables;
              // A sideways or upside-down page is voted on in its reading frame (words in order).
              const frame = extraction.frame ? { dir: extraction.frame.turn, size: [readings.width, readings.height] as [number, number] } : null;
              const voted = reconcileInFrame(
                frame,
                visionValues ? { ...values, ...visionValues } : values,
                ownSource,
                extraction.tables.map((table, i) => ({ table, bandBoxes: bandBoxes(table, extraction.tableModels[i] ?? null) })),
                extraction.prose,
              );
              extraction.tables = voted.tables;
              extraction.prose = voted.prose;
              if (visionValues) {
                // Vision readings are cells' readings: prose is voted on by the OCR readings alone,
                // and ocr_unsupported still says what OCR saw (nothing, when OCR is off).
                extraction.prose = ocrPage ? reconcileInFrame(frame, values, ownSource, [], proseBefore).prose : proseBefore;
                if (!ocrPage) extraction.tables = extraction.tables.map(({ ocr_unsupported: _flag, ...table }, i) => (tablesBefore[i]?.ocr_unsupported ? { ...table, ocr_unsupported: true as const } : table));
              }
              // A scan's tables neither OCR family reads alike are a chart's ink (scan/unread-tables.ts).
              const worked = ocrPage ? okReadings(ocrPage.readings) : {};
              if (!hasTextLayer && worked["ocr-1"] && worked["ocr-2"]) {
                const keep = readTableIndexes(extraction.tables, settings);
                // Empty cells the second family read a mark in hold it, on that one reading
                // (scan/empty-slots.ts; after the check above, which counts what both families read).
                const second = worked["ocr-2"].words;
                // A slot still empty whose image holds a mark: its neighbours are in doubt
                // (scan/unread-marks.ts).
                const grey = scanImage ? sharedGrey(scanImage) : null;
                const doubtMarks = (table: Table, slots: readonly EmptySlot[]) =>
                  grey && scanImage ? doubtNeighboursOfMarks(table, slotsWithUnreadMarks(table, slots, grey, scanImage, readings.graphics.rulings, settings)) : table;
                // A verified cell whose line holds ink beside its words that neither family read
                // may lack a mark both missed (scan/unread-ink.ts).
                const wordBoxes = readings.words.map((w) => w.box);
                const doubtInk = (table: Table) => (grey && scanImage ? doubtCellsBesideUnreadInk(table, grey, scanImage, wordBoxes, readings.graphics.rulings, settings) : table);
                // Numbered again so a page's table indexes stay 0, 1, 2...
                extraction.tables = keep.map((i, k) => {
                  const filled = fillEmptySlots(extraction.tables[i]!, emptySlots[i] ?? [], second);
                  // Tokens mixing letters and digits, and numbers off their column's format, both
                  // families may read alike and wrongly (scan/confusable-tokens.ts, scan/column-format.ts).
                  const doubted = doubtConfusableTokens(doubtInk(doubtMarks(filled, emptySlots[i] ?? [])));
                  // A disputed number shows the reading that makes a total add up (scan/column-sums.ts).
                  return { ...showReadingsThatAddUp(doubtOffFormatNumbers(doubted, settings), settings), index: k };
                });
                extraction.tableModels = keep.map((i) => extraction.tableModels[i]!);
              }
              const regions = ocrPage ? ocrNonTextRegions(ocrPage.readings) : null;
              if (regions) figureVerdicts = extraction.figures.map((figure) => verifyFigure(figure.box, figure.sources, regions));
            });
          }
          stage = "structure-vote";
          // The vision readers' grids (and re-reads) join the structure vote.
          if (vision && extraction.tables.length > 0 && !skip.has("structure")) structureReadings.push(...(await timer.runAsync("structure:vision", () => vision.structureReadings(frameOfVision.toWork))));
          const voted = skip.has("structure-vote")
            ? { tables: extraction.tables, verdicts: [] }
            : timer.run("structure-vote", () => reconcileStructure(extraction.tables, extraction.tableModels, readings.words, structureReadings));
          extraction.tables = voted.tables;
          // Everything above worked on the prepared scan (upright, deskewed); the result's boxes
          // are on the page as scanned.
          if (scanTransform) {
            extraction = extractionToPage(extraction, scanTransform);
            readings = { ...readings, width: size.width, height: size.height };
          }
          // The vision audit and reviewer judge the voted cells against the page image.
          if (vision && !skip.has("reconcile")) {
            const reviewedTables = await timer.runAsync("vision-review", () => vision.afterVote(extraction.tables, extraction));
            extraction = { ...extraction, tables: reviewedTables };
          }
          const first = extraction.tables[0];
          const startsPage = first !== undefined && !extraction.prose.some((p) => p.order < (first.order ?? 0) && p.role === "heading" && !announcesContinuation(p.text));
          timer.run("continuation", () => linkContinuation(tail, first, readings.height, startsPage, settings));
          const last = extraction.tables[extraction.tables.length - 1];
          tail = last
            ? {
                page: pageNumber,
                index: last.index,
                nCols: tableColumns(last),
                endsPage: !extraction.prose.some((p) => p.order > (last.order ?? 0) && p.bbox[1] < readings.height * 0.9 && !announcesContinuation(p.text)) && extraction.figures.every((f) => f.order < (last.order ?? 0)),
              }
            : null;
          stage = "figures";
          if (extraction.figures.length > 0 && !input.skipFigureCrops && !skip.has("crops")) {
            const crops = await timer.runAsync("crops", () => cropFigures(page, pageNumber, extraction.figures.map((f) => f.box), input.outputDir, settings.figureRenderScale));
            extraction.figures.forEach((figure, index) => {
              const crop = crops[index]!;
              const verdict = figureVerdicts?.[index];
              images.push({
                page: pageNumber,
                index,
                path: crop.path,
                confidence: verdict?.confidence ?? "unverified",
                bbox: figure.box.map((v) => round2(v)) as [number, number, number, number],
                order: figure.order,
                also_on: [],
                sources: verdict?.sources ?? figure.sources,
              });
              imageHashes.push(crop.sha256);
              const seen = cropPages.get(crop.sha256) ?? [];
              if (!seen.includes(pageNumber)) seen.push(pageNumber);
              cropPages.set(crop.sha256, seen);
            });
          }
          const entry: PageEntry = { page: pageNumber, width: round2(readings.width), height: round2(readings.height), ...(uncheckedReason ? { unchecked: true as const, reason: uncheckedReason } : {}) };
          pages.push(entry);
          tables.push(...extraction.tables);
          prose.push(...extraction.prose);
          addTimings(stageSeconds, timer.seconds);
          await input.onPage?.({ pageNumber, entry, readings, extraction, structure: { readings: structureReadings, verdicts: voted.verdicts }, timings: timer.seconds });
        } finally {
          page.cleanup();
        }
      } catch (error) {
        failures.push({ page: pageNumber, stage, message: (error as Error).message });
        pages.push({ page: pageNumber, width: round2(size.width), height: round2(size.height), unreadable: true, reason: `the page could not be read (${stage} failed)` });
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
      stageSeconds,
      pagesFailed: pages.filter((entry) => entry.unreadable).length,
      pagesUnchecked: pages.filter((entry) => entry.unchecked).length,
      failures,
      // The structure readers' and vote's settings change confidence too (structure/settings.ts).
      settingsVersion: `${SETTINGS_VERSION}/${STRUCTURE_SETTINGS_VERSION}`,
      ...(visionUsage ? { vision: visionUsage.summary() } : {}),
    };
  } finally {
    await opened.close();
    if (readers && ownsReaders) await readers.release();
  }
}

/** Why a page with a text layer went without any OCR reading (every engine failed, or the render
 * they share did), or null when at least one engine read it. The page is still delivered from its
 * text layer, whose values nothing confirmed (so nothing on it is verified), and is not charged:
 * what the customer pays for is a cross-checked page (README "Billing"). */
function everyOcrReadingFailed(pageOcr: PageOcr): string | null {
  const outcomes = Object.values(pageOcr.readings);
  const errors = outcomes.flatMap((outcome) => (outcome && isOcrFailure(outcome) ? [outcome.error] : []));
  if (outcomes.length === 0 || errors.length < outcomes.length) return null;
  return `every OCR reading of the page failed (${[...new Set(errors)].join("; ")}): delivered from the text layer alone, unchecked and not charged`;
}

/** Every structure reading of the page. A page read in a turned frame (sideways text) is read by
 * the segmentation readers and the OCR lines (the engines read such a page in that frame too) in
 * that frame, and their proposals turned back onto the page; the tags, which know no frame, give
 * no opinion there. */
async function readStructureOf(
  page: Parameters<typeof renderForRulings>[0],
  pageNumber: number,
  readings: PageReadings,
  extraction: PageExtraction,
  ocr: Partial<Record<OcrReaderName, OcrPageReading>>,
  hasTextLayer: boolean,
  settings: Settings,
  enabled: readonly StructureSource[],
  timer: StageTimer,
  onError: (reader: StructureSource, error: Error) => void,
): Promise<StructureReading[]> {
  const frame = extraction.frame;
  if (!frame) {
    const context = { pageNumber, words: readings.words, graphics: readings.graphics, detected: extraction.debug, tableRegions: extraction.tableModels.map((m) => m.box), ocr, page: hasTextLayer ? page : null, wordsFromOcr: !hasTextLayer, settings };
    return readStructure(context, { enabled, timer, onError });
  }
  const size: [number, number] = [readings.width, readings.height];
  const back = (b: Box): Box => boxToPage(b, frame.turn, size);
  // The OCR engines read a turned page in its reading frame (ocr/reading-frame.ts), so their
  // detected lines follow its text: turned into the frame with the words, read there, turned back.
  const framedOcr: Partial<Record<OcrReaderName, OcrPageReading>> = {};
  for (const [name, reading] of Object.entries(ocr) as [OcrReaderName, OcrPageReading][]) {
    framedOcr[name] = { ...reading, words: reading.words.map((word) => ({ ...word, bbox: boxToFrame(word.bbox, frame.turn, size) })) };
  }
  const context = { pageNumber, words: frame.readings.words, graphics: frame.readings.graphics, detected: frame.debug, tableRegions: frame.tableRegions, ocr: framedOcr, page: null, wordsFromOcr: !hasTextLayer, settings };
  return (await readStructure(context, { enabled, timer, onError })).map((reading) =>
    reading.kind === "tables"
      ? { ...reading, tables: reading.tables.map((m) => ({ ...m, box: back(m.box), cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })) })) }
      : { ...reading, fragments: reading.fragments.map((f) => ({ ...f, box: back(f.box), ...(f.words ? { words: f.words.map(back) } : {}) })) },
  );
}

/** The OCR readings that worked on a page. */
function okReadings(readings: PageOcr["readings"]): Partial<Record<OcrReaderName, OcrPageReading>> {
  const out: Partial<Record<OcrReaderName, OcrPageReading>> = {};
  for (const [name, outcome] of Object.entries(readings) as [OcrReaderName, PageOcr["readings"][OcrReaderName]][]) {
    if (outcome && !isOcrFailure(outcome)) out[name] = outcome;
  }
  return out;
}

/** A scanned page's readings rebuilt from the page image: words from ocr-1 (Tesseract gives word
 * boxes; PaddleOCR's are cut from lines) or, when it failed, ocr-2; rulings from the render. The
 * other OCR reading stays independent and verifies the values in the reconciler. */
async function scannedReadings(
  page: Parameters<typeof renderForRulings>[0],
  pageNumber: number,
  base: PageReadings,
  pageOcr: PageOcr,
  settings: Settings,
): Promise<{ readings: PageReadings; ownSource: OcrReaderName; transform: ScanTransform | null; image: PageRender }> {
  // The first reading that worked (the caller checked there is one).
  const [ownSource, reading] = (["ocr-1", "ocr-2"] as const)
    .map((name) => [name, pageOcr.readings[name]] as const)
    .find((entry): entry is readonly [OcrReaderName, OcrPageReading] => entry[1] !== undefined && !isOcrFailure(entry[1]))!;
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
  const graphics = { ...own, rulings: [...own.rulings, ...raster, ...typed] };
  const size = transform ? { width: transform.widthPt, height: transform.heightPt } : {};
  return { readings: { ...base, ...size, words, graphics }, ownSource, transform, image: render };
}
