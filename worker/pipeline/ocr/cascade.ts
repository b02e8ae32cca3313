// The OCR cascade on pages with a text layer: instead of two full OCR reads of every
// page, the first engine (ocr-2) reads the page and the second (ocr-1) reads only the cells in
// doubt. A cell whose text layer and first OCR reading agree is verified by those two readings;
// a third would only cost time. The second engine reads a cell when
//   - the first reading disagrees with the text layer, or saw nothing there (an abstention is not
//     agreement: without a second look the cell would stay unverified),
//   - or a structure reading disputes the cell (a table flagged layout_disputed, or any box a
//     caller passes in `disputedBoxes`: the structure vote's doubts).
// On pages without a text layer the first engine (ocr-1) reads the page in full, and the second
// reads every cell, line by line (lineCropsOfCells).
// Calibration is unchanged by construction: a lying text layer disagrees with the first OCR
// reading, so its cells get the second engine too and end disputed, as before.
import type { BBox, Table } from "../../../lib/result/schema";
import { comparisonKey } from "../reconcile/normalise";
import { textInBox, type BoxedWord } from "../reconcile/words-in-box";
import { isOcrFailure, type OcrEngineName, type Word } from "./types";
import type { OcrEngines, PageOcr } from "./read-page-ocr";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { PageRender } from "../render/render-page";
import type { OcrCacheDir } from "./ocr-cache";
import { reconcileStructure } from "../reconcile";
import type { Direction, TableModel, Word as PageWord } from "../types";
import type { StructureReading } from "../structure/types";
import { OCR_SETTINGS } from "./settings";
import { readMissedMarks } from "./missed-marks";
import { asTheVoteSees, cellsOf, cropOfCell, overlaps } from "./cell-crops";

/**
 * The cells (boxes, PDF points) the second OCR engine must read: those whose own value (the text
 * layer's, which `tables` were assembled from) and the first OCR reading's text in the cell box
 * differ after the reconciler's normalisation (comparisonKey), those where the first reading saw
 * nothing but the cell holds text, and every cell of a table whose structure is disputed or that
 * overlaps a `disputedBoxes` entry. Empty cells both readings see as empty are not asked about.
 */
export function cellsForSecondReading(
  tables: readonly Table[],
  firstWords: readonly BoxedWord[],
  disputedBoxes: readonly BBox[] = [],
): BBox[] {
  const boxes: BBox[] = [];
  for (const table of tables) {
    const tableDisputed = table.layout_disputed === true;
    const cells = cellsOf(table);
    const words = asTheVoteSees(table, firstWords);
    for (const cell of cells) {
      const box = cell.bbox!;
      const own = comparisonKey(cell.value);
      const first = comparisonKey(textInBox(words, box));
      const structureDoubt = tableDisputed || disputedBoxes.some((d) => overlaps(d, box));
      if (structureDoubt ? own !== "" || first !== "" : own !== first) boxes.push(box);
    }
  }
  return boxes;
}

/**
 * The boxes of the cells (and column bands) some structure reading is against: the structure
 * vote's judgement (reconcile/structure-vote.ts) of the tables as assembled, before the value
 * vote. The vote itself runs again after the value vote and decides the cells' confidence; here
 * it only says which cells the second OCR engine must read, so a cell whose boundaries are in
 * doubt has every value reading when it is shown provisional.
 */
export function disputedCellBoxes(
  tables: readonly Table[],
  models: readonly (TableModel | null)[],
  words: readonly PageWord[],
  readings: readonly StructureReading[],
): BBox[] {
  const boxes: BBox[] = [];
  for (const verdicts of reconcileStructure(tables, models, words, readings).verdicts) {
    for (const { unit, verdict } of verdicts) if (verdict.against.length > 0) boxes.push([...unit.box] as BBox);
  }
  return boxes;
}

export interface CascadeInput {
  page: PDFPageProxy | PageRender;
  pageNumber: number;
  fileSha256: string;
  cacheDir: OcrCacheDir | null;
  /** From engines.readPage({ engines: "first" }); the second engine's reading is added to it. */
  pageOcr: PageOcr;
  /** The page's tables, assembled from the text layer. */
  tables: readonly Table[];
  /** The page's text-layer words, on a page that has them: a cell's crop is grown to hold its
   * words whole (cropOfCell). */
  textWords?: readonly PageWord[];
  /** Boxes a structure reading disputes (optional). */
  disputedBoxes?: readonly BBox[];
  /** The reading direction of the page's text: its cells are read in that frame. */
  turn?: Direction;
}

/**
 * On a scan every cell is read by the second engine: its text lines (the first reading's words in
 * the cell, grouped by line) as crops, so recognition sees one line at a time without detection.
 * A crop's padding stops halfway to the first reading's nearest other word beside the line (left,
 * right, above or below): in a table of narrow columns or close rows the full padding took in a
 * neighbour's glyphs, and the second engine read them as the cell's ("1" as "11", "200" as
 * "200200").
 */
