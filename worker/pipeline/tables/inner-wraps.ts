// Wrapped text in an inner column (a description between a code column and value columns): the
// row's first line is tabular, its next lines hold only the description's continuation, flush
// with the description's left edge and starting in lower case (running text breaks mid-sentence).
// Inside a table such lines are carried by the lines around them; under the table's LAST row
// nothing follows them, and the region used to end above them, leaving the row's description
// cut and its tail delivered as prose. Generated family text-columns.
import type { TextLine, Word } from "../types";
import type { Settings } from "../settings";
import { lineToChunks } from "../geometry/words-to-lines";
import type { LineCells } from "./line-cells";

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

/** Within a table: `cells` (a line, its first column empty) carry on the row `prevCells` when that
 * row has no values yet (nothing outside its first column is a number), one of its inner text
 * cells goes on here flush and in lower case, and the line's other cells fill columns the row
 * left empty: the row's values stand on its description's last line ("Air transportation,
 * scheduled" / "and nonscheduled   660.7   200.6"), as many US reports set them. The stub's own
 * wraps with values on the last line are build-table's continuesLabel. */
export function valuesOnInnerWrap(
  cells: LineCells,
  prevCells: LineCells,
  size: number,
  settings: Settings,
  isNumeric: (text: string) => boolean,
): boolean {
  if (!settings.innerCellWraps || cells.has(0) || prevCells.size < 2) return false;
  const text = (c: { words: Word[] }) => c.words.map((w) => w.text).join(" ");
  if ([...prevCells].some(([col, c]) => col > 0 && isNumeric(text(c)))) return false;
  let carried = false;
  for (const [col, cell] of cells) {
    const above = prevCells.get(col);
    if (!above) continue;
    // The one cell present in both: a single-column text going on flush, in lower case.
    if (carried || col === 0 || cell.last !== col || above.last !== col) return false;
    const left = Math.min(...cell.words.map((w) => w.box[0]));
    const aboveLeft = Math.min(...above.words.map((w) => w.box[0]));
    if (Math.abs(left - aboveLeft) > size * settings.wrapIndentEm || !/^[a-z(]/.test(cell.words[0]?.text ?? "")) return false;
    carried = true;
  }
  return carried;
}
