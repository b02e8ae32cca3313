// The OCR readings of one page: served from the cache when possible, otherwise the engines read
// the same render. readPage reads whole pages (both engines, or only the first engine when the
// cascade will ask the second about the cells in doubt: readCells, see cascade.ts). One engine
// failing is recorded and the other's reading returned.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { renderPageForOcr, type PageRender } from "../render/render-page";
import { readOcrCache, writeOcrCache, type OcrCacheDir } from "./ocr-cache";
import type { LegacyTesseract } from "./legacy-tesseract";
import { LEGACY_READ_VERSION, OCR_SETTINGS, OCR_SETTINGS_VERSION } from "./settings";
import { textLayerLineBoxes } from "./paddle/text-layer-lines";
import { OcrPool, type OcrPoolOptions } from "./pool/ocr-pool";
import { DEFAULT_ENGINES, FIRST_ENGINE, OCR_ENGINES, SCAN_FIRST_ENGINE, SCRIPT_READER } from "./engines";
import type { EngineFactory, PageOcrEngine } from "./engine-types";
import { OCR_ENGINE_NAMES, perEngine } from "../../../lib/ocr/engine-names";
import { getEnv } from "../../../lib/env";
import { applyScanTransform, prepareScan, prepareScanTurned, type ScanTransform } from "../scan/prepare-scan";
import { SCAN_PREP_VERSION } from "../scan/settings";
import { isReadSideways, quarterTurnsToTry } from "../scan/quarter-turn-check";
import { confidentShare, halfTurned, isWorthTurningOver } from "../scan/half-turn-check";
import { SCAN_REREADS, type CropsRead, type ScanReread } from "../scan/scan-rereads";
import type { Direction, Word as PageWord } from "../types";
import { READING_FRAME_VERSION, readingToPage, renderToFrame } from "./reading-frame";
import { boxToFrame } from "../geometry/page-orientation";
import type { OcrOutcome, OcrPageReading, OcrEngineName, Word } from "./types";
import type { BBox } from "../../../lib/result/schema";
import { isCentreIn } from "../geometry/box";
import { cropsToRead, wordsOfCrops, withCropsRead } from "./crop-words";

export type { EngineFactory, PageOcrEngine };
export { DEFAULT_ENGINES };

export interface ReadPageOcrInput {
  /** The page to read: an open pdf.js page (rendered only if some reading is not cached) or a
   * render the caller already made (it is then shared, e.g. with figure crops). */
  page: PDFPageProxy | PageRender;
  pageNumber: number;
  /** sha256 of the PDF (64 lowercase hex digits): the cache key. */
  fileSha256: string;
  /** Cache directory (or store), or null for no cache. */
  cacheDir: OcrCacheDir | null;
  /** "all" (default): every engine reads the whole page (pages without a text layer). "first":
   * only the first engine (FIRST_ENGINE, when it runs); the second then reads only the cells in
   * doubt (readCells). If the first engine fails on the page, the second reads the whole page. */
  engines?: "all" | "first";
  /** A scanned page (no text layer): the engines read it prepared for OCR (turned upright,
   * deskewed, levels stretched: scan/prepare-scan.ts), their words on the prepared page;
   * every reading carries the transform back to the original page. */
  prepareScan?: boolean;
  /** A page with a text layer whose text reads in this direction (geometry/page-orientation.ts
   * readingTurn): the engines read the render turned into that reading frame, and their boxes are
   * turned back onto the page (ocr/reading-frame.ts). */
  turn?: Direction;
  /** The page's text layer (upright pages): an engine that can (ocr-2) reads the page on line
   * crops cut from these words instead of detecting lines, when no ink lies outside them
   * (OCR_SETTINGS.textLayerLines; paddle/text-layer-lines.ts, paddle/unexplained-ink.ts). */
  textLayerWords?: readonly PageWord[];
}

/** Cache variant of whole-page readings taken with the text layer's line crops allowed: the
 * reading differs from a detected one, so it never shares the detected reading's key. Bump it
 * with any value of OCR_SETTINGS.textLayerLines that changes which pages are read so, or how;
 * the suffix of the quantised recognition with its weight levels or a new calibration
 * (paddle/rec-int8-ranges.json). */
export const TEXT_LINES_VERSION = OCR_SETTINGS.paddle.quantisedLineRecognition.enabled
  ? `text-lines-1.int8-2-w${OCR_SETTINGS.paddle.quantisedLineRecognition.weightLevels}`
  : "text-lines-1";

