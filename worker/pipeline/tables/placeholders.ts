// Marks statistical agencies print in a value cell instead of a number: "(NA)" not available,
// "(X)" not applicable, "(D)" withheld, "(Z)" rounds to zero, "(S)" suppressed, "(N)" not shown,
// "Z", "NA", dashes and an ellipsis; and numbers carrying a status flag ("717.0 (e)"). A row
// holding such marks where numbers would stand is a row of values, not a header line. Column designators ("(A) (B) (C)") are not marks: a row counts as
// values through its marks only when every value cell is a number or a mark. Generated family
// sparse-placeholders (tests/pdf/corpus). What a number is stays build-table.ts's isNumeric,
// passed in (no import cycle).

import { MARKED_YEAR } from "./year-names";

const PLACEHOLDER = /^(\((NA|X|D|Z|S|N)\)|Z|NA|N\/A|[-–—]|\.\.\.|…)$/;

export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text.trim());
}

/** A number carrying a status flag in brackets ("717.0 (e)", "1,234 (p)", "12.5(r)"), not a year
 * ("2023 (p)" names a column). A row of such values is values too (generated family
 * marker-values: a first body row whose every value was flagged joined the header). */
const FLAGGED = /^(.*\d)\s*\([a-z]{1,2}\)$/i;

export function isFlaggedNumber(text: string, isNumber: (text: string) => boolean): boolean {
  const m = FLAGGED.exec(text.trim());
  return m !== null && isNumber(m[1]!) && !MARKED_YEAR.test(m[1]!.trim());
}

/** A body row read through its marks: a stub label, and every value cell a number or a mark, at
 * least one of them a mark. Returns the row's value cells, or none. */
export function markedValues<C extends { col: number; text: string }>(rowCells: readonly C[], isNumber: (text: string) => boolean): C[] {
  const values = rowCells.filter((c) => c.col > 0 && c.text !== "");
  const hasLabel = rowCells.some((c) => c.col === 0 && c.text !== "");
  const marked = (c: C) => isPlaceholder(c.text) || isFlaggedNumber(c.text, isNumber);
  if (!hasLabel || values.length === 0 || !values.every((c) => isNumber(c.text) || marked(c)) || !values.some(marked)) return [];
  return values;
}
