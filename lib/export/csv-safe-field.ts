// CSV injection ("formula injection"): a spreadsheet that opens a CSV evaluates a field that
// begins with "=", "+", "-" or "@" as a formula (`=HYPERLINK(...)` leaks data, `+cmd|' /C calc'!A0`
// ran programs through DDE), and a leading tab or carriage return can hide such a field from a
// reader's eye while some programs still evaluate it. A value extracted from an untrusted PDF, or
// typed by a reviewer, can be any of these. OWASP's rule is applied: such a field gets a single
// quote in front, which spreadsheets show as text and do not evaluate, except a plain number
// such as "-12.5" or "+3", which is data that must stay a number. Only CSV is neutralised: json
// and xlsx keep the raw value (xlsx stores every value as text, which a spreadsheet never runs).

/** The characters that make a spreadsheet treat a field as a formula (OWASP CSV Injection). */
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** A plain number: an optional sign, digits with optional thousands and decimal separators, an
 * optional exponent or percent sign. "-12.5", "+3", "-1,250.00", "-5%", "1e-3" (nothing here a
 * spreadsheet could run: no operator after the sign, no letter but the exponent's e). */
const PLAIN_NUMBER = /^[+-]?(?:\d[\d,. ]*\d|\d)(?:[eE][+-]?\d+)?%?$|^[+-]?\.\d+$/;

/** What a spreadsheet shows for a neutralised field is the value with this in front. */
export const FORMULA_ESCAPE = "'";

/** `value`, or `value` with a single quote in front when a spreadsheet would evaluate it. */
export function neutraliseFormula(value: string): string {
  if (value === "" || !FORMULA_TRIGGERS.has(value[0]!)) return value;
  if (PLAIN_NUMBER.test(value)) return value;
  return `${FORMULA_ESCAPE}${value}`;
}
