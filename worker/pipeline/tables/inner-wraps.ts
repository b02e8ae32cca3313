// Wrapped text in an inner column (a description between a code column and value columns): the
// row's first line is tabular, its next lines hold only the description's continuation, flush
// with the description's left edge and starting in lower case (running text breaks mid-sentence).
// Inside a table such lines are carried by the lines around them; under the table's LAST row
// nothing follows them, and the region used to end above them, leaving the row's description
// cut and its tail delivered as prose. Generated family text-columns (2026-11-25.16).
import type { TextLine } from "../types";
import type { Settings } from "../settings";
import { lineToChunks } from "../geometry/words-to-lines";

/** `line` carries on the text of one of `above`'s inner cells (not its first chunk: the stub's
 * own wraps are wrapsLabel's): one chunk, at wrap distance, flush with that cell's left edge,
 * no wider than the room before the next cell, starting in lower case or with "(". */
export function continuesInnerCell(line: TextLine, above: TextLine, settings: Settings): boolean {
  if (!settings.innerCellWraps) return false;
  if (line.box[1] - above.box[3] > line.size * settings.wrapGapEm || line.box[1] < above.box[3] - 1) return false;
  if (!/^[a-z(]/.test(line.words[0]?.text ?? "")) return false;
  const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
  if (chunks.length !== 1) return false;
  const cells = lineToChunks(above, settings.columnGapEm, settings.numberGapEm);
  const k = cells.findIndex((c, i) => i > 0 && Math.abs(c.box[0] - line.box[0]) <= line.size * settings.wrapIndentEm);
  if (k < 0) return false;
  const next = cells[k + 1];
  return !next || line.box[2] < next.box[0];
}
