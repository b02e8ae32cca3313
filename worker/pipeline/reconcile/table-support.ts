// Table-level OCR support (the table's ocr_unsupported): a table is flagged, not dropped, when
// no independent OCR reading found any content overlapping it (the OCR did not run, failed, or saw
// nothing there, e.g. text-layer-only content drawn in white).
import type { BBox } from "../../../lib/result/schema";
import { OCR_SOURCES } from "../../../lib/ocr/engine-names";
import type { WordReadings } from "./reconcile-cell";
import { boxOf, isRulingNoise, type BoxedWord } from "./words-in-box";

export function isOcrUnsupported(tableBox: BBox, readings: WordReadings): boolean {
  for (const source of OCR_SOURCES) {
    const words: readonly BoxedWord[] | undefined = readings[source];
    if (!words) continue;
    const overlaps = words.some((w) => {
      if (isRulingNoise(w.text)) return false;
      const b = boxOf(w);
      const cx = (b[0] + b[2]) / 2;
      const cy = (b[1] + b[3]) / 2;
      return cx >= tableBox[0] && cx <= tableBox[2] && cy >= tableBox[1] && cy <= tableBox[3];
    });
    if (overlaps) return false;
  }
  return true;
}
