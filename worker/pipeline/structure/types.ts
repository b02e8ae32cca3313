// Structure readings: a structure reader looks at one page and proposes where
// its tables, rows, columns and cells are, from its own evidence. Values have their readings and
// their vote (reconcile/vote.ts); structure now has the same: several independent segmentations
// of the page, and a per-cell vote over them (reconcile/structure-vote.ts).
//
// Two kinds of reading:
//   - "tables": a full segmentation (TableModel per table: cells with boxes, header rows). The
//     ruled grid (pdf-grid), text geometry (pdf-layout), the PDF's tagged structure tree (pdf-tags).
//   - "fragments": pieces of text that must not be cut and must not be joined side by side, with no
//     opinion on how they group into cells beyond that. The OCR engine's own detected text lines
//     on the page render (ocr-2-lines): a cell boundary through a word of one detected line, or
//     one cell holding two lines the image shows apart on one row, is evidence against the
//     segmentation.
// A reader with nothing to say about a region (no rulings there, no tagged tree, OCR off) gives no
// opinion there: that is neither support nor evidence against.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Box, PdfGraphicsReading, TableModel, Word } from "../types";
import type { OcrPageReading, OcrEngineName } from "../ocr/types";
import type { PageTables } from "../page-types";
import type { Settings } from "../settings";
import type { PageRender } from "../render/render-page";
import type { TableInkOpinions } from "./ink-grid";
import type { StructureReaderName, VisionStructureSource } from "../../../lib/structure/reader-names";

/** Names of the structure readings. They key a cell's `readings` when structure readings disagree
 * (the result format leaves `readings` keys open; `pdf-grid` and `pdf-layout` are its source names,
 * `pdf-tags`, `pdf-layout-alt`, `pdf-stream` and `ocr-2-lines` are ours (pdf-layout-alt: text geometry read with
 * its ambiguous joins the other way, see pdf-layout-alt.ts; pdf-stream: an unruled table read
 * again from whitespace by another method, see pdf-stream.ts): the tagged structure tree, and ocr-2's detected text
 * lines, kept apart from the value reading `ocr-2` so the two never overwrite each other), and
 * the vision readers' grids when configured. The lists are lib/structure/reader-names.ts. */
export type StructureSource = StructureReaderName | VisionStructureSource;
export type { VisionStructureSource };

/** What a structure reader may look at. */
export interface StructureContext {
  pageNumber: number;
  /** The page's words (text layer; a scan's OCR words), the unit every segmentation is compared
   * in: two segmentations agree on a cell when they put the same words in it. */
  words: Word[];
  graphics: PdfGraphicsReading;
  /** What table detection already computed (snapped rulings, grids, layout regions): readers
   * reuse it instead of computing it again. */
  detected: PageTables;
  /** Where the page's tables are, as table detection delivers them. A reader that reads a given
   * region (pdf-layout) gives its own segmentation of each of these; the others ignore them. */
  tableRegions: Box[];
  /** OCR readings that worked on this page (empty when OCR is off or failed). */
  ocr: Partial<Record<OcrEngineName, OcrPageReading>>;
  /** The words are an OCR reading of a scan (the page has no text layer), not the file's own
   * text: readers that only lay words out again add no independent evidence there. */
  wordsFromOcr?: boolean;
  /** On a scan, the other OCR engine's words on the whole page (scan/other-engine-words.ts): not
   * the engine `words` came from, so a reading of them is made from another input. Absent on a page
   * with a text layer, with one engine, or when that engine failed. */
  otherOcrWords?: { engine: OcrEngineName; words: Word[] };
  /** On a scan, the prepared page image the words were read from (same coordinates: pixel
   * (x, y) is point (x / scale, y / scale)), for readers of its ink (page-ink). */
  scanImage?: PageRender;
  /** On a page with a text layer and OCR on, what the ink of the page render says of each of
   * `tableModels` (structure/ink-opinions-cache.ts), for ink-grid. */
  inkOpinions?: TableInkOpinions[];
  /** The models the page's delivered tables were assembled from, for a reader that checks them
   * rather than reading its own (ink-grid); on a page read in a turned frame, turned into it. */
  tableModels?: TableModel[];
  /** The pdf.js page, for readers that read the file itself (pdf-tags); null in unit tests and
   * on pages rebuilt from a scan. */
  page: PDFPageProxy | null;
  settings: Settings;
}

/** A piece of text a fragments reading saw as one (a detected text line). */
export interface Fragment {
  box: Box;
  text: string;
  /** The boxes of the words the engine recognised in it (split where it read a space), when known. */
  words?: Box[];
}

export type StructureReading =
  | {
      source: StructureSource;
      kind: "tables";
      tables: TableModel[];
      /** A reading that may only object (pdf-layout-alt: the same geometry read with an ambiguous
       * rule the other way): where it agrees it adds no support, since it is no independent
       * evidence; where it differs, the cell is in doubt. */
      objectsOnly?: boolean;
      /** Boxes of cells the reading may only object to, as if objectsOnly held there: where its
       * cells rest on the same evidence as another reading's (pdf-grid's rows cut at a scan's
       * OCR text lines, which pdf-layout lays out too), its agreement is not independent. */
      abstainOn?: Box[];
      /** A reading reported beside the vote: it neither supports nor objects anywhere (a reading
       * whose vote lowered the trust figures: pdf-model, see STRUCTURE_SETTINGS.pdfModelVote);
       * where it has the same cell, the cell may still name it among its sources. */
      concursOnly?: boolean;
      /** A reading that may only support: where it differs from a cell it has no opinion. A check
       * of the delivered tables (ink-grid) whose tables are those tables: it confirms a cell or
       * says nothing, and a difference is the delivered table changed after assembly, no evidence. */
      supportsOnly?: boolean;
      /** With supportsOnly: boxes of cells it objects to though it has them (ink-grid where the
       * page image's ink reads the table otherwise). */
      againstOn?: Box[];
      /** What this reading was made from, when it is not what its reader declares
       * (StructureReader.inputs): pdf-model on a scan reads the other OCR engine's words. */
      inputs?: readonly StructureInput[];
    }
  | { source: StructureSource; kind: "fragments"; fragments: Fragment[] };

/** What a structure reading is made from. Two readings that share an input are wrong together
 * where that input misleads them (every reading of a detected region inherits the detection's
 * split or merge; every reading of the text layer's word positions its misplaced words), so their
 * agreement is no independent check: the vote counts readers that share an input once
 * (structure/independence.ts), and the eval's error matrix measures how often they fail together.
 *   - text-geometry: the text layer's word positions (alignment, whitespace gutters);
 *   - detected-regions: the table regions table detection delivers, which the reader reads inside;
 *   - rulings: the page's drawn lines and thin rectangles;
 *   - tag-tree: the PDF's tagged structure tree;
 *   - page-image: the page render as an OCR engine reads it (its detected lines and words);
 *   - second-ocr-words: on a scan, where text-geometry is one OCR engine's words, the other
 *     engine's words on the whole page (their own segmentation into words and their own boxes). */
export type StructureInput = "text-geometry" | "detected-regions" | "rulings" | "tag-tree" | "page-image" | "second-ocr-words";

export interface StructureReader {
  name: StructureSource;
  /** What the reading is made from (readers that declare none count as independent of all). */
  inputs?: readonly StructureInput[];
  /** Null when the reader has nothing to say about this page (no rulings, no tags, no OCR). */
  read(context: StructureContext): Promise<StructureReading | null> | StructureReading | null;
}
