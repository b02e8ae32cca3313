// The two OCR readings of a scanned cell, as the scan checks that weigh one against the other
// (reading-slips.ts, tie-break.ts) take them.
import type { Cell, CellSource } from "../../../lib/result/schema";
import { isOcrSource } from "../../../lib/ocr/engine-names";

/** The cell's OCR readings as [source, value, source, value] when it has exactly two, whatever
 * else it has; null otherwise. */
export function twoOcrReadings(cell: Cell): [CellSource, string, CellSource, string] | null {
  const entries = Object.entries(cell.readings ?? {}).filter(([source]) => isOcrSource(source));
  if (entries.length !== 2) return null;
  const [[sa, va], [sb, vb]] = entries as [[CellSource, string], [CellSource, string]];
  return [sa, va, sb, vb];
}
