// A group label in the stub that runs on over the value columns and past the table's right edge
// ("Households with one or more persons aged 65" over two narrow value columns). A region is the
// box of its tabular lines' cells, so such a label's last words fell outside it: the words whose
// centre lay inside were read as the label and the rest ("65") came out as prose, the label cut
// and nothing in doubt. A label alone on its line between the table's rows, starting in the stub,
// is a row of the table whole, wherever it ends. Generated family row-group-headers.
import type { Box, TextLine } from "../types";
import { lineToChunks } from "../geometry/words-to-lines";
import { isNumeric } from "./cell-text";
import type { Settings } from "../settings";

/** The boxes of the part's label lines (between its first and last tabular line, not tabular
 * themselves) that are one chunk starting in the stub (within `span`, left of the value columns:
 * `valuesLeft`) and running past the span's right edge: rows of the table, whose whole boxes
 * belong to its region. */
export function overrunningLabels(
  part: ReadonlyArray<{ line: TextLine; tabular: boolean }>,
  span: Box,
  valuesLeft: number,
  settings: Settings,
): Box[] {
  if (!settings.overrunningGroupLabels) return [];
  const first = part.findIndex((x) => x.tabular);
  const last = part.length - 1 - [...part].reverse().findIndex((x) => x.tabular);
  return part
    .slice(first + 1, last)
    .filter(({ line, tabular }) => {
      if (tabular || line.box[2] <= span[2] + 1) return false;
      if (line.box[0] < span[0] - 1 || line.box[0] >= valuesLeft) return false;
      const chunks = lineToChunks(line, settings.columnGapEm, settings.numberGapEm);
      return chunks.length === 1 && !isNumeric(line.text) && /\p{L}/u.test(line.text);
    })
    .map((x) => x.line.box);
}
