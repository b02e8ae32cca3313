// A stub label wrapped at a hanging indent, told from a child row by where the values stand. An
// indented line under a label that had no room for its first word is a wrap in some reports and a
// child row in others ("Total, 16 years and over" / "16 to 19 years"), and geometry alone cannot
// tell them apart (settings.hangingWraps keeps such a line a row of its own). The values can: a
// child row and its parent each carry their own, and a section head stands over several children.
// When only one of the two lines carries values and the indented line heads nothing and has no
// sibling (the next line starts left of it), the two lines are one row: the label's values on its
// first line ("Married-couple households ... under  -4.2" / "18 years") or on its last
// ("Manufacturing, durable goods and" / "nondurable goods combined  +85.9"). Generated family
// indented-stub (values on the first or the last line).
import type { TextLine, Word } from "../types";
import type { Settings } from "../settings";
import { lineToChunks } from "../geometry/words-to-lines";
import { isNumeric } from "./cell-text";
import { noRoomFor } from "./label-room";
import type { LineCells } from "./line-cells";

/** The hanging-indent test of row-continuation.ts: `words` stand at a hanging indent under the
 * label `above`, no section head, where its last line had no room for their first word (the room
 * test of label-room.ts, as wrapsRowLabel's). */
export type HangsUnder = (words: Word[], above: Word[]) => boolean;

const textOf = (c: { words: Word[] }) => c.words.map((w) => w.text).join(" ");

/** `cells` (a line) carry on the stub label of the row above (`prevCells`): the line's stub text
 * hangs under that label (`hangs`: the label had no room for its first word; an "of which" row
 * under a short label stays a row), exactly one of the two carries values, and `nextLine` (the
 * line under it, if any) starts left of it by more than a wrap's indent tolerance. */
export function wrapsStubByValues(
  cells: LineCells,
  prevCells: LineCells,
  nextLine: TextLine | undefined,
  hangs: HangsUnder,
  size: number,
  settings: Settings,
): boolean {
  if (!settings.stubWrapsByValues) return false;
  const label = cells.get(0);
  const above = prevCells.get(0);
  if (!label || label.last !== 0 || !above || above.last !== 0) return false;
  // Beside its label the line holds values only, one column each.
  const values = [...cells].filter(([col]) => col > 0);
  if (values.some(([col, c]) => c.last !== col || !isNumeric(textOf(c)))) return false;
  const aboveValues = [...prevCells].filter(([col]) => col > 0);
  // Values on one line only: on the label's first line (this line has none) or on its last (the
  // row above is its label alone). A child row and its parent both carry values.
  if (values.length > 0 ? aboveValues.length > 0 : !aboveValues.some(([, c]) => isNumeric(textOf(c)))) return false;
  const first = [...label.words].sort((a, b) => a.box[0] - b.box[0])[0]!;
  if (!hangs(label.words, above.words)) return false;
  // The line heads no group and has no sibling: whatever follows starts left of it.
  return nextLine === undefined || nextLine.box[0] < first.box[0] - size * settings.wrapIndentEm;
}

/** Detection's side of the same question, before any cell is read: `line` (one chunk, no value)
 * right under `above` (at wrap distance; the row's line or a line carried on under it) carries on
 * the label of `row` (a line of the table with its cell chunks: the first its label, and values
 * beside it, so the label's values stand on its first line) when it hangs under that label (right
 * of its start, within a hanging indent) and goes on in lower case, or starts with a number where
 * the line above had no room for its first word before `stubRight` (the stub's right edge so far)
 * and `after` (the line under it, if any) starts left of it. Detection ended the table above such
 * a line, or cut it there when more of them came in a row than a table's interruptions allow (a
 * wrap on three lines, then a section head). */
export function wrapsRowLabel(
  line: TextLine,
  above: TextLine,
  row: { line: TextLine; cells: readonly TextLine[] },
  stubRight: number,
  after: TextLine | undefined,
  settings: Settings,
): boolean {
  if (!settings.stubWrapsByValues) return false;
  const label = row.cells[0];
  if (!label || isNumeric(label.text) || !row.cells.slice(1).some((c) => isNumeric(c.text))) return false;
  const size = Math.max(line.size, above.size);
  if (line.box[1] - above.box[3] > size * settings.wrapGapEm || line.box[1] < above.box[3] - 1) return false;
  if (lineToChunks(line, settings.columnGapEm, settings.numberGapEm).length !== 1 || isNumeric(line.text)) return false;
  if (/:$/.test(label.text)) return false;
  const indent = line.box[0] - label.box[0];
  if (indent <= size * settings.wrapIndentEm || indent > size * settings.wrapHangingIndentEm) return false;
  const first = line.words[0]!;
  if (!/^[a-z(0-9]/.test(first.text)) return false;
  // The line above's text in the stub: the row's label, or a line carried on before this one.
  const aboveRight = above === row.line ? label.box[2] : above.box[2];
  // A phrase going on in lower case carries on the label, as layoutToModel joins it (another line
  // of the label may follow at its indent).
  if (/^[a-z(]/.test(first.text)) return true;
  return (
    noRoomFor(aboveRight, first, stubRight, size, settings) &&
    (after === undefined || after.box[0] < line.box[0] - size * settings.wrapIndentEm)
  );
}
