// Values two OCR engines can agree on and both have wrong. On a scan a value is verified when
// both OCR engines read it alike, but at scan resolution some glyphs look alike to both: a
// capital O and a zero, l/I and one, S and five, B and eight, Z and two. In a number or a word
// the context decides (both models know "2015" and "Oxide"), and the engines agree for the right
// reason; in a token that mixes letters and digits ("N2O", "SO2", "Q1", "2015a") the context
// says nothing, and both read the shape alike: on the EU realistic scans
// "N20" for "N2O" and "S02" for "SO2" were verified by both engines, 2 of the 10 wrong verified
// cells. On a page with a text layer the text layer holds the character, so this is for scans only.
// A verified cell with such a token is capped at `unverified`.
import type { Cell, Table } from "../../../lib/result/schema";

/** Characters with a look-alike of the other class (letter against digit). */
const CONFUSABLE = /[0OoDQ1lI|5Ss8B2Z]/;

/** Whether `value` has a token mixing letters and digits in which a character has a look-alike. */
export function hasConfusableToken(value: string): boolean {
  return value.split(/[\s/()\-,;:]+/).some((token) => /\p{L}/u.test(token) && /\d/.test(token) && CONFUSABLE.test(token));
}

/** `table` with each verified cell holding such a token capped at `unverified`. */
export function doubtConfusableTokens(table: Table): Table {
  const check = (cell: Cell): Cell =>
    cell.confidence === "verified" && hasConfusableToken(cell.value) ? { ...cell, confidence: "unverified" } : cell;
  return { ...table, header_cells: table.header_cells.map(check), rows: table.rows.map((row) => row.map(check)) };
}