/** Version of the cached crop readings (readCells): the page readings' version plus the crop
 * settings, so a change to either re-reads. */
// cells-2: each cached word names the crop it was read from (crop-words.ts).
export const CELL_READINGS_VERSION = `${OCR_SETTINGS_VERSION}.cells-2`;

/** Version of the cached readings of scanned pages, which engines read prepared (prepare-scan.ts). */
export const SCANNED_PAGE_VERSION = `${OCR_SETTINGS_VERSION}.${SCAN_PREP_VERSION}`;

export interface ReadCellsInput {
  page: PDFPageProxy | PageRender;
  pageNumber: number;
  fileSha256: string;
  cacheDir: OcrCacheDir | null;
  /** The page's readings from readPage({ engines: "first" }); the second engine's crop reading
   * is added to it (and its render reused, or kept for later stages). */
  pageOcr: PageOcr;
  /** Cells to read, PDF points. */
  boxes: readonly BBox[];
  /** The reading direction of the page's text (ReadPageOcrInput.turn): read in that frame. */
  turn?: Direction;
}

export interface PageOcr {
  /** One outcome per engine this OcrEngines runs (both by default). */
  readings: Partial<Record<OcrEngineName, OcrOutcome>>;
  /** The render the engines read (on a scan: the prepared one), or null when every reading came
   * from the cache. */
  render: PageRender | null;
}

export interface OcrEngineStats {
  /** Pages each engine actually read (cache misses). */
  engineRuns: Record<OcrEngineName, number>;
  /** Times each engine was loaded (once, unless it failed and was loaded again). */
  engineLoads: Record<OcrEngineName, number>;
  cacheHits: number;
  /** Crop readings (readCells) each engine ran, and how many crops they held. */
  cropRuns: Record<OcrEngineName, number>;
  cropsRead: Record<OcrEngineName, number>;
  /** Wall seconds each engine spent reading (pages and crops; cache hits excluded): the worker's
   * pdftables_ocr_seconds_total. */
  engineSeconds: Record<OcrEngineName, number>;
}

export function emptyOcrStats(): OcrEngineStats {
  const zero = () => perEngine(() => 0);
  return { engineRuns: zero(), engineLoads: zero(), cacheHits: 0, cropRuns: zero(), cropsRead: zero(), engineSeconds: zero() };
}

/** Adds `more` into `total` (stats of pipeline processes since replaced, worker/jobs/page-host.ts).
 * Fields `more` lacks (stats from an older process) count as zero. */
export function addOcrStats(total: OcrEngineStats, more: Partial<OcrEngineStats>): void {
  total.cacheHits += more.cacheHits ?? 0;
  for (const field of ["engineRuns", "engineLoads", "cropRuns", "cropsRead", "engineSeconds"] as const) {
    for (const name of OCR_ENGINE_NAMES) total[field][name] += more[field]?.[name] ?? 0;
  }
}

/** Loads each engine on first use and keeps it for the next pages (and, in the worker, the next
 * jobs); call release() at the end. An engine that fails to load or to read a page is dropped and
 * loaded afresh for the next page, so one crash of a Tesseract worker thread or an ONNX session
 * does not fail every later page of a long-lived OcrEngines. The engines run are the keys of
 * `factories` (OCR_ENGINES can switch one off). */
export class OcrEngines {
  readonly stats: OcrEngineStats = emptyOcrStats();
  readonly names: readonly OcrEngineName[];
  private readonly engines = new Map<OcrEngineName, Promise<PageOcrEngine>>();

  constructor(private readonly factories: Partial<Record<OcrEngineName, EngineFactory>> = DEFAULT_ENGINES) {
    this.names = OCR_ENGINE_NAMES.filter((name) => factories[name] !== undefined);
  }

  /** The pool the engines run in, when made by withEngines (released with this OcrEngines). */
  pool: OcrPool | null = null;

