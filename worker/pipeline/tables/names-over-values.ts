// A line of column names set close, right above the first row of values. Names as wide as their
// columns, set a narrow gutter apart (a tight statistical table: "Exports Wages Turnover Imports"
// 0.6-0.8 em apart), make one chunk of the line, and a chunk of six words or more reads as prose
// (isProseChunk): the line is no table row, so detection left it out and the table lost its
// header. Yet each of its words stands over a column of values of its own, one word a column,
// further apart than a word space: no prose is set that way over a table's columns. Such a line
// joins the table; the layout reading then gives each word its column (layout-model.ts
// wordsOverOwnColumns, the same test: words-over-columns.ts).
import type { TextLine } from "../types";
import { isNumeric } from "./cell-text";
import { columnsOfWords, wordsSetApart } from "./words-over-columns";
import type { Settings } from "../settings";

/** Whether `line` names the value columns of `first` (the table's first tabular line; its cell
 * chunks after the first are the value columns): it lies within `regionGapEm` above it; the words
 * over the values are one for each value column (two or more), each overlapping its own column
 * most, at least `namesApartEm` apart, none a number; the words before them (the stub's name, if
 * any) end before the first value column starts. */
export function isNamesOverValues(line: TextLine, first: { line: TextLine; cells: TextLine[] }, settings: Settings): boolean {
  const columns = first.cells.slice(1);
  if (columns.length < 2 || settings.namesApartEm <= 0) return false;
  const size = Math.max(line.size, first.line.size);
  if (line.box[3] > first.line.box[1] + 1 || first.line.box[1] - line.box[3] > size * settings.regionGapEm) return false;
  const valuesLeft = columns[0]!.box[0];
  const over = line.words.filter((w) => w.box[2] > valuesLeft);
  if (over.length !== columns.length || over.some((w) => isNumeric(w.text))) return false;
  const owners = columnsOfWords(
    over,
    columns.map((c) => ({ x0: c.box[0], x1: c.box[2] })),
  );
  if (owners.some((o, k) => o !== k)) return false;
  return wordsSetApart(over, settings.namesApartEm);
}
