// Header lines may all cross a column gutter. Columns are the x ranges that at most `maxCrossing`
// multi-chunk lines cross (chunks-to-columns.ts); that allowance is a share of the table's lines,
// so in a short table it is one line. But a multi-line header stacks several labels over the same
// gutter: a band centred over its two columns AND a units line under it ("(Millions of
// dollars)"), or a band over a wide leaf name ("Margin of error" over right-aligned "±6.0"). Two
// crossings closed the gutter (the band's columns came out as one, "40,805 348") or cut it in two
// around the overlap (an empty column between a leaf name and its values). Generated families
// stub-head and standard-errors (tests/pdf/corpus).
//
// So the allowance is at least the number of multi-chunk lines above the table's first line of
// numbers (its header block), up to `headerCrossingLines`. A gutter still has to be clear of every
// body line (crossing lines past the allowance close it), and a table without a line of numbers
// keeps the share alone (with no body to tell, every line could be a header).
import type { Settings } from "../settings";
import type { TextLine } from "../types";

/** Years are numbers, but a line of years is a header line ("2018   2019"). */
const YEAR = /^(19|20)\d\d\*?$/;

/** How many lines may cross a gutter: the share-based allowance, or the header block's
 * multi-chunk lines if more (see the file comment). */
export function gutterCrossingAllowance(chunkRows: TextLine[][], shareAllowance: number, isNumeric: (text: string) => boolean, settings: Settings): number {
  if (settings.headerCrossingLines <= 0) return shareAllowance;
  // The first line with two numeric chunks other than years (a row of values) ends the header block.
  const firstBody = chunkRows.findIndex((chunks) => chunks.filter((c) => isNumeric(c.text) && !YEAR.test(c.text.trim())).length >= 2);
  if (firstBody <= 0) return shareAllowance;
  const headerLines = chunkRows.slice(0, firstBody).filter((chunks) => chunks.length >= 2).length;
  return Math.max(shareAllowance, Math.min(headerLines, settings.headerCrossingLines));
}