  /** The real engines, restricted to `names`, running in a pool of OCR threads (OCR_THREADS
   * threads, OCR_THREAD_HEAP_MB each, unless given). */
  static withEngines(names: readonly OcrEngineName[], options: Partial<OcrPoolOptions> = {}): OcrEngines {
    const env = options.threads && options.heapMb ? null : getEnv();
    const pool = new OcrPool({ threads: options.threads ?? env!.OCR_THREADS, heapMb: options.heapMb ?? env!.OCR_THREAD_HEAP_MB });
    // An engine without a pooled form runs in process (engines.ts).
    const pooled = (name: OcrEngineName): EngineFactory => {
      const entry = OCR_ENGINES[name];
      return entry.pooled ? () => entry.pooled!(pool) : entry.load;
    };
    const readers = new OcrEngines(Object.fromEntries(names.map((name) => [name, pooled(name)])));
    readers.pool = pool;
    return readers;
  }

  /** The engine read in full on pages with a text layer (FIRST_ENGINE when it runs). */
  get firstEngine(): OcrEngineName | null {
    return this.firstEngineFor(false);
  }

  /** The engine that reads only the cells in doubt, or null when only one engine runs. */
  get secondEngine(): OcrEngineName | null {
    return this.secondEngineFor(false);
  }

  /** On a scan the first engine is SCAN_FIRST_ENGINE: the page's words (and so its structure)
   * come from it, and the second reads every cell. */
  firstEngineFor(scanned: boolean): OcrEngineName | null {
    const preferred = scanned ? SCAN_FIRST_ENGINE : FIRST_ENGINE;
    return this.names.includes(preferred) ? preferred : (this.names[0] ?? null);
  }

  secondEngineFor(scanned: boolean): OcrEngineName | null {
    return this.names.find((name) => name !== this.firstEngineFor(scanned)) ?? null;
  }

  async readPage(input: ReadPageOcrInput): Promise<PageOcr> {
    const scanned = input.prepareScan === true;
    const firstName = this.firstEngineFor(scanned);
    const secondName = this.secondEngineFor(scanned);
    if (input.engines === "first" && firstName && secondName) {
      let first = await this.readPageWith([firstName], input);
      if (scanned) {
        first = await this.halfTurnedIfBetter(await this.quarterTurnedIfSideways(first, firstName, input), firstName, input);
        for (const step of SCAN_REREADS) first = await this.withReread(first, firstName, input, step);
      }
      if (!("error" in (first.readings[firstName] ?? { error: "" }))) return first;
      // The first engine failed: the second reads the whole page instead of crops.
      const second = await this.readPageWith([secondName], input);
      return { readings: { ...first.readings, ...second.readings }, render: second.render ?? first.render };
    }
    return this.readPageWith(this.names, input);
  }

  /** Adds the second engine's reading of `boxes` (the cells in doubt) to `input.pageOcr`; cached
   * per page under CELL_READINGS_VERSION with the boxes it covers, so a repeat reads only boxes it
   * has not read before. Returns the outcome (null when there is nothing to read). */
  async readCells(input: ReadCellsInput): Promise<OcrOutcome | null> {
    const scanTransform = scanTransformOf(input.pageOcr);
    const engine = this.secondEngineFor(scanTransform !== undefined);
    if (!engine || input.boxes.length === 0 || input.pageOcr.readings[engine] !== undefined) return null;
    const started = performance.now();
    const turn = scanTransform ? 0 : (input.turn ?? 0);
    const cellsVersion = turn !== 0 ? `${CELL_READINGS_VERSION}.${READING_FRAME_VERSION}-${turn}` : CELL_READINGS_VERSION;
    const key = {
      fileSha256: input.fileSha256,
      pageNumber: input.pageNumber,
      engine,
      settingsVersion: scanTransform ? `${SCANNED_PAGE_VERSION}.cells-1` : cellsVersion,
    };
    const cached = input.cacheDir ? await readOcrCache(input.cacheDir, key) : null;
    const missing = cropsToRead(input.boxes, cached?.cropsRead);
    let entry = withCropsRead(cached, [], []);
    let dpi = cached?.dpi ?? 0;
    if (missing.length > 0) {
      let render: PageRender;
      try {
        render = input.pageOcr.render ?? (await pageRender(input));
        // A scan's first reading came from the cache: the crops are cut from the same prepared page.
        if (!input.pageOcr.render && scanTransform) render = applyScanTransform(render, scanTransform);
      } catch (error) {
        return (input.pageOcr.readings[engine] = { error: `render failed: ${messageOf(error)}` });
      }
      input.pageOcr.render = render;
      // A turned page's cells are read in its reading frame, like the whole page (reading-frame.ts).
      const sizePt: [number, number] = [render.widthPt, render.heightPt];
      let outcome = await this.runEngine(
        engine,
        renderToFrame(render, turn),
        turn === 0 ? missing : missing.map((box) => boxToFrame(box, turn, sizePt)),
      );
      if (!("error" in outcome)) outcome = readingToPage(outcome, turn, sizePt);
      if ("error" in outcome) return (input.pageOcr.readings[engine] = outcome);
      entry = withCropsRead(cached, missing, outcome.words);
      dpi = render.dpi;
      if (input.cacheDir) {
        const stored: OcrPageReading = {
          ...entry,
          nonTextRegions: [],
          dpi,
          seconds: outcome.seconds,
          fromCache: false,
          ...(scanTransform ? { scanTransform } : {}),
        };
        await writeOcrCache(input.cacheDir, key, stored).catch(() => undefined);
      }
    } else {
      this.stats.cacheHits += 1;
    }
    const reading: OcrPageReading = {
      words: wordsOfCrops(entry, input.boxes),
      nonTextRegions: [],
      dpi,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      fromCache: missing.length === 0,
      cropsRead: [...input.boxes],
      ...(scanTransform ? { scanTransform } : {}),
    };
    input.pageOcr.readings[engine] = reading;
    return reading;
  }

