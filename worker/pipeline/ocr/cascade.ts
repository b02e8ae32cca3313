// The OCR cascade on pages with a text layer (issue 15): instead of two full OCR reads of every
// page, the first family (ocr-2) reads the page and the second (ocr-1) reads only the cells in
// doubt. A cell whose text layer and first OCR reading agree is verified by those two readings;
// a third would only cost time. The second family reads a cell when
//   - the first reading disagrees with the text layer, or saw nothing there (an abstention is not
//     agreement: without a second look the cell would stay unverified),
//   - or a structure reading disputes the cell (a table flagged layout_disputed, or any box a
//     caller passes in `disputedBoxes`: the structure vote's doubts).
// Pages without a text layer are not cascaded: both families read them in full (every cell).
// Calibration is unchanged by construction: a lying text layer disagrees with the first OCR
// reading, so its cells get the second family too and end disputed, as before.
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { comparisonKey } from "../reconcile/normalise";
import { textInBox, type BoxedWord } from "../reconcile/words-in-box";
import { isOcrFailure, type OcrReaderName } from "./types";
import type { OcrReaders, PageOcr } from "./read-page-ocr";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { PageRender } from "../render/render-page";

/** A table's cells with a box: header cells, then body cells. */
function cellsOf(table: Table): Cell[] {
  return [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.bbox !== undefined);
}

/**
 * The cells (boxes, PDF points) the second OCR family must read: those whose own value (the text
 * layer's, which `tables` were assembled from) and the first OCR reading's text in the cell box
 * differ after the reconciler's normalisation (comparisonKey), those where the first reading saw
 * nothing but the cell holds text, and every cell of a table whose structure is disputed or that
 * overlaps a `disputedBoxes` entry. Empty cells both readings see as empty are not asked about.
 */
export function cellsForSecondReading(tables: readonly Table[], firstWords: readonly BoxedWord[], disputedBoxes: readonly BBox[] = []): BBox[] {
  const boxes: BBox[] = [];
  for (const table of tables) {
    const tableDisputed = table.layout_disputed === true;
    for (const cell of cellsOf(table)) {
      const box = cell.bbox!;
      const own = comparisonKey(cell.value);
      const first = comparisonKey(textInBox(firstWords, box));
      const structureDoubt = tableDisputed || disputedBoxes.some((d) => overlaps(d, box));
      if (structureDoubt ? own !== "" || first !== "" : own !== first) boxes.push(box);
    }
  }
  return boxes;
}

function overlaps(a: BBox, b: BBox): boolean {
  return Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
}

export interface CascadeInput {
  page: PDFPageProxy | PageRender;
  pageNumber: number;
  fileSha256: string;
  cacheDir: string | null;
  /** From readers.readPage({ families: "first" }); the second family's reading is added to it. */
  pageOcr: PageOcr;
  /** The page's tables, assembled from the text layer. */
  tables: readonly Table[];
  /** Boxes a structure reading disputes (optional). */
  disputedBoxes?: readonly BBox[];
}

/** Runs the second family on the cells in doubt; returns its failure, if it failed. The one call
 * run-pipeline makes between assembling a page's tables and reconciling them. */
export async function readCellsInDoubt(readers: OcrReaders, input: CascadeInput): Promise<{ reader: OcrReaderName; error: string } | null> {
  const first = readers.firstFamily;
  const second = readers.secondFamily;
  if (!first || !second || input.pageOcr.readings[second] !== undefined) return null;
  const firstReading = input.pageOcr.readings[first];
  if (!firstReading || isOcrFailure(firstReading)) return null;
  const boxes = cellsForSecondReading(input.tables, firstReading.words, input.disputedBoxes);
  const outcome = await readers.readCells({ ...input, boxes });
  return outcome && isOcrFailure(outcome) ? { reader: second, error: outcome.error } : null;
}
