// Stacked blocks of a statistical table, each under its own line of column names (counts under
// "Country | 2019 2020 2021", then shares under "Share (%) | 2019 2020 2021"; or a second panel
// naming other measures), set as close as the rows, come out of the text layout as one region:
// the repeated-header cut (detect-tables.ts splitAtRepeatedHeader) sees only a line that repeats
// the first word for word. A line of names under rows of values, with values further down, heads
// a table of its own (generated family stacked-panels; the ground truth keeps one table per block,
// as for stacked tables repeating their header: the "two stacked tables delivered as one").
// pdf-stream cuts its own reading at the same kind of line (structure/pdf-stream.ts), by its own
// rows and columns: the two readings still come from different geometry.
import type { Box, ModelCell, TableModel } from "../types";
import { isNumeric } from "./build-table";
import { MARKED_YEAR_SPAN } from "./year-names";
import { isFlaggedNumber, isPlaceholder } from "./placeholders";
import type { Settings } from "../settings";

const isYearName = (text: string) => MARKED_YEAR_SPAN.test(text.trim());
/** A value: a number that is not a year name, or a mark standing for one ("(NA)", "Z", "–": a
 * row of marks is a row of values, family mark-rows) or a flagged number ("717.0 (e)"). */
const isValue = (text: string) => (isNumeric(text) && !isYearName(text)) || isPlaceholder(text) || isFlaggedNumber(text, isNumeric);

/** Years that name columns run one way (2019 2020 2021, or back); data that happens to look like
 * years does not. */
function monotonic(years: number[]): boolean {
  const up = years.every((y, k) => k === 0 || y > years[k - 1]!);
  const down = years.every((y, k) => k === 0 || y < years[k - 1]!);
  return up || down;
}

/** Whether the row's cells name the value columns: no value anywhere, names (words, or years in
 * order) over at least `share` of the value columns and two of them. */
export function isNamesRow(cells: readonly ModelCell[], nCols: number, share: number): boolean {
  const filled = cells.filter((c) => c.text.trim() !== "");
  if (filled.some((c) => isValue(c.text))) return false;
  const named = filled.filter((c) => c.col >= 1);
  if (named.length < Math.max(2, Math.ceil((nCols - 1) * share))) return false;
  const years = named.filter((c) => isYearName(c.text));
  if (years.length === 0) return named.every((c) => /\p{L}/u.test(c.text));
  // All years in order (one line of year names), or none.
  return years.length === named.length && monotonic([...years].sort((a, b) => a.col - b.col).map((c) => Number(c.text.trim().slice(0, 4))));
}

/** The boxes of the blocks a layout-read table stacks, top first; one box (the table's) when it
 * stacks none. A block starts at a line of names with at least `stackedMinValueRows` rows of
 * values above it (since the last start, or the table's first row: the header the table was read
 * with may have taken a row of values over a line of names as its numbered top line) and
 * `stackedMinValueRowsBelow` below it; lone label lines right above a line of
 * names (a "Part B" caption) go with neither block, as splitAtRepeatedHeader leaves them. */
export function stackedBlockBoxes(model: TableModel, settings: Settings): Box[] {
  if (model.source !== "pdf-layout") return [model.box];
  const rows = Array.from({ length: model.nRows }, (_, r) => model.cells.filter((c) => c.row === r && c.text.trim() !== ""));
  const isValueRow = (r: number) => rows[r]!.some((c) => c.col >= 1 && isValue(c.text));
  const starts: number[] = [];
  let from = 0;
  for (let r = from + 1; r < model.nRows; r++) {
    if (!isNamesRow(rows[r]!, model.nCols, settings.stackedNamesShare)) continue;
    const above = rows.slice(from, r).filter((_, k) => isValueRow(from + k)).length;
    const below = rows.slice(r + 1).filter((_, k) => isValueRow(r + 1 + k)).length;
    if (above < settings.stackedMinValueRows || below < settings.stackedMinValueRowsBelow) continue;
    starts.push(r);
    from = r;
  }
  if (starts.length === 0) return [model.box];
  const bounds = [0, ...starts, model.nRows];
  const boxes: Box[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    let end = bounds[k + 1]!;
    // Caption lines just above the next block's names: neither block's.
    if (k + 2 < bounds.length) while (end - 1 > bounds[k]! && rows[end - 1]!.length === 1 && !isValueRow(end - 1)) end--;
    const inside = model.cells.filter((c) => c.row >= bounds[k]! && c.row < end && c.box);
    if (inside.length === 0) continue;
    const top = Math.min(...inside.map((c) => c.box![1]));
    const bottom = Math.max(...inside.map((c) => c.box![3]));
    boxes.push([model.box[0], k === 0 ? model.box[1] : top, model.box[2], k + 2 === bounds.length ? model.box[3] : bottom]);
  }
  return boxes;
}