  /** Cells whose text stands on end (a column heading set bottom to top): the page was read
   * upright, where such text is junk ("c 2 8 gS £"), so the cells are read again, cropped, in the
   * text's own direction `turn`, by the engine that reads crops (the second; the first when it
   * runs alone). On a scan that is the engine that did not give the page's words, reading the
   * prepared page (the first engine's own turned reading is the page's words:
   * scan/standing-lines.ts). Cached per page and turn with the boxes read, like readCells; words
   * in page coordinates (a scan's: the prepared page's). Null when no engine runs or it failed. */
  async readStandingCells(
    input: Omit<ReadCellsInput, "turn"> & { turn: Direction },
  ): Promise<{ engine: OcrEngineName; words: Word[] } | null> {
    const scanTransform = scanTransformOf(input.pageOcr);
    const engine = this.secondEngineFor(scanTransform !== undefined) ?? this.firstEngineFor(false);
    if (!engine || input.boxes.length === 0 || input.turn === 0) return null;
    const turn = input.turn;
    const version = scanTransform ? `${SCANNED_PAGE_VERSION}.cells-1` : CELL_READINGS_VERSION;
    return this.readCropsCached(engine, `${version}.standing-${READING_FRAME_VERSION}-${turn}`, input, async (render, missing) => {
      const sizePt: [number, number] = [render.widthPt, render.heightPt];
      const outcome = await this.runEngine(
        engine,
        renderToFrame(render, turn),
        missing.map((box) => boxToFrame(box, turn, sizePt)),
      );
      return "error" in outcome ? outcome : readingToPage(outcome, turn, sizePt);
    });
  }

  /** The cells `input.boxes` (PDF points; text-layer values in one script, script-languages.ts)
   * read by the engine that has a model of `language` (SCRIPT_READER), as crops of the upright
   * page: one word per cell holding its text. Cached per page and language with the boxes read.
   * Null when that engine is not run here, or the render or the reading failed. */
  async readScriptCells(
    input: Omit<ReadCellsInput, "turn"> & { language: string },
  ): Promise<{ engine: OcrEngineName; words: Word[] } | null> {
    const engine = SCRIPT_READER;
    if (!this.names.includes(engine) || input.boxes.length === 0) return null;
    return this.readCropsCached(engine, `${CELL_READINGS_VERSION}.script-${input.language}`, input, (render, missing) =>
      this.runEngine(engine, render, missing, input.language),
    );
  }

  /** Cells holding only a mark that the first engine's detector passed over on an upright page
   * with a text layer (missed-marks.ts), read by the first engine as crops: recognition without
   * detection. Cached per page with the boxes read; null when it is not run or failed. */
  async readMissedMarks(input: Omit<ReadCellsInput, "turn">): Promise<{ engine: OcrEngineName; words: Word[] } | null> {
    const engine = this.firstEngineFor(false);
    if (!engine || input.boxes.length === 0) return null;
    // marks-2: a mark read below the line score is settled by its ink (readMarks).
    return this.readCropsCached(engine, `${CELL_READINGS_VERSION}.marks-2`, input, (render, missing) =>
      this.runEngine(engine, render, missing, undefined, undefined, true),
    );
  }

