// Two column names set a narrow gap apart, each wider than its column's numbers and centred over
// them: both run into the gutter between their columns, one from each side, so the gap between
// them lies inside the gutter without reaching either column's edge. The gutter rules of
// splitAtGutters (layout-model.ts) want the gap to cover a column edge and kept such a pair as one
// cell over two columns ("Turnover Imports"). A label spanning both columns breaks at a word
// space over the gutter too, so the pair is cut only when each side is centred over its own
// column's numbers and reaches into it (generated family ruled-group-boxes, tight column gaps),
// and only for one word on each side: a phrase's word gaps may be stretched or estimated (one
// text run), and on the EU set phrases crossing a gutter ("number of | franchisees") passed the
// other tests. Off by default (settings.ts gutterBothRunIn): it still cut real headers wrongly.
// On in a line of names with exactly one word per column (oneWordNames,
// settings.gutterNamesInOneWordLines): there two words in one chunk cannot be one name, or a
// column would have none.
import type { Word } from "../types";
import type { ColumnSpan } from "../geometry/chunks-to-columns";
import type { Settings } from "../settings";

function centredOver(x0: number, x1: number, col: ColumnSpan, settings: Settings): boolean {
  const off = Math.abs((x0 + x1) / 2 - (col.x0 + col.x1) / 2);
  return off <= settings.centredLabelTolerance * Math.max(x1 - x0, col.x1 - col.x0);
}

/** Whether the gap between `before` (the words of the cell so far, in value column `c`) and
 * `after` (the words from the gap on, up to the next gap wider than a word space) separates
 * the one-word names of columns `c` and `c + 1`. */
export function namesMeetInGutter(
  before: readonly Word[],
  after: readonly Word[],
  columns: readonly ColumnSpan[],
  c: number,
  settings: Settings,
  oneWordNames = false,
): boolean {
  const col = columns[c];
  const next = columns[c + 1];
  const on = settings.gutterBothRunIn || (settings.gutterNamesInOneWordLines && oneWordNames);
  if (!on || c < 1 || !col || !next || before.length !== 1 || after.length !== 1) return false;
  const tol = settings.gutterTolerance;
  const b0 = before[0]!.box[0];
  const b1 = before[before.length - 1]!.box[2];
  const a0 = after[0]!.box[0];
  const a1 = after[after.length - 1]!.box[2];
  // The text before the gap starts after the previous column's text, ends on its column's right
  // edge or in the gutter; the text after starts in the gutter and reaches into the next column.
  if (b0 <= columns[c - 1]!.x1 + tol || b0 > col.x1 || b1 < col.x1 - tol || b1 >= next.x0) return false;
  if (a0 <= col.x1 || a0 >= next.x0 + tol || a1 <= next.x0 + tol) return false;
  return centredOver(b0, b1, col, settings) && centredOver(a0, a1, next, settings);
}
