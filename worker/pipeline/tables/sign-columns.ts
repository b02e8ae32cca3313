// Currency and percent signs set apart from their numbers. US reports print "$" at the LEFT edge
// of a money column, on the first row and on total rows only, while the digits stand
// right-aligned: the signs line up in a column of their own, with a whitespace gutter between
// them and the digits. A sign is part of its number's cell (the ICDAR ground truth joins them), so
// a column holding nothing but lone signs is joined with the column of numbers it stands before
// ("$") or after ("%"). Generated family currency-columns (tests/pdf/corpus).
import type { ColumnSpan } from "../geometry/chunks-to-columns";
import { makeLine } from "../geometry/words-to-lines";
import type { Settings } from "../settings";
import type { TextLine, Word } from "../types";

/** Signs written before a number. */
const LEADING_SIGN = /^(US\$|C\$|A\$|[$€£¥])$/;
/** Signs written after a number. */
const TRAILING_SIGN = /^%$/;

/** A currency sign standing alone, as it is written before its number. */
export function isLeadingSign(text: string): boolean {
  return LEADING_SIGN.test(text.trim());
}

/** A percent sign standing alone, as it is written after its number. */
export function isTrailingSign(text: string): boolean {
  return TRAILING_SIGN.test(text.trim());
}

/** The chunks lying wholly inside a column (as chunksToColumns measures its extent). */
function chunksIn(col: ColumnSpan, chunkRows: TextLine[][]): TextLine[] {
  return chunkRows.flatMap((chunks) => chunks.filter((c) => c.box[0] >= col.x0 - 0.5 && c.box[2] <= col.x1 + 0.5));
}

/** Joins each value column (never the first, the row labels) that holds only lone signs with
 * the column its signs belong to, when that column holds a chunk on every line a sign stands on. */
export function mergeSignColumns(columns: ColumnSpan[], chunkRows: TextLine[][]): ColumnSpan[] {
  const out = columns.map((c) => ({ ...c }));
  const linesWith = (col: ColumnSpan) =>
    new Set(chunkRows.flatMap((chunks, i) => (chunks.some((c) => c.box[0] < col.x1 && c.box[2] > col.x0) ? [i] : [])));
  const signLines = (col: ColumnSpan, sign: RegExp) => {
    const texts = chunksIn(col, chunkRows);
    if (texts.length === 0 || !texts.every((c) => sign.test(c.text.trim()))) return null;
    return new Set(chunkRows.flatMap((chunks, i) => (chunks.some((c) => texts.includes(c)) ? [i] : [])));
  };
  const joinable = (signs: Set<number> | null, target: ColumnSpan) => {
    if (!signs) return false;
    const numbers = linesWith(target);
    return [...signs].every((i) => numbers.has(i));
  };
  for (let k = out.length - 2; k >= 1; k--) {
    if (!joinable(signLines(out[k]!, LEADING_SIGN), out[k + 1]!)) continue;
    const [sign, values] = [out[k]!, out[k + 1]!];
    out.splice(k, 2, { x0: Math.min(sign.x0, values.x0), x1: Math.max(sign.x1, values.x1) });
  }
  for (let k = out.length - 1; k >= 2; k--) {
    if (!joinable(signLines(out[k]!, TRAILING_SIGN), out[k - 1]!)) continue;
    const [values, sign] = [out[k - 1]!, out[k]!];
    out.splice(k - 1, 2, { x0: Math.min(sign.x0, values.x0), x1: Math.max(sign.x1, values.x1) });
  }
  return out;
}

/** A chunk running from one column into the next whose sign ("$") stands at that column's left
 * edge, where the column's other signs stand ("(77,440) $ 112,478" on a total row, the closing
 * parenthesis hanging into the gutter so the gap left is about one em): cut before the sign, when
 * the gap before it is a word gap wider than a space (gutterSplitGapEm). */
export function splitBeforeSigns(chunk: TextLine, columns: ColumnSpan[], settings: Settings): TextLine[] {
  if (chunk.words.length < 2) return [chunk];
  const parts: Word[][] = [[chunk.words[0]!]];
  for (let k = 1; k < chunk.words.length; k++) {
    const [prev, word] = [chunk.words[k - 1]!, chunk.words[k]!];
    const atColumnStart = columns.some(
      (col, c) => c > 0 && Math.abs(word.box[0] - col.x0) <= settings.gutterTolerance && prev.box[0] < col.x0,
    );
    const wide = word.box[0] - prev.box[2] >= Math.max(prev.size, word.size) * settings.gutterSplitGapEm;
    if (isLeadingSign(word.text) && atColumnStart && wide) parts.push([word]);
    else parts[parts.length - 1]!.push(word);
  }
  return parts.length === 1 ? [chunk] : parts.map(makeLine);
}
