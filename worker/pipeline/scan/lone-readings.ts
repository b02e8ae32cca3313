// A second reading for a scanned cell only one engine read. On a scan the first engine reads the
// page and the second reads every cell's line crops (ocr/cascade.ts); where the second reads
// nothing in a crop (Tesseract's block of stacked crops drops a line now and then, more on a
// skewed or noisy page), the cell has a single reading, is `unverified`, and goes to the review
// queue although nothing disputes it. On the realistic scans of the tuning sets (EU, generated
// seed 13) such cells were a fifth to a third of the queue's cell items, and three in four of
// them were right as delivered. Such a cell is read once more, alone, by Tesseract's legacy
// classifier (the third reading of scan/tie-break.ts, in the same call), and
//   - where that reading says the same (comparison keys, reconcile/normalise.ts: marks, case and
//     digits alike), the cell is `resolved`: two readings of two different recognisers agree.
//     Not `verified`: a reading that found nothing is no agreement, so this is a majority of
//     what was read, and the legacy classifier is the weaker of the two. A number off its
//     column's format stays as it was, one engine's `unverified` reading (scan/column-format.ts):
//     both can read a thousands comma as a point, as both engines can ("60.481" in a column of
//     "50,203"), so their agreement there is no evidence.
//   - where it says something else, the cell is `disputed` with both readings kept: two readings
//     now disagree. Where they differ by a slip its column settles (a comma read as a point, the
//     legacy classifier's usual slip; scan/reading-slips.ts), the column decides, as it does
//     between the two engines; otherwise a person picks one.
//   - where it reads nothing, the cell stays as it was. So where it reads no value of any kind a
//     table prints in place of a number: the lone reading is a number, and the classifier's has
//     no digit and is neither a nil mark, a placeholder ("NA", "(X)") nor a plain word or flag
//     ("x", "E", "nil"), but glyph junk ("ﬂ", "sz'ztu", "+H"). That is how the classifier fails on
//     a crop it cannot segment; it says nothing about the value, and a person shown "340" beside
//     "ﬂ" has nothing to decide (`scanLoneNoValueReadings`).
// A cell whose text stands on end (a turned column heading, scan/standing-lines.ts) is left out:
// the legacy classifier reads crops upright, and there it gives junk ("E g n. 5 8"), not a check.
import type { BBox, Cell, CellSource, Table } from "../../../lib/result/schema";
import { isOcrSource } from "../../../lib/ocr/engine-names";
import { compareSources } from "../../../lib/review/readings";
import { doubtOffFormatNumbers } from "./column-format";
import { numberShape, settleReadingSlips } from "./reading-slips";
import { isNilMark } from "../ocr/missed-marks";
import { isPlaceholder } from "../tables/placeholders";
import type { Settings } from "../settings";
import { comparisonKey } from "../reconcile/normalise";
import { isCentreIn } from "../geometry/box";
import type { Word } from "../ocr/types";
import { cellsOfTable, textReadIn, TIE_BREAK_SOURCE } from "./tie-break";
import { twoOcrReadings } from "./two-ocr-readings";

/** The one OCR reading of an unverified cell that holds a letter or a digit: [source, value], or
 * null for any other cell (one with two OCR readings, a reading other than OCR, or text standing
 * on end: a word of `standing` has its centre in the cell). */
function loneReading(cell: Cell, standing: readonly Word[]): [CellSource, string] | null {
  if (cell.confidence !== "unverified" || !cell.bbox || !/[\p{L}\p{N}]/u.test(cell.value)) return null;
  if (Object.keys(cell.readings ?? {}).length > 0) return null;
  if (standing.some((word) => isCentreIn(word.bbox, cell.bbox!))) return null;
  const ocr = cell.sources.filter(isOcrSource);
  return ocr.length === 1 ? [ocr[0]!, cell.value] : null;
}

/** The boxes of the cells of `table` that only one engine read; `standing`: the words of either
 * reading that stand on end (Word.dir). */
