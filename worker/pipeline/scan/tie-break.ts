// A third reading for a scanned cell the two engines read differently. On a scan there is no text
// layer, so a cell whose two OCR readings differ (and that no scan check settled: reading-slips.ts,
// column-sums.ts) is disputed and goes to the review queue, however plain the slip. Such a cell is
// read once more, alone, by Tesseract's legacy classifier (ocr/legacy-tesseract.ts: a recogniser
// that slips on other glyphs than either engine), and
//   - where that reading says the same as exactly one of the two (comparison keys,
//     reconcile/normalise.ts), the cell is `resolved` with that reading: two readings of three
//     agree. Not in the default queue, never `verified` (the third reading shares Tesseract's line
//     finding with ocr-1, so it breaks a tie and no more); every reading is kept.
//   - where it says something else, or nothing, the cell stays disputed; a reading it made is
//     kept among the cell's readings (one more choice on the review page).
// Only cells with exactly the two OCR readings are asked about: a cell one engine did not read
// has no tie to break, and on a page with a text layer the text layer is the other reading.
// And only where the two differ in letters and digits alone, with the same marks (every glyph
// that is not a letter, a digit or a space: points, commas, quotes, brackets, signs) in the same
// order. A mark is a few pixels of a 200-dpi scan, and there the third reading fails with the
// others: on the tuning sets (EU realistic scans, generated seed 13) every cell it resolved wrong
// differed by a mark, a comma read as a point with ocr-2 ("2,517" as "2.517", "supply, sewerage"
// as "supply.sewerage") or a raised "r" read as a quote ("10.2 r" as "10.2'"); and a decimal
// point both Tesseract readings dropped ("120.9" as "1209") is the same binarisation twice.
// Such cells are the column's to settle (reading-slips.ts), or a person's; unless one reading is
// no reading of the value at all (glyph junk, sharing few of the other's letters and digits:
// SETTINGS.scanTieBreakFailedReading), whose marks say nothing about the other's. For the same
// reason as marks, a difference of case or accents alone is no tie to break: an accent is a mark
// over a letter, and a capital the two Tesseract readings shared the wrong way round ("wheat" for
// "Wheat", on a generated check seed drawn after the rule above) is their line finding's, not a
// third view.
import type { BBox, Cell, CellSource, Table } from "../../../lib/result/schema";
import { comparisonKey, displayText, normaliseText, withoutCaseOrAccents } from "../reconcile/normalise";
import { withoutEdgeRulings } from "../reconcile/edge-rulings";
import { isCentreIn } from "../geometry/box";
import type { Word } from "../ocr/types";
import { twoOcrReadings } from "./two-ocr-readings";
import { sharedInOrder } from "../reconcile/prose";
import { SETTINGS, type FailedReadingSettings } from "../settings";

/** The source name of the third reading. */
export const TIE_BREAK_SOURCE: CellSource = "ocr-3";

/** The two OCR readings of a disputed cell that differ, or null for any other cell. */
function tiedReadings(cell: Cell, failed: FailedReadingSettings | null): [CellSource, string, CellSource, string] | null {
  if (cell.confidence !== "disputed" || !cell.bbox) return null;
  // Another reading (the text layer's, a vision reader's) is a third reading already.
  const readings = Object.keys(cell.readings ?? {}).length === 2 ? twoOcrReadings(cell) : null;
  if (!readings) return null;
  const [, va, , vb] = readings;
  const lettersAsWritten = (text: string) => withoutCaseOrAccents(comparisonKey(text));
  if (lettersAsWritten(va) === lettersAsWritten(vb)) return null;
  if (marksOf(va) !== marksOf(vb) && !(failed && oneReadingFailed(va, vb, failed))) return null;
  return readings;
}

/** Whether one of two readings of a cell is no reading of its value at all: each holds at least
 * `minGlyphs` letters and digits, and they have fewer of them in common, in order (case and
 * accents aside), than `commonShare` of the longer one's. A slip ("Austra" for "Austria") keeps
 * most of a reading; junk ("TT CL RE" for "Imported(%)") keeps next to nothing. */
export function oneReadingFailed(a: string, b: string, { commonShare, minGlyphs }: FailedReadingSettings): boolean {
  const glyphs = (text: string) => [...withoutCaseOrAccents(normaliseText(text)).replace(/[^\p{L}\p{N}]/gu, "")];
  const [ga, gb] = [glyphs(a), glyphs(b)];
  if (Math.min(ga.length, gb.length) < minGlyphs) return false;
  return sharedInOrder(ga, gb) < commonShare * Math.max(ga.length, gb.length);
}

/** The marks of a reading in order: every character but letters, digits and spaces, after the
 * vote's normalisation (normalise.ts: dashes as "-", quotes as ASCII, ligatures apart). */
export function marksOf(text: string): string {
  return normaliseText(text).replace(/[\p{L}\p{N}\s]/gu, "");
}

export const cellsOfTable = (table: Table): Cell[] => [...table.header_cells, ...table.rows.flat()];

/** What the third reading read in `box`: its words whose centre lies inside, in reading order
 * (a neighbour's word the padded crop took in is not the cell's). */
export function textReadIn(box: BBox, words: readonly Word[]): string {
  return displayText(
    words
      .filter((word) => isCentreIn(word.bbox, box))
      .map((word) => word.text)
      .join(" "),
  );
}

/** The boxes of the cells of `table` to read a third time. */
export function cellsToBreak(table: Table, failed: FailedReadingSettings | null = SETTINGS.scanTieBreakFailedReading): BBox[] {
  return cellsOfTable(table).flatMap((cell) => (tiedReadings(cell, failed) ? [cell.bbox!] : []));
}

/** `table` with the third reading (`words`: what it read in the boxes cellsToBreak gave, page
 * points) put to each cell it read. */
export function withTieBroken(
  table: Table,
  words: readonly Word[],
  failed: FailedReadingSettings | null = SETTINGS.scanTieBreakFailedReading,
): Table {
  const settle = (cell: Cell): Cell => {
    const tied = tiedReadings(cell, failed);
    if (!tied) return cell;
    const third = textReadIn(cell.bbox!, words);
    if (third === "") return cell;
    const readings = { ...cell.readings, [TIE_BREAK_SOURCE]: third };
    const key = comparisonKey(third);
    const [sa, va, sb, vb] = tied;
    const winner = key === comparisonKey(va) ? ([sa, va] as const) : key === comparisonKey(vb) ? ([sb, vb] as const) : null;
    if (!winner) return { ...cell, readings };
    const { provisional: _provisional, ...rest } = cell;
    return {
      ...rest,
      value: displayText(withoutEdgeRulings(winner[1])),
      confidence: "resolved",
      sources: [winner[0], TIE_BREAK_SOURCE],
      readings,
    };
  };
  return { ...table, header_cells: table.header_cells.map(settle), rows: table.rows.map((row) => row.map(settle)) };
}
