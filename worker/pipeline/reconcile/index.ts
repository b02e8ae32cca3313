// The reconciler: the one place independent readings meet.
// Pure functions; nothing here runs an engine.
//
// Value readings are word lists keyed by source (WordReadings): "pdf-text" (the text layer),
// "ocr-1", "ocr-2" (from OcrEngines, worker/pipeline/ocr). Words are {text, bbox} (OCR) or
// {text, box} (the pipeline's text-layer words), PDF points, top-left origin. Leave a source out
// when that reading did not run or failed on the page.
//
//   reconcileCell(box, readings) -> Cell
//       the text each reading sees inside `box` (words whose centre lies in it), compared in a
//       normalised form (comparisonKey: NFKC, whitespace, dash/minus variants, quotes, ligatures;
//       never digits or separators) but delivered in its own spelling (displayText), then the
//       vote (vote.ts): verified / resolved / unverified / disputed, with `readings` only when
//       they disagree and `provisional: true` only when disputed.
//       Header cells the same.
//   reconcileExistingCell(cell, "pdf-text", readings) -> Cell
//       the same for a cell already assembled from the text layer (its value is that vote).
//   voteOnReadings({ "pdf-text": "42", "ocr-1": "42", ... }) -> {value, confidence, sources, ...}
//       the vote alone, for callers that already have texts.
//   reconcileTable(table, "pdf-text", readings) -> Table
//       every header and body cell via reconcileExistingCell, header re-derived, ocr_unsupported
//       set when no OCR reading has content in table.bbox. The usual entry point for a table.
//   reconcileStructure(tables, tableModels, pageWords, structureReadings) -> {tables, verdicts}
//       the structure vote (structure-vote.ts): each non-empty cell's boundaries judged by every
//       structure reading (pdf-grid, pdf-layout, pdf-tags, ocr-2-lines); confidence only goes down:
//       verified needs two supporting structure readings and none against.
//   reconcileProse(block, "pdf-text", readings) -> Prose      (confidence + sources)
//   isPageUnreadable(hasTextLayer, pageOcr.readings) -> boolean   (PageEntry.unreadable)
//   isOcrUnsupported(tableBox, readings) -> boolean          (Table.ocr_unsupported)
//   verifyProse({text, bbox}, ownSource, readings) -> {confidence, sources}   (Prose)
//   verifyFigure(box, ["layout", "pdf-image"?], ocrNonTextRegions) -> {confidence, sources} (Image)
//
// Converting OCR outcomes: ocrWordReadings(pageOcr.readings) drops failed readings.
import type { OcrOutcome, OcrEngineName } from "../ocr/types";
import type { WordReadings } from "./reconcile-cell";
import type { BBox } from "../../../lib/result/schema";

export { reconcileCell, reconcileExistingCell, cellReadings, type WordReadings } from "./reconcile-cell";
export { voteOnReadings, VALUE_PRIORITY, type CellReadings, type Verdict } from "./vote";
export { normaliseText, comparisonKey, displayText, readingsAgree } from "./normalise";
export { isOcrUnsupported } from "./table-support";
export { reconcileTable, reconcileProse, isPageUnreadable } from "./reconcile-page";
export { verifyProse, type ProseVerdict } from "./prose";
export { verifyFigure, type FigureVerdict } from "./figure";
export { textInBox, wordsInBox, wordsToText, type BoxedWord } from "./words-in-box";
export { RECONCILE_SETTINGS } from "./settings";
export { reconcileStructure, type PageStructureOutcome } from "./structure-page";
export {
  judgeCell,
  applyVerdict,
  voteOnStructure,
  prepareReading,
  PageWords,
  type StructureVerdict,
  type PreparedReading,
  type Opinion,
} from "./structure-vote";

/** The word lists of the OCR readings that worked on a page (failed ones are left out). */
export function ocrWordReadings(readings: Partial<Record<OcrEngineName, OcrOutcome>>): WordReadings {
  const out: WordReadings = {};
  for (const [source, outcome] of Object.entries(readings) as [OcrEngineName, OcrOutcome | undefined][]) {
    if (outcome && !("error" in outcome)) out[source] = outcome.words;
  }
  return out;
}

/** Non-text regions of every OCR reading that worked, for verifyFigure. */
export function ocrNonTextRegions(readings: Partial<Record<OcrEngineName, OcrOutcome>>): BBox[] {
  return Object.values(readings).flatMap((outcome) => (outcome && !("error" in outcome) ? outcome.nonTextRegions : []));
}
