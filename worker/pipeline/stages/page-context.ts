// What the page stages (page-stages.ts) work on: one page's context, filled in stage by stage, and
// the run's, which holds what a later page needs (the previous page's last table, the figure
// crops' hashes for also_on) and what the run collects (failures, images).
import type { StandingCell, StandingReading } from "../ocr/standing-cells";
import type { ScriptReading } from "../ocr/script-cells";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { BBox, CellSource, Image } from "../../../lib/result/schema";
import type { Settings } from "../settings";
import type { PageExtraction, PageReadings } from "../page-types";
import type { PageFailure, PipelineInput, SkippableStage } from "../pipeline-types";
import { isOcrFailure, type OcrEngineName, type OcrEngines, type OcrPageReading, type PageOcr } from "../ocr";
import type { StructureReading, StructureSource } from "../structure/registry";
import type { reconcileStructure, verifyFigure } from "../reconcile";
import type { PageRender } from "../render/render-page";
import type { ScanTransform } from "../scan/prepare-scan";
import type { EmptySlot } from "../scan/empty-slots";
import type { TableTail } from "../tables/continuation";
import type { StartedPage } from "../start-page";
import type { StageTimer } from "../stage-timer";
import type { Direction } from "../types";
import type { PageVision, VisionUsageCounter } from "../vision";
import type { visionFrame } from "../vision/scan-frame";
import type { WordReadings } from "../reconcile/reconcile-cell";

/** The run's side of the context: the same object for every page. */
export interface RunContext {
  input: PipelineInput;
  settings: Settings;
  engines: OcrEngines | null;
  /** Pages the run promised (input.pages). */
  total: number;
  enabledReaders: readonly StructureSource[];
  skip: ReadonlySet<SkippableStage>;
  failures: PageFailure[];
  images: Image[];
  /** Pages each figure crop (by sha256) was seen on, and each image's crop hash (also_on). */
  cropPages: Map<string, number[]>;
  imageHashes: string[];
  /** The previous page's last table, for continuation; null after a page without one. */
  tail: TableTail | null;
  /** What the vision readers did and cost over the run; null without vision readers. */
  visionUsage: VisionUsageCounter | null;
}

export interface PageContext {
  run: RunContext;
  pageNumber: number;
  /** The page as start-page.ts opened, read and set its first OCR reading going. */
  started: StartedPage;
  page: PDFPageProxy;
  timer: StageTimer;
  hasTextLayer: boolean;
  /** The reading direction of the page's text (0 when upright or when it has no text layer). */
  turn: Direction;
  readings: PageReadings;
  /** The page's size as read (a scan's boxes go back onto it at the end). */
  size: { width: number; height: number };
  /** The OCR readings (null without OCR). */
  pageOcr: PageOcr | null;
  /** Set when every OCR reading of a page with a text layer failed: delivered unchecked. */
  uncheckedReason: string | null;
  /** The value reading the page's words (and so its cells' values) come from. */
  ownSource: CellSource;
  /** A scan is worked on upright and deskewed; its boxes go back onto the page as scanned. */
  scanTransform: ScanTransform | null;
  /** ...and its prepared image, in which empty cells are looked at for marks nothing read. */
  scanImage: PageRender | null;
  /** The page-level assembly (set by the assemble stage). */
  extraction?: PageExtraction;
  structureReadings: StructureReading[];
  /** On a scan, each table's empty cells (the second engine reads them too). */
  emptySlots: EmptySlot[][];
  /** On a page with a text layer, the cells whose text stands on end, and the OCR readings of
   * them made in its direction (ocr/standing-cells.ts). */
  standingCells: StandingCell[];
  standingReadings: StandingReading[];
  /** On a page with a text layer, the table cells in a script read with a model of its own, by
   * language (ocr/script-cells.ts): found once by ocr-cells, which leaves them out, and read by
   * ocr-scripts. */
  scriptCells: Map<string, BBox[]>;
  /** Table cells in a script read with a model of its own, as read (ocr/script-cells.ts). */
  scriptReadings: ScriptReading[];
  figureVerdicts: ReturnType<typeof verifyFigure>[] | null;
  verdicts: ReturnType<typeof reconcileStructure>["verdicts"];
  /** The vision readers of this page (null without them, or on a page without tables). */
  vision: PageVision | null;
  /** Boxes between the page as displayed (what vision sees) and the working frame (a scan's). */
  visionFrame: ReturnType<typeof visionFrame> | null;
  /** The vision readers' readings of the cells, for the value vote. */
  visionValues: WordReadings | null;
}

/** The page's extraction; only stages after assemble ask for it. */
export function extractionOf(ctx: PageContext): PageExtraction {
  if (!ctx.extraction) throw new Error("the page was not assembled");
  return ctx.extraction;
}

/** The OCR readings that worked on a page. */
export function okReadings(readings: PageOcr["readings"]): Partial<Record<OcrEngineName, OcrPageReading>> {
  const out: Partial<Record<OcrEngineName, OcrPageReading>> = {};
  for (const [name, outcome] of Object.entries(readings) as [OcrEngineName, PageOcr["readings"][OcrEngineName]][]) {
    if (outcome && !isOcrFailure(outcome)) out[name] = outcome;
  }
  return out;
}