  /** Tesseract's legacy classifier (legacy-tesseract.ts), made on the first tie to break. */
  private legacy: Promise<LegacyTesseract> | null = null;

  /** The cells `input.boxes` (PDF points) of a scan's prepared page read by Tesseract's legacy
   * classifier, each as its own crop: the third reading of a cell the two engines read
   * differently (scan/tie-break.ts). Cached per page with the boxes read, under ocr-1's name (it
   * is Tesseract) and a version of its own; its crops and seconds count in ocr-1's stats (its
   * loads do not: engineLoads tells a failing engine). Null when it failed. */
  async readTieBreakCells(input: Omit<ReadCellsInput, "turn">): Promise<Word[] | null> {
    if (input.boxes.length === 0) return [];
    const engine: OcrEngineName = "ocr-1";
    const read = await this.readCropsCached(engine, `${CELL_READINGS_VERSION}.${LEGACY_READ_VERSION}`, input, async (render, missing) => {
      const started = performance.now();
      try {
        this.legacy ??= import("./legacy-tesseract").then(({ LegacyTesseract }) => LegacyTesseract.create());
        const words = await (await this.legacy).readCells(render, missing);
        const seconds = Math.round((performance.now() - started) / 10) / 100;
        this.stats.cropRuns[engine] += 1;
        this.stats.cropsRead[engine] += missing.length;
        this.stats.engineSeconds[engine] += seconds;
        return { words, nonTextRegions: [], dpi: render.dpi, seconds, fromCache: false };
      } catch (error) {
        // Made again for the next page rather than remembered.
        const failed = this.legacy;
        this.legacy = null;
        void failed?.then((loaded) => loaded.release()).catch(() => undefined);
        return { error: `ocr-3 failed: ${messageOf(error)}` };
      }
    });
    return read?.words ?? null;
  }

  /** `engine`'s reading of `input.boxes` under the cache version `settingsVersion`: the boxes the
   * cache has not read yet are read by `read` on the page's render (made now if no reading made
   * one), added to the cache entry, and the words inside the boxes returned. Null when the render
   * or the reading failed. */
  private async readCropsCached(
    engine: OcrEngineName,
    settingsVersion: string,
    input: Omit<ReadCellsInput, "turn">,
    read: (render: PageRender, missing: BBox[]) => Promise<OcrOutcome>,
  ): Promise<{ engine: OcrEngineName; words: Word[] } | null> {
    const key = { fileSha256: input.fileSha256, pageNumber: input.pageNumber, engine, settingsVersion };
    const cached = input.cacheDir ? await readOcrCache(input.cacheDir, key) : null;
    const missing = cropsToRead(input.boxes, cached?.cropsRead);
    let entry = withCropsRead(cached, [], []);
    if (missing.length > 0) {
      let render: PageRender;
      try {
        render = input.pageOcr.render ?? (await pageRender(input));
        // A scan's first reading came from the cache: the crops are cut from the same prepared page.
        const scanTransform = scanTransformOf(input.pageOcr);
        if (!input.pageOcr.render && scanTransform) render = applyScanTransform(render, scanTransform);
      } catch {
        return null;
      }
      input.pageOcr.render = render;
      const outcome = await read(render, missing);
      if ("error" in outcome) return null;
      entry = withCropsRead(cached, missing, outcome.words);
      if (input.cacheDir) {
        const stored: OcrPageReading = {
          ...entry,
          nonTextRegions: [],
          dpi: render.dpi,
          seconds: outcome.seconds,
          fromCache: false,
        };
        await writeOcrCache(input.cacheDir, key, stored).catch(() => undefined);
      }
    } else {
      this.stats.cacheHits += 1;
    }
    return { engine, words: wordsOfCrops(entry, input.boxes) };
  }