export function loneCells(table: Table, standing: readonly Word[] = []): BBox[] {
  return cellsOfTable(table).flatMap((cell) => (loneReading(cell, standing) ? [cell.bbox!] : []));
}

type LoneSettings = Parameters<typeof settleReadingSlips>[1] &
  Parameters<typeof doubtOffFormatNumbers>[1] &
  Pick<Settings, "scanLoneNoValueReadings">;

/** `table` with the second reading (`words`: what the legacy classifier read in the boxes
 * loneCells gave, page points) put to each cell only one engine read: a cell now disputed by a
 * slip its column settles is settled as the scan checks settle the two engines' slips, and one
 * the two readings agree on is held to its column's number format, as a verified cell is, and
 * stays as it was when it is off it. */
export function withLoneReadingsChecked(
  table: Table,
  words: readonly Word[],
  settings: LoneSettings,
  standing: readonly Word[] = [],
): Table {
  const checked = withSecondReadings(table, words, standing, settings.scanLoneNoValueReadings);
  return doubtOffFormatNumbers(settleReadingSlips(checked, settings, isLoneDispute), settings, isLoneAgreement, withoutLoneAgreement);
}

/** `table` with the second reading put to each cell only one engine read, compared as it is. */
function withSecondReadings(table: Table, words: readonly Word[], standing: readonly Word[], skipNoValue: boolean): Table {
  const check = (cell: Cell): Cell => {
    const lone = loneReading(cell, standing);
    if (!lone) return cell;
    const second = textReadIn(cell.bbox!, words);
    if (second === "") return cell;
    const [source, value] = lone;
    if (skipNoValue && readsNoValue(second, value)) return cell;
    if (comparisonKey(second) === comparisonKey(value)) {
      const sources = [...cell.sources, TIE_BREAK_SOURCE].sort(compareSources);
      return { ...cell, confidence: "resolved", sources };
    }
    return {
      ...cell,
      confidence: "disputed",
      provisional: true,
      readings: { [source]: value, [TIE_BREAK_SOURCE]: second },
    };
  };
  return { ...table, header_cells: table.header_cells.map(check), rows: table.rows.map((row) => row.map(check)) };
}

/** A plain word or a status flag, bracketed or with a point ("x", "E", "(D)", "nil", "n.a."): a
 * table prints such in place of a number. */
const WORD_OR_FLAG = /^\(?(?:[A-Za-z]+|[A-Za-z]\.[A-Za-z])\)?\.?$/u;

/** Whether `second` is no value at all where `value`, the lone reading, is a number: no digit, and
 * neither a nil mark, a placeholder, nor a plain word or flag. */
export function readsNoValue(second: string, value: string): boolean {
  const text = second.trim();
  if (numberShape(value) === null || /\p{N}/u.test(text)) return false;
  return !isNilMark(text) && !isPlaceholder(text) && !WORD_OR_FLAG.test(text);
}

/** Whether `cell` is one the lone check disputed: its two OCR readings are one engine's and the
 * legacy classifier's (a tie the classifier could not break has three). */
export function isLoneDispute(cell: Cell): boolean {
  return cell.confidence === "disputed" && cell.readings?.[TIE_BREAK_SOURCE] !== undefined && twoOcrReadings(cell) !== null;
}

/** Whether `cell` is one the lone check resolved because the two readings agreed (one resolved by
 * its column's slip rule keeps both readings). */
export function isLoneAgreement(cell: Cell): boolean {
  return cell.confidence === "resolved" && cell.sources.includes(TIE_BREAK_SOURCE) && cell.readings === undefined;
}

/** A cell the lone check resolved, as it was before: the agreement did not count. */
function withoutLoneAgreement(cell: Cell): Cell {
  return { ...cell, confidence: "unverified", sources: cell.sources.filter((source) => source !== TIE_BREAK_SOURCE) };
}
