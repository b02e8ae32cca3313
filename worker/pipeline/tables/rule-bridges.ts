// A rule drawn (or typed with dashes) between two lines of a table takes a line of its own: a
// typewriter table sets its header, a line of dashes, then its rows, each a line pitch apart, so
// the blank between the header and the first row is two pitches, wider than the gap that ends a
// table region. Measured on each side of the rule, the gaps are ordinary line spacing.
// detect-tables.ts asks only under a line of column names: a rule elsewhere (above a total, under
// a table's last row, between a table and its notes) bridges nothing.
import type { Ruling, TextLine } from "../types";
import type { Settings } from "../settings";

/** A horizontal ruling lies between `upper` and `lower`, runs under most of their width, and
 * leaves at most `maxGap` on each side of it: the two lines stay in one run. */
export function ruleBridges(upper: TextLine, lower: TextLine, rulings: readonly Ruling[], maxGap: number, settings: Settings): boolean {
  const left = Math.min(upper.box[0], lower.box[0]);
  const right = Math.max(upper.box[2], lower.box[2]);
  return rulings.some(
    (r) =>
      r.orientation === "h" &&
      r.pos > upper.box[3] &&
      r.pos < lower.box[1] &&
      r.pos - upper.box[3] <= maxGap &&
      lower.box[1] - r.pos <= maxGap &&
      Math.min(r.end, right) - Math.max(r.start, left) >= (right - left) * settings.ruleBridgeSpanShare,
  );
}