  /** On a scan, `engine`'s reading of the whole prepared page: the image the first engine read
   * (`render`, prepared with `transform`), so the words are in the same coordinates as the page's.
   * It is the second engine's own segmentation of the page into words (the cascade's crops are cut
   * at the first engine's lines and the delivered cells, so their words cannot cross those), for a
   * structure reading made from other words than the page's (structure/pdf-model). Cached under its
   * own key per turn of the prepared page; null when the engine failed. */
  async readScanPage(
    engine: OcrEngineName,
    input: { pageNumber: number; fileSha256: string; cacheDir: OcrCacheDir | null },
    render: PageRender,
    transform: ScanTransform,
  ): Promise<OcrPageReading | null> {
    const key = {
      fileSha256: input.fileSha256,
      pageNumber: input.pageNumber,
      engine,
      settingsVersion: `${SCANNED_PAGE_VERSION}.page-words-q${transform.quarterTurns}`,
    };
    const cached = input.cacheDir ? await readOcrCache(input.cacheDir, key) : null;
    if (cached) {
      this.stats.cacheHits += 1;
      return cached;
    }
    const outcome = await this.runEngine(engine, render);
    if ("error" in outcome) return null;
    const reading: OcrPageReading = { ...outcome, scanTransform: transform };
    if (input.cacheDir) await writeOcrCache(input.cacheDir, key, reading).catch(() => undefined);
    return reading;
  }

  /** A scan `engine` read with its word boxes standing on end was turned a quarter turn wrong
   * (scan/quarter-turn-check.ts): it is read again a quarter turn either way, and the first
   * reading of lying words with at least as many confident characters is kept. */
  private async quarterTurnedIfSideways(pageOcr: PageOcr, engine: OcrEngineName, input: ReadPageOcrInput): Promise<PageOcr> {
    const reading = pageOcr.readings[engine];
    if (!reading || "error" in reading || !reading.scanTransform || !isReadSideways(reading.words)) return pageOcr;
    // The page as rendered, made once for both turns (only when a turn is not cached).
    let page: Promise<PageRender> | null = null;
    for (const quarterTurns of quarterTurnsToTry(reading.scanTransform)) {
      const other = await this.readPrepared(engine, input, `quarter-turn-q${quarterTurns}`, async () =>
        prepareScanTurned(await (page ??= pageRender(input)), quarterTurns),
      );
      if (!other) return pageOcr;
      if (!isReadSideways(other.reading.words) && confidentShare(other.reading.words) >= confidentShare(reading.words)) {
        return { readings: { ...pageOcr.readings, [engine]: other.reading }, render: other.render };
      }
    }
    return pageOcr;
  }

  /** A scan `engine` read with few confident characters is read again turned half a turn; the
   * reading with more of them is kept (scan/half-turn-check.ts). */
  private async halfTurnedIfBetter(pageOcr: PageOcr, engine: OcrEngineName, input: ReadPageOcrInput): Promise<PageOcr> {
    const reading = pageOcr.readings[engine];
    if (!reading || "error" in reading || !reading.scanTransform || !isWorthTurningOver(reading.words, reading.scanTransform))
      return pageOcr;
    const transform = halfTurned(reading.scanTransform);
    const other = await this.readPrepared(engine, input, "half-turn", async () => ({
      render: applyScanTransform(await pageRender(input), transform),
      transform,
    }));
    if (!other || confidentShare(other.reading.words) <= confidentShare(reading.words)) return pageOcr;
    return { readings: { ...pageOcr.readings, [engine]: other.reading }, render: other.render };
  }

  /** `engine`'s reading of the scan prepared another way than the orientation guess gave (`prepare`),
   * cached under its own key (`variant`), so the first reading's cache stays what it was. The render
   * is null after a cache hit; null for the whole when the render or the engine failed (the caller
   * keeps the reading it has). */
  private async readPrepared(
    engine: OcrEngineName,
    input: ReadPageOcrInput,
    variant: string,
    prepare: () => Promise<{ render: PageRender; transform: ScanTransform }>,
  ): Promise<{ reading: OcrPageReading; render: PageRender | null } | null> {
    const key = {
      fileSha256: input.fileSha256,
      pageNumber: input.pageNumber,
      engine,
      settingsVersion: `${SCANNED_PAGE_VERSION}.${variant}`,
    };
    const cached = input.cacheDir ? await readOcrCache(input.cacheDir, key) : null;
    if (cached) {
      this.stats.cacheHits += 1;
      return { reading: cached, render: null };
    }
    let prepared: { render: PageRender; transform: ScanTransform };
    try {
      prepared = await prepare();
    } catch {
      return null;
    }
    const outcome = await this.runEngine(engine, prepared.render);
    if ("error" in outcome) return null;
    const reading = { ...outcome, scanTransform: prepared.transform };
    if (input.cacheDir) await writeOcrCache(input.cacheDir, key, reading).catch(() => undefined);
    return { reading, render: prepared.render };
  }

