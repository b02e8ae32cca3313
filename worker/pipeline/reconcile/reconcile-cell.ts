// A cell's value from its readings: the text each value reading sees inside the cell box, voted
// on (vote.ts). Structure readings (pdf-grid, pdf-layout, ...) give the box here, and vote on its
// boundaries separately (structure-vote.ts).
import type { BBox, Cell, CellSource } from "../../../lib/result/schema";
import { voteOnReadings, type CellReadings, type ReadingConfidences } from "./vote";
import { boxOf, textInBox, wordsInBox, type BoxedWord } from "./words-in-box";
import { comparisonKey } from "./normalise";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";
import { engineCanRead } from "../ocr/engine-alphabets";
import { scriptLanguageOf } from "../ocr/script-languages";
import { isCentreIn } from "../geometry/box";

/** The words of each value reading of the page, keyed by source. Leave a source out when that
 * reading did not run or failed on this page (it then neither votes nor abstains). */
export type WordReadings = Partial<Record<CellSource, readonly BoxedWord[]>>;

export function cellReadings(box: BBox, readings: WordReadings): CellReadings {
  const texts: CellReadings = {};
  for (const [source, words] of Object.entries(readings) as [CellSource, readonly BoxedWord[] | undefined][]) {
    if (words) texts[source] = textInBox(words, box);
  }
  return texts;
}

/** How sure each OCR reading is of what it saw in `box`: the least confidence of its words there
 * (a cell is as sure as its least sure word). Readings without word confidences, or without a
 * word in the box, are left out. */
export function readingConfidences(box: BBox, readings: WordReadings): ReadingConfidences {
  const out: ReadingConfidences = {};
  for (const [source, words] of Object.entries(readings) as [CellSource, readonly BoxedWord[] | undefined][]) {
    if (!words) continue;
    const sure = wordsInBox(words, box)
      .map((w) => w.confidence)
      .filter((c): c is number => typeof c === "number");
    if (sure.length > 0) out[source] = Math.min(...sure);
  }
  return out;
}

/** The reconciled cell for `box` (PDF points, top-left origin), carrying that box as its bbox. */
export function reconcileCell(box: BBox, readings: WordReadings): Cell {
  const verdict = voteOnReadings(cellReadings(box, readings));
  return { ...stripUndefined(verdict), bbox: box };
}

/** Reconciles an existing cell (e.g. one assembled from the text layer) against other readings:
 * its value counts as the `ownSource` reading, and its bbox is kept. Cells without a bbox cannot
 * be located in the OCR readings and come back unchanged. */
export function reconcileExistingCell(
  cell: Cell,
  ownSource: CellSource,
  readings: WordReadings,
  confidenceFrom: WordReadings = {},
  textLayerAsCompared?: string | null,
): Cell {
  if (!cell.bbox) return cell;
  const texts = cellReadings(cell.bbox, readings);
  texts[ownSource] = cell.value;
  // An engine that cannot read the value's script gives junk there: no reading (engine-alphabets.ts),
  // unless it read the cell with a model of that script (ocr/script-cells.ts).
  for (const engine of OCR_ENGINE_NAMES)
    if (
      engine !== ownSource &&
      texts[engine] !== undefined &&
      !engineCanRead(engine, cell.value) &&
      !readInScriptOf(cell, readings[engine])
    )
      delete texts[engine];
  // Confidences only break ties between OCR readings, which the vote never does where the text
  // layer spoke: on a born-digital page they are not looked up at all (the reconcile step runs
  // for every cell of every page).
  const confidences = comparisonKey(texts["pdf-text"] ?? "") === "" ? readingConfidences(cell.bbox, confidenceFrom) : {};
  return { ...stripUndefined(voteOnReadings(texts, confidences, textLayerAsCompared ?? undefined)), bbox: cell.bbox };
}

/** Whether `words` read the cell with a model of its value's script. */
function readInScriptOf(cell: Cell, words: readonly BoxedWord[] | undefined): boolean {
  const language = scriptLanguageOf(cell.value);
  if (!language || !words || !cell.bbox) return false;
  const box = cell.bbox;
  return words.some((w) => w.language === language && isCentreIn(boxOf(w), box));
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
