// The shapes a page takes on its way through the pipeline: what the readers read (PageReadings),
// what table detection found (PageTables) and what the page-level assembly made of it
// (PageExtraction). Types only, in a module of their own, so that the stages that pass them on
// (extract-page, figures/, tables/detect-tables, geometry/turn-extraction, scan/, run-pipeline)
// import them without importing each other.
import type { Prose, Table } from "../../lib/result/schema";
import type { Box, Direction, PdfGraphicsReading, Ruling, TableModel, TextLine, Word } from "./types";
import type { Grid } from "./geometry/rulings-to-grid";

export interface PageReadings {
  width: number;
  height: number;
  words: Word[];
  graphics: PdfGraphicsReading;
}

export interface PageExtraction {
  tables: Table[];
  prose: Prose[];
  /** Figure boxes in reading order with their sources; cropped later. */
  figures: Array<{ box: Box; order: number; sources: Array<"layout" | "pdf-image"> }>;
  models: TableModel[];
  /** The model each of `tables` was assembled from (same order as `tables`): the structure vote
   * compares it, and its band boxes, with the other structure readings. */
  tableModels: TableModel[];
  debug: PageTables;
  /** On a page read in a turned reading frame (sideways or upside-down text): the turn, and the
   * frame's readings, detection and table regions. Everything else here is on the page. */
  frame?: { turn: Direction; readings: PageReadings; debug: PageTables; tableRegions: Box[] };
}

export interface PageTables {
  tables: TableModel[];
  /** Intermediates kept for the debug overlay. */
  rulings: Ruling[];
  grids: Grid[];
  layoutRegions: Box[];
  /** Chart legends read as tables and dropped (tables/word-blocks.ts): part of their figure. */
  legends?: Box[];
  /** Keys of abbreviations read as tables and dropped: notes, delivered as prose line by line. */
  keys?: Box[];
  /** What the detection read the tables from (a second detection of the page reuses it). */
  geometry?: PageGeometry;
  /** The table boxes (as found) of a detection of the same words, graphics and geometry with
   * settings.hangingWraps the other way and no page size, when this detection shows they are its
   * own: none of its decisions went by that setting (tables/hanging-wraps.ts) and the page size
   * set no image aside. pdf-layout-alt's second detection is then this one. */
  tableBoxesWithOtherHangingWraps?: Box[];
}

/** What detection reads off the page before it looks for tables: its rulings, the grids they
 * draw, the stroked rulings alone, and the text lines. They depend on the page and on the ruling
 * and line settings only, so a second detection of the same page that differs in how it reads
 * the text layout (pdf-layout-alt) takes the first detection's instead of deriving them again. */
export interface PageGeometry {
  rulings: Ruling[];
  /** Every closed ruled shape, single boxes included (a box around a group of rows). */
  frames: Grid[];
  /** The frames of two cells or more. */
  grids: Grid[];
  stroked: Ruling[];
  lines: TextLine[];
}