  /** A scan's `engine` reading with one of the scan's re-reads (scan/scan-rereads.ts) put in: its
   * crops read again by the same engine. What they read is cached under the step's own key with
   * the crops (an empty list too), so the page reading's cache stays what it was and a repeat
   * needs no render. A failure of the render or the engine leaves the reading as it was. */
  private async withReread(pageOcr: PageOcr, engine: OcrEngineName, input: ReadPageOcrInput, step: ScanReread): Promise<PageOcr> {
    const reading = pageOcr.readings[engine];
    if (!reading || "error" in reading || !reading.scanTransform) return pageOcr;
    if (step.worthLooking && !step.worthLooking(reading.words)) return pageOcr;
    // Keyed by the turn too: the page may have been read again half a turn more (halfTurnedIfBetter).
    const key = {
      fileSha256: input.fileSha256,
      pageNumber: input.pageNumber,
      engine,
      settingsVersion: `${SCANNED_PAGE_VERSION}.${step.version}-q${reading.scanTransform.quarterTurns}`,
    };
    const cached = input.cacheDir ? await readOcrCache(input.cacheDir, key) : null;
    let read: CropsRead;
    if (cached) {
      this.stats.cacheHits += 1;
      read = { words: cached.words, crops: cached.cropsRead ?? [] };
    } else {
      const started = performance.now();
      let render: PageRender;
      try {
        // The prepared page to look at; the page's own render (null after a cache hit) is what the
        // pipeline goes on with, so a cached page finds its rulings as before (run-pipeline.ts).
        render = pageOcr.render ?? applyScanTransform(await pageRender(input), reading.scanTransform);
        read = await step.read(render, reading.words, async (image, crops) => {
          const outcome = await this.runEngine(engine, image, crops);
          if ("error" in outcome) throw new Error(outcome.error);
          return outcome.words;
        });
      } catch {
        return pageOcr;
      }
      if (input.cacheDir) {
        const stored: OcrPageReading = {
          words: read.words,
          nonTextRegions: [],
          dpi: render.dpi,
          seconds: Math.round((performance.now() - started) / 10) / 100,
          fromCache: false,
          cropsRead: read.crops,
        };
        await writeOcrCache(input.cacheDir, key, stored).catch(() => undefined);
      }
    }
    const words = step.apply(reading.words, read);
    return { ...pageOcr, readings: { ...pageOcr.readings, [engine]: { ...reading, words } } };
  }

