// Whether a text line of an unruled table carries on the row above (a wrapped label or value)
// rather than starting a row of its own (layout-model.ts).
import type { TextLine, Word } from "../types";
import type { Settings } from "../settings";
import { valuesOnInnerWrap } from "./inner-wraps";
import { isNumeric } from "./cell-text";
import { hangingWrapAnswer } from "./hanging-wraps";
import { wrapsStubByValues } from "./stub-wraps";
import { noRoomFor } from "./label-room";
import type { LineCell, LineCells } from "./line-cells";

/** A line continues the row above when it is close below it and fills no column the row above
 * leaves empty except as text (a wrapped label or description, never a new number). `nextLine`:
 * the line under it, if any. */
export function isContinuation(
  cells: LineCells,
  prevCells: LineCells,
  line: TextLine,
  prevLine: TextLine,
  stubRight: number,
  settings: Settings,
  nextLine?: TextLine,
): boolean {
  const gap = line.box[1] - prevLine.box[3];
  if (gap > line.size * settings.wrapGapEm) return false;
  // A stub label's wrap at a hanging indent where the values say it is no child row (stub-wraps.ts).
  const hangs = (words: Word[], above: Word[]) => hangsUnderWhenOn(words, above, prevLine, stubRight, line.size, settings);
  if (wrapsStubByValues(cells, prevCells, nextLine, hangs, line.size, settings)) return true;
  const texts = [...cells.entries()];
  // The values of a row label wrapped over several lines sit on its middle line: a line of values
  // with the first column empty, right under a label that has none yet.
  if (!cells.has(0) && prevCells.size === 1 && prevCells.has(0)) return true;
  // ...or on its last line: the line above is a label alone (no values yet), and this line's
  // first-column text goes on with its phrase (lower case, not indented: an indented "of which"
  // row is a row of its own).
  if (prevCells.size === 1 && prevCells.has(0) && continuesLabel(cells.get(0), prevCells.get(0)!, prevLine, stubRight, line.size, settings))
    return true;
  // ...or an inner text cell's (a description between a code and the values: inner-wraps.ts).
  if (valuesOnInnerWrap(cells, prevCells, line.size, settings, isNumeric)) return true;
  if (texts.some(([, c]) => isNumeric(c.words.map((w) => w.text).join(" ")))) return false;
  // A label alone on its line at a hanging indent, where the label above ran out of room.
  const label = cells.get(0);
  const aboveLabel = prevCells.get(0);
  if (
    cells.size === 1 &&
    label &&
    label.last === 0 &&
    aboveLabel &&
    hangsUnder(label.words, aboveLabel.words, prevLine, stubRight, line.size, settings)
  )
    return true;
  if (carriesOnNames(cells, prevCells)) return true;
  // A label spanning columns is a section label of its own, not the tail of a cell.
  if (texts.some(([col, c]) => c.last > col)) return false;
  // A wrapped first-column label continues in lower case, or the line leaves column 0 empty
  // while the line above has text in the same columns.
  if (!cells.has(0)) return texts.every(([col]) => prevCells.has(col));
  // Every cell of the line continues a sentence (starts in lower case) of the row above.
  return texts.every(([col, c]) => prevCells.has(col) && /^[a-z(]/.test(c.words[0]?.text ?? ""));
}

/** Column names wrapped onto several lines and aligned on their last line: the longer names start
 * higher, so a header line fills columns the line above leaves empty, and carries on, in lower
 * case, every name the line above started ("Share of" / "women in"). A band label over several
 * columns starts no name that goes on below it, and the names under it start afresh. */
function carriesOnNames(cells: LineCells, prevCells: LineCells): boolean {
  if (prevCells.has(0) || prevCells.size === 0) return false;
  return [...prevCells].every(([col, above]) => {
    const below = cells.get(col);
    return above.last === col && below !== undefined && below.last === col && /^[a-z(]/.test(below.words[0]?.text ?? "");
  });
}

/** A first-column text that carries on the label above it: starts in lower case, one column
 * wide, at the label's left edge; or at a hanging indent right of it when the label's last line
 * had no room for this text's first word before the stub's right edge (`stubRight`): a wrap. An
 * indented line under a label with room to spare ("Employment" / "  of which women") is a row of
 * its own. */
function continuesLabel(
  cell: LineCell | undefined,
  above: { words: Word[] },
  aboveLine: TextLine,
  stubRight: number,
  size: number,
  settings: Settings,
): boolean {
  if (!cell || cell.last !== 0) return false;
  const left = Math.min(...cell.words.map((w) => w.box[0]));
  const aboveLeft = Math.min(...above.words.map((w) => w.box[0]));
  if (Math.abs(left - aboveLeft) <= size * settings.wrapIndentEm) return /^[a-z(]/.test(cell.words[0]?.text ?? "");
  return hangsUnder(cell.words, above.words, aboveLine, stubRight, size, settings);
}

/** A word of leader dots ("." of ". . . .", or "......"). */
export const LEADER_DOTS = /^[.\u00B7\u2026]+$/;

/** First-column words at a hanging indent under a label whose last line (on `aboveLine`) had no
 * room for their first word before the stub's right edge: the label wrapped there. They start in
 * lower case or with a number ("under" / "18 years"); a label ending in a colon is a section
 * head, whatever its width. */
function hangsUnder(words: Word[], above: Word[], aboveLine: TextLine, stubRight: number, size: number, settings: Settings): boolean {
  return hangingWrapAnswer(settings, hangsUnderWhenOn(words, above, aboveLine, stubRight, size, settings));
}

/** hangsUnder with hanging wraps on. */
function hangsUnderWhenOn(words: Word[], above: Word[], aboveLine: TextLine, stubRight: number, size: number, settings: Settings): boolean {
  const sorted = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const first = sorted[0];
  if (!first || !/^[a-z(0-9]/.test(first.text)) return false;
  const lastLine = above
    .filter((w) => w.box[1] >= aboveLine.box[1] - 1 && w.box[3] <= aboveLine.box[3] + 1 && !LEADER_DOTS.test(w.text))
    .sort((a, b) => a.box[0] - b.box[0]);
  if (lastLine.length === 0 || lastLine[lastLine.length - 1]!.text.endsWith(":")) return false;
  const indent = first.box[0] - Math.min(...above.map((w) => w.box[0]));
  if (indent <= 0 || indent > size * settings.wrapHangingIndentEm) return false;
  return noRoomFor(lastLine[lastLine.length - 1]!.box[2], first, stubRight, size, settings);
}
