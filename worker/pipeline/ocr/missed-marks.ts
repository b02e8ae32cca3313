// Nil marks the first engine's detector passed over. A cell holding only a mark ("-", "–", "..",
// "*": no letter or digit) is a small isolated glyph: PaddleOCR's detector drops most of them, and
// Tesseract, given one as a crop, returns nothing. So such a cell had the text layer alone
// (unverified), and every relation it took part in was unverified with it. PaddleOCR's recogniser
// reads a mark well once it is shown one: the cell is cropped as the cascade crops a cell
// (cell-crops.ts cropOfCell) and recognised without detection. What it reads is a reading like any
// other: a dash over the text layer's "-" backs it; a drawn "8" under an invisible "-" disputes it;
// an empty crop is no reading. A lone em dash the recogniser sees but cannot name (it reads "|" or
// "I" below its line score) is read as a dash only when its ink is one dash stroke
// (paddle/dash-stroke.ts): a digit drawn there is read as the digit, and disputes.
import type { BBox, Table } from "../../../lib/result/schema";
import type { Word as PageWord } from "../types";
import { comparisonKey } from "../reconcile/normalise";
import { textInBox, type BoxedWord } from "../reconcile/words-in-box";
import { asTheVoteSees, cropOfCell } from "./cell-crops";
import type { OcrEngines, ReadCellsInput } from "./read-page-ocr";
import type { OcrEngineName, OcrPageReading } from "./types";

/** A value with something in it but no letter or digit. */
export function isNilMark(value: string): boolean {
  return value.trim() !== "" && !/[\p{L}\p{N}]/u.test(value);
}

/** The boxes of the cells holding only a mark where the first reading (as the vote will see it)
 * has nothing and the second reading does not back the mark. */
export function marksFirstMissed(tables: readonly Table[], firstWords: readonly BoxedWord[], secondWords: readonly BoxedWord[]): BBox[] {
  const boxes: BBox[] = [];
  for (const table of tables) {
    const marks = [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.bbox && isNilMark(cell.value));
    // Most tables hold no mark: the readings are cut at the cells' boundaries (the costly part:
    // every word against every cell) only for a table that does.
    if (marks.length === 0) continue;
    const first = asTheVoteSees(table, firstWords);
    const second = asTheVoteSees(table, secondWords);
    for (const cell of marks) {
      if (!cell.bbox) continue;
      if (textInBox(first, cell.bbox).trim() !== "") continue;
      if (comparisonKey(textInBox(second, cell.bbox)) === comparisonKey(cell.value)) continue;
      boxes.push(cell.bbox);
    }
  }
  return boxes;
}

/** Reads the missed marks' crops with the first engine and adds its words to that engine's page
 * reading. A failure leaves the reading as it was. */
export async function readMissedMarks(
  engines: OcrEngines,
  input: Omit<ReadCellsInput, "turn" | "boxes"> & { tables: readonly Table[]; textWords: readonly PageWord[] },
  first: OcrEngineName,
  firstReading: OcrPageReading,
  secondWords: readonly BoxedWord[],
): Promise<void> {
  const missed = marksFirstMissed(input.tables, firstReading.words, secondWords);
  if (missed.length === 0) return;
  const read = await engines.readMissedMarks({ ...input, boxes: missed.map((box) => cropOfCell(box, input.textWords)) });
  if (!read || read.words.length === 0) return;
  input.pageOcr.readings[first] = { ...firstReading, words: [...firstReading.words, ...read.words] };
}
