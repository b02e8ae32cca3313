// A confidence interval printed as one cell, "(12.3, 15.6)" or "[12.3, 15.6]": the text layer
// gives two words, "(12.3," and "15.6)", both numbers a word space apart, and two numbers side by
// side are two cells (numberGapEm). A bracket opened before the first number and closed after
// the second, with the comma between, makes them one value. Generated family standard-errors
// (tests/pdf/corpus): with every row's interval the same width, the split lined up into a column
// gutter and each interval came out as two columns.

const OPENS = /^[([][-+−–]?\d[\d.,]*%?,$/;
const CLOSES = /^[-+−–]?\d[\d.,]*%?[)\]]$/;

/** `first` and `second` are the two halves of one bracketed interval ("(12.3," "15.6)"). */
export function isIntervalPair(first: string, second: string): boolean {
  if (!OPENS.test(first) || !CLOSES.test(second)) return false;
  // The same kind of bracket on both sides.
  return (first[0] === "(") === second.endsWith(")");
}