  private async readPageWith(names: readonly OcrEngineName[], input: ReadPageOcrInput): Promise<PageOcr> {
    // Scans are read prepared (upright, deskewed, levelled): a different image, so a different cache key.
    const turn = input.prepareScan ? 0 : (input.turn ?? 0);
    const lineSettings = OCR_SETTINGS.textLayerLines;
    const lines =
      lineSettings.enabled && !input.prepareScan && turn === 0 && input.textLayerWords && input.textLayerWords.length > 0
        ? textLayerLineBoxes(input.textLayerWords, lineSettings)
        : undefined;
    const settingsVersion = input.prepareScan
      ? SCANNED_PAGE_VERSION
      : turn !== 0
        ? `${OCR_SETTINGS_VERSION}.${READING_FRAME_VERSION}-${turn}`
        : lines
          ? `${OCR_SETTINGS_VERSION}.${TEXT_LINES_VERSION}`
          : undefined;
    const cacheKey = (engine: OcrEngineName) => ({ fileSha256: input.fileSha256, pageNumber: input.pageNumber, engine, settingsVersion });
    const cached = await Promise.all(
      names.map((engine) => (input.cacheDir ? readOcrCache(input.cacheDir, cacheKey(engine)) : Promise.resolve(null))),
    );
    const readings: Partial<Record<OcrEngineName, OcrOutcome>> = {};
    const missing: OcrEngineName[] = [];
    names.forEach((engine, i) => {
      const hit = cached[i];
      if (hit) {
        readings[engine] = hit;
        this.stats.cacheHits += 1;
      } else {
        missing.push(engine);
      }
    });
    if (missing.length === 0) return { readings, render: null };

    let render: PageRender;
    let scanTransform: ScanTransform | undefined;
    try {
      render = await pageRender(input);
      if (input.prepareScan) ({ render, transform: scanTransform } = prepareScan(render));
    } catch (error) {
      // Without pixels neither engine can read: both failures are recorded.
      for (const engine of missing) readings[engine] = { error: `render failed: ${messageOf(error)}` };
      return { readings, render: null };
    }
    // The engines read a turned page in its reading frame; the page render is what the caller
    // keeps (figure checks and the cascade's crops work on the page as displayed).
    const pageSizePt: [number, number] = [render.widthPt, render.heightPt];
    const readable = renderToFrame(render, turn);
    await Promise.all(
      missing.map(async (engine) => {
        let outcome = await this.runEngine(engine, readable, undefined, undefined, lines);
        if (!("error" in outcome)) outcome = readingToPage(outcome, turn, pageSizePt);
        if (scanTransform && !("error" in outcome)) outcome.scanTransform = scanTransform;
        readings[engine] = outcome;
        if (input.cacheDir && !("error" in outcome)) {
          await writeOcrCache(input.cacheDir, cacheKey(engine), outcome).catch(
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
    const legacy = this.legacy;
    this.legacy = null;
    await legacy?.then((loaded) => loaded.release()).catch(() => undefined);
    await Promise.all(engines.map(async (engine) => (await engine.catch(() => null))?.release()));
    await this.pool?.release();
  }

  /** Runs one engine on the whole page, or on `crops` (PDF points) only (as missed marks when
   * `marks`: the engine's readMarks). */
  private async runEngine(
    engine: OcrEngineName,
    render: PageRender,
    crops?: readonly BBox[],
    language?: string,
    lines?: readonly BBox[],
    marks = false,
  ): Promise<OcrOutcome> {
    const started = performance.now();
    let instance = this.engines.get(engine);
    try {
      if (!instance) {
        const factory = this.factories[engine];
        if (!factory) throw new Error("engine not configured");
        instance = factory();
        this.engines.set(engine, instance);
        this.stats.engineLoads[engine] += 1;
      }
      const loaded = await instance;
      let words: Word[];
      let nonTextRegions: BBox[] = [];
      let linesFrom: OcrPageReading["linesFrom"];
      if (crops && language) {
        if (!loaded.readCropsIn) throw new Error(`the engine has no model of language ${language}`);
        words = await loaded.readCropsIn(render, crops, language);
        this.stats.cropRuns[engine] += 1;
        this.stats.cropsRead[engine] += crops.length;
      } else if (crops) {
        words =
          marks && loaded.readMarks
            ? await loaded.readMarks(render, crops)
            : loaded.readCrops
              ? await loaded.readCrops(render, crops)
              : (await loaded.readPage(render)).words.filter((word) => crops.some((box) => isCentreIn(word.bbox, box)));
        this.stats.cropRuns[engine] += 1;
        this.stats.cropsRead[engine] += crops.length;
      } else {
        const onLines =
          lines && loaded.readLines ? await loaded.readLines(render, lines, OCR_SETTINGS.textLayerLines.maxUnexplainedInkPixels) : null;
        if (onLines) linesFrom = "text-layer";
        ({ words, nonTextRegions } = onLines ?? (await loaded.readPage(render)));
        this.stats.engineRuns[engine] += 1;
      }
      const reading: OcrPageReading = {
        words,
        nonTextRegions,
        dpi: render.dpi,
        seconds: Math.round((performance.now() - started) / 10) / 100,
        fromCache: false,
        ...(linesFrom ? { linesFrom } : {}),
      };
      this.stats.engineSeconds[engine] += reading.seconds;
      return reading;
    } catch (error) {
      // Retried on the next page with a freshly loaded engine rather than remembered.
      if (instance && this.engines.get(engine) === instance) {
        this.engines.delete(engine);
        void instance.then((loaded) => loaded.release()).catch(() => undefined);
      }
      return { error: `${engine} failed: ${messageOf(error)}` };
    }
  }
}

function isRender(page: PDFPageProxy | PageRender): page is PageRender {
  return "rgba" in page;
}

/** The page's render for OCR: the caller's, or one made now. */
async function pageRender(input: Pick<ReadPageOcrInput, "page" | "pageNumber">): Promise<PageRender> {
  return isRender(input.page) ? input.page : renderPageForOcr(input.page, input.pageNumber);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The transform a scan's readings were taken on (the prepared page), or undefined on a page with
 * a text layer. */
function scanTransformOf(pageOcr: PageOcr): ScanTransform | undefined {
  return Object.values(pageOcr.readings).find(
    (r): r is OcrPageReading => r !== undefined && !("error" in r) && r.scanTransform !== undefined,
  )?.scanTransform;
}