export function lineCropsOfCells(tables: readonly Table[], firstWords: readonly Word[]): BBox[] {
  const pad = OCR_SETTINGS.cascade.linePad;
  const upright = firstWords.filter((w) => w.dir === undefined);
  const crops: BBox[] = [];
  for (const table of tables) {
    for (const cell of cellsOf(table)) {
      const box = cell.bbox!;
      // Words of a line standing on end (scan/standing-lines.ts) are not cropped: the second
      // engine reads upright crops only, and read standing it gives junk ("1 1"), not a check.
      const words = firstWords.filter((w) => {
        if (w.dir !== undefined) return false;
        const x = (w.bbox[0] + w.bbox[2]) / 2;
        const y = (w.bbox[1] + w.bbox[3]) / 2;
        return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
      });
      const lines: BBox[] = [];
      for (const w of [...words].sort((a, b) => a.bbox[1] - b.bbox[1])) {
        const line = lines.find(
          (l) => Math.min(l[3], w.bbox[3]) - Math.max(l[1], w.bbox[1]) > 0.5 * Math.min(l[3] - l[1], w.bbox[3] - w.bbox[1]),
        );
        if (line) {
          line[0] = Math.min(line[0], w.bbox[0]);
          line[1] = Math.min(line[1], w.bbox[1]);
          line[2] = Math.max(line[2], w.bbox[2]);
          line[3] = Math.max(line[3], w.bbox[3]);
        } else lines.push([...w.bbox] as BBox);
      }
      for (const line of lines) {
        const h = line[3] - line[1];
        const padded: BBox = [
          line[0] - pad.horizontal * h,
          line[1] - pad.vertical * h,
          line[2] + pad.horizontal * h,
          line[3] + pad.vertical * h,
        ];
        crops.push(OCR_SETTINGS.cascade.clipPadToNeighbours ? clippedToNeighbours(padded, line, upright) : padded);
      }
    }
  }
  return crops;
}

/** `crop` (a line's box `line`, padded) with each side brought in to halfway between the line and
 * the nearest word of `words` outside the line on that side: a word beside the line (overlapping
 * it vertically) for the left and right sides, one over or under it (overlapping it horizontally)
 * for the top and bottom. A word inside the line's box is the line's own. */
export function clippedToNeighbours(crop: BBox, line: BBox, words: readonly Word[]): BBox {
  let [x0, y0, x1, y1] = crop;
  for (const { bbox: b } of words) {
    const acrossLine = Math.min(b[3], line[3]) - Math.max(b[1], line[1]) > 0;
    const alongLine = Math.min(b[2], crop[2]) - Math.max(b[0], crop[0]) > 0;
    if (acrossLine && b[2] <= line[0]) x0 = Math.max(x0, (b[2] + line[0]) / 2);
    else if (acrossLine && b[0] >= line[2]) x1 = Math.min(x1, (b[0] + line[2]) / 2);
    else if (alongLine && b[3] <= line[1]) y0 = Math.max(y0, (b[3] + line[1]) / 2);
    else if (alongLine && b[1] >= line[3]) y1 = Math.min(y1, (b[1] + line[3]) / 2);
  }
  return [x0, y0, x1, y1];
}

/** Runs the second engine on the cells in doubt (on a scan: on every cell); returns its failure,
 * if it failed. The one call run-pipeline makes between assembling a page's tables and
 * reconciling them. */
export async function readCellsInDoubt(
  engines: OcrEngines,
  input: CascadeInput & { scanned?: boolean; extraScanBoxes?: readonly BBox[]; readElsewhere?: readonly BBox[] },
): Promise<{ engine: OcrEngineName; error: string } | null> {
  const scanned = input.scanned === true;
  const first = engines.firstEngineFor(scanned);
  const second = engines.secondEngineFor(scanned);
  if (!first || !second || input.pageOcr.readings[second] !== undefined) return null;
  const firstReading = input.pageOcr.readings[first];
  if (!firstReading || isOcrFailure(firstReading)) return null;
  // On a scan also `extraScanBoxes`: the empty cells' slots (scan/empty-slots.ts).
  const boxes = scanned
    ? [...lineCropsOfCells(input.tables, firstReading.words), ...(input.extraScanBoxes ?? [])]
    : cellsForSecondReading(input.tables, firstReading.words, input.disputedBoxes)
        .filter(
          // Cells a later stage reads its own way: text standing on end, read turned
          // (standing-cells.ts), and text in a script with a model of its own (script-cells.ts).
          // Read here, upright or with the English model, they give junk the vote would drop.
          (box) => !(input.readElsewhere ?? []).some((s) => s.every((v, i) => v === box[i])),
        )
        .map((box) => cropOfCell(box, input.textWords ?? []));
  const outcome = await engines.readCells({ ...input, boxes });
  if (outcome && isOcrFailure(outcome)) return { engine: second, error: outcome.error };
  if (!scanned && (input.turn ?? 0) === 0 && input.textWords && OCR_SETTINGS.cascade.readMissedMarks) {
    await readMissedMarks(engines, { ...input, textWords: input.textWords }, first, firstReading, outcome?.words ?? []);
  }
  return null;
}
