// Marks statistical agencies print in a value cell instead of a number: "(NA)" not available,
// "(X)" not applicable, "(D)" withheld, "(Z)" rounds to zero, "(S)" suppressed, "(N)" not shown,
// "Z", "NA", dashes and an ellipsis. A row holding such marks where numbers would stand is a row
// of values, not a header line. Column designators ("(A) (B) (C)") are not marks: a row counts as
// values through its marks only when every value cell is a number or a mark. Generated family
// sparse-placeholders (tests/pdf/corpus). What a number is stays build-table.ts's isNumeric,
// passed in (no import cycle).

const PLACEHOLDER = /^(\((NA|X|D|Z|S|N)\)|Z|NA|N\/A|[-–—]|\.\.\.|…)$/;

export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text.trim());
}

/** A body row read through its marks: a stub label, and every value cell a number or a mark, at
 * least one of them a mark. Returns the row's value cells, or none. */
export function markedValues<C extends { col: number; text: string }>(rowCells: readonly C[], isNumber: (text: string) => boolean): C[] {
  const values = rowCells.filter((c) => c.col > 0 && c.text !== "");
  const hasLabel = rowCells.some((c) => c.col === 0 && c.text !== "");
  if (!hasLabel || values.length === 0 || !values.every((c) => isNumber(c.text) || isPlaceholder(c.text)) || !values.some((c) => isPlaceholder(c.text))) return [];
  return values;
}
