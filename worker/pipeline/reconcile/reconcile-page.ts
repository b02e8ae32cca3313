// One-call helpers for the pipeline: reconcile a whole assembled table, prose block or page entry
// against the page's other readings. They only rewrite confidence fields; structure is untouched.
import type { Cell, CellSource, Prose, Table } from "../../../lib/result/schema";
import type { OcrOutcome, OcrEngineName } from "../ocr/types";
import { cellReadings, reconcileExistingCell, type WordReadings } from "./reconcile-cell";
import { voteOnReadings } from "./vote";
import type { Box, Word } from "../types";
import { valueWithRaisedMarks } from "./raised-marks";
import { isOcrUnsupported } from "./table-support";
import { verifyProse } from "./prose";
import { recutSpanningWords, type TextLayerCell } from "./recut-spanning-words";
import { boxOf, boxesOverlap } from "./words-in-box";
import { BoxBands } from "./box-bands";
import { OwnWords } from "./vote-boxes";
import { RECONCILE_SETTINGS } from "./settings";

/**
 * A table assembled from one value reading (`ownSource`, normally pdf-text; an OCR reading on
 * scans) reconciled cell by cell against `readings` (the other value readings of the page; the
 * own source's words, if given, are ignored). Header cells the same, and `header` re-derived from
 * them. `ocr_unsupported` is set when no OCR reading has content inside the table's bbox.
 * Column bands whose box is known (`bandBoxes`, cell-units.ts) get the confidence of the same
 * vote on their label (the result gives a band no value readings, only the confidence).
 */
export function reconcileTable(
  table: Table,
  ownSource: CellSource,
  readings: WordReadings,
  bandBoxes: ReadonlyArray<Box | null> = [],
  raisedMarks: RaisedMarks | null = null,
): Table {
  const others: WordReadings = { ...readings };
  delete others[ownSource];
  // On a page with a text layer, an OCR word running across cells whose characters are the text
  // layer's is cut at the cells' boundaries (recut-spanning-words.ts).
  if (ownSource === "pdf-text") recutAcrossCells(others, table);
  // Every OCR reading's words, the table's own source's too, say how sure each reading is of its
  // text in a cell (the vote's last tie-break between disagreeing OCR readings).
  // On a scan the other readings are looked for only as high as the cell's own words reach
  // (vote-boxes.ts); the cell keeps its box.
  const ownWords = ownSource !== "pdf-text" && RECONCILE_SETTINGS.scanVoteBoxes.enabled ? readings[ownSource] : undefined;
  const own = ownWords ? OwnWords.of(ownWords, RECONCILE_SETTINGS.scanVoteBoxes.tallWordRatio) : null;
  const reconcile = (cell: Cell, marks: string | null | undefined): Cell => {
    if (!own || !cell.bbox) return reconcileExistingCell(cell, ownSource, others, readings, marks);
    const voted = reconcileExistingCell({ ...cell, bbox: own.voteBoxOf(cell) }, ownSource, others, readings, marks);
    return { ...voted, bbox: cell.bbox };
  };
  const headerCells = table.header_cells.map((cell, c) => reconcile(cell, raisedMarks?.header[c]));
  const out: Table = {
    ...table,
    header_cells: headerCells,
    header: headerCells.map((cell) => cell.value),
    rows: table.rows.map((row, r) => row.map((cell, c) => reconcile(cell, raisedMarks?.rows[r]?.[c]))),
  };
  if (table.colbands) {
    out.colbands = table.colbands.map((band, i) => {
      const box = bandBoxes[i];
      if (!box) return band;
      const texts = cellReadings(box, others);
      texts[ownSource] = band.label;
      return { ...band, confidence: voteOnReadings(texts).confidence };
    });
  }
  delete out.ocr_unsupported;
  if (table.bbox && isOcrUnsupported(table.bbox, others)) out.ocr_unsupported = true;
  return out;
}

/** Each cell's text-layer value with its raised footnote marks made marks, where it has any
 * (raised-marks.ts), by position: header cells, then rows. */
export interface RaisedMarks {
  header: ReadonlyArray<string | null>;
  rows: ReadonlyArray<ReadonlyArray<string | null>>;
}

/** The raised marks of a table assembled from the text layer, from the page's text-layer words
 * (same coordinates as the table's cell boxes). Null when no cell has any. */
export function raisedMarksOf(table: Table, pageWords: readonly Word[]): RaisedMarks | null {
  // Each cell looks only at the words of the height bands its box covers (box-bands.ts), in the
  // page's order: the words whose centres it holds are among them, so it finds what it would
  // find among all of the page's words, without testing each of them for each cell.
  const bands = new BoxBands(pageWords.map((w) => w.box));
  const near = (box: Box): readonly Word[] => bands.candidates(box, 0)?.map((i) => pageWords[i]!) ?? pageWords;
  const of = (cell: Cell) => (cell.bbox ? valueWithRaisedMarks(cell.value, cell.bbox, near(cell.bbox)) : null);
  const marks = { header: table.header_cells.map(of), rows: table.rows.map((row) => row.map(of)) };
  return marks.header.some((m) => m !== null) || marks.rows.some((row) => row.some((m) => m !== null)) ? marks : null;
}

function recutAcrossCells(readings: WordReadings, table: Table): void {
  const cells: TextLayerCell[] = [];
  for (const cell of [...table.header_cells, ...table.rows.flat()]) {
    if (cell.bbox && cell.value.trim() !== "") cells.push({ value: cell.value, bbox: cell.bbox });
  }
  const bbox = table.bbox;
  if (cells.length < 2 || !bbox) return;
  for (const [source, words] of Object.entries(readings) as [CellSource, WordReadings[CellSource]][]) {
    if (!words) continue;
    const inside = words.filter((w) => boxesOverlap(boxOf(w), bbox));
    if (inside.length === 0) continue;
    const outside = words.filter((w) => !boxesOverlap(boxOf(w), bbox));
    readings[source] = [...outside, ...recutSpanningWords(inside, cells)];
  }
}

/** A prose block with its confidence and sources from the page's other readings. */
export function reconcileProse(block: Prose, ownSource: CellSource, readings: WordReadings): Prose {
  const verdict = verifyProse(block, ownSource, readings);
  return { ...block, confidence: verdict.confidence, sources: verdict.sources };
}

/** A page is unreadable when both independent readings of it failed. On a page
 * without a text layer those are the two OCR readings; a page with a text layer always has one. */
export function isPageUnreadable(hasTextLayer: boolean, readings: Partial<Record<OcrEngineName, OcrOutcome>>): boolean {
  if (hasTextLayer) return false;
  const outcomes = Object.values(readings);
  return outcomes.length === 0 || outcomes.every((outcome) => outcome === undefined || "error" in outcome);
}
