// Rows of a grid row that holds several text lines (a table ruled between its columns only, the
// US Census / BLS layout): its rows come from the text lines, and a row label wrapped onto two
// lines must stay one row. Which lines go together is decided by their words, with the rule the
// text-layout reader pdf-stream uses (structure/stream-lines.ts carriesOn), not by a new one:
//   - a line without numbers continues the row above when each of its cells carries on the same
//     column's text above it (starts in lower case, or the text above ends in a hyphen, comma or
//     joining word);
//   - a line with numbers continues the row above only when that row is a label alone (no values
//     yet: values on the label's last line) and its first-column text carries the label on, or
//     when the row above holds words only and every cell of this line under one of its cells
//     carries that cell on (a code and its description wrapped into the line of values).
// Lines without such evidence stay rows of their own, as before.
import type { TextLine } from "../types";
import { carriesOn } from "../structure/stream-lines";

/** One text line of the grid row: the text of each cell (by grid column) on it. */
export type GridLineTexts = ReadonlyMap<number, string>;

/** Groups consecutive lines (top to bottom) into rows: returns, for each line, whether it starts a
 * row of its own (the first line always does). `stubCol` is the grid's first column. */
export function rowStarts(lines: readonly GridLineTexts[], stubCol: number, isNumeric: (text: string) => boolean): boolean[] {
  const starts: boolean[] = [];
  let row: { cells: Map<number, string>; values: boolean } | null = null;
  for (const line of lines) {
    const values = [...line.values()].some(isNumeric);
    if (row && continuesRow(row, line, values, stubCol)) {
      for (const [col, text] of line) row.cells.set(col, row.cells.has(col) ? `${row.cells.get(col)} ${text}` : text);
      row.values ||= values;
      starts.push(false);
    } else {
      row = { cells: new Map(line), values };
      starts.push(true);
    }
  }
  return starts;
}

/** pdf-stream's `continues`, on grid cells instead of stream pieces. */
function continuesRow(
  row: { cells: ReadonlyMap<number, string>; values: boolean },
  line: GridLineTexts,
  hasValues: boolean,
  stubCol: number,
): boolean {
  const carried = [...line.keys()].filter((col) => {
    const above = row.cells.get(col);
    return above !== undefined && carriesOn(above, line.get(col)!);
  });
  if (carried.length === 0) return false;
  if (hasValues) {
    const labelOnly = [...row.cells.keys()].every((col) => col === stubCol);
    if (labelOnly && carried.includes(stubCol)) return true;
    return !row.values && [...line.keys()].every((col) => !row.cells.has(col) || carried.includes(col));
  }
  return carried.length === line.size;
}

/** The text of the lines of each cell, keyed by cluster (a band of lines at one height). */
export function linesByCluster(
  cellLines: ReadonlyArray<{ col: number; lines: readonly TextLine[] }>,
  clusters: ReadonlyArray<readonly [number, number]>,
): Map<number, string>[] {
  const out = clusters.map(() => new Map<number, string>());
  for (const { col, lines } of cellLines) {
    for (const line of lines) {
      const mid = (line.box[1] + line.box[3]) / 2;
      const k = clusters.findIndex(([top, bottom]) => mid >= top && mid <= bottom);
      if (k < 0) continue;
      const cells = out[k]!;
      cells.set(col, cells.has(col) ? `${cells.get(col)} ${line.text}` : line.text);
    }
  }
  return out;
}
