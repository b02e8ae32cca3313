// Separators two OCR engines can agree on and both have wrong. On a scan the glyphs both
// engines read least surely are the smallest: a decimal point, a thousands comma, a leading
// point (".4%"). Both models read such a mark alike when the scan blurred or dropped it, so their
// agreement is no evidence there: on the EU realistic scans ".4%" read
// "4%" and "2,517" read "2.517" by both engines were among the last wrong verified cells.
// A statistical table prints one column in one format (the same decimals, the same unit sign),
// so the column itself is a reading of that mark independent of both engines: a verified number
// whose format (its decimals and the separator before them, and a trailing "%") differs from the
// format most of its column's numbers share is capped at `unverified`, as is a number ending in a
// lone point or comma in such a column (a zero printed bare neither sets nor breaks a column's
// format: isBareZero). A confidence interval printed as one cell, "(77.3-82.0)", has its two
// ends' formats, and a column of them is held to theirs. It only ever
// lowers a confidence, and only on scans: on a page with a text layer the text layer holds the
// character.
import type { Cell, Table } from "../../../lib/result/schema";
import type { Settings } from "../settings";

type FormatSettings = Pick<Settings, "columnFormatMinNumbers" | "columnFormatMajorityShare">;

/** A number's format: the separator and count of its decimals (a comma followed by three digits
 * is a thousands group, not decimals) and a trailing "%"; null for a value that is not a plain
 * number (words, marks, ranges, codes), which the rule leaves alone. */
export function numberFormat(value: string): string | null {
  const v = value
    .trim()
    .replace(/^[(+\-\u2013\u2212±$€£]+\s*/, "")
    .replace(/\s*\)$/, "");
  if (!/^(?:\d[\d,.\s]*|[.,]\d+)\s?%?$/.test(v)) return null;
  const body = v.replace(/\s?%$/, "");
  if (/[.,]$/.test(body)) return null;
  // A space inside a number groups thousands (a digit, then exactly three) or is OCR's spacing
  // beside a separator ("43. 7", "87 .3"); a space between two digits otherwise parts two numbers
  // run together ("5,989 45.4"), which is no number of one format.
  if (/\d\s+\d/.test(body.replace(/(?<=\d)\s(?=\d{3}(?!\d))/g, ""))) return null;
  const decimals = /([.,])(\d+)$/.exec(body);
  const fraction =
    decimals && !(decimals[1] === "," && decimals[2]!.length === 3 && /\d,\d{3}$/.test(body)) ? `${decimals[1]}${decimals[2]!.length}` : "";
  return fraction + (v.endsWith("%") ? "%" : "");
}

/** One number of an interval, as numberFormat reads it: an optional sign or currency, digits with
 * their separators (no spaces: "12.3 - 15.6" is spaced around its dash, not inside a number). */
const INTERVAL_END = String.raw`[+\-\u2212]?[$€£]?(?:\d[\d,.]*\d|\d|[.,]\d+)%?`;
/** What stands between an interval's two ends: a hyphen, a dash, a minus sign or a tilde. */
const INTERVAL_DASH = String.raw`\s*[-\u2013\u2014\u2212~]\s*`;
/** An interval printed as one cell: "12.3-15.6", "12.3 - 15.6", "(77.3-82.0)",
 * "[1,576.0 – 1,754.9]", or with a comma between its ends inside brackets, "(12.3, 15.6)". */
const INTERVAL = new RegExp(
  [
    String.raw`^(?:[(\[]\s*(${INTERVAL_END})(?:${INTERVAL_DASH}|\s*,\s+)(${INTERVAL_END})\s*[)\]]`,
    String.raw`|(${INTERVAL_END})${INTERVAL_DASH}(${INTERVAL_END}))$`,
  ].join(""),
  "u",
);

/** The two ends of a value printed as an interval (INTERVAL), or null. */
export function intervalEnds(value: string): [string, string] | null {
  const m = INTERVAL.exec(value.trim());
  if (!m) return null;
  return m[1] !== undefined ? [m[1], m[2]!] : [m[3]!, m[4]!];
}

/** An interval's format: its two ends' formats ("(77.3-82.0)" is ".1~.1", "2010-2015" is "~"); null
 * for a value that is not two plain numbers printed as one interval. */
export function intervalFormat(value: string): string | null {
  const ends = intervalEnds(value);
  if (!ends) return null;
  const [low, high] = [numberFormat(ends[0]), numberFormat(ends[1])];
  return low === null || high === null ? null : `${low}~${high}`;
}

/** The format a column's statistics hold a cell to: an interval's (intervalFormat), or a plain
 * number's (numberFormat). A column of confidence intervals prints each in one format, as a column
 * of estimates does its numbers. The interval is asked first: "(12.3, 15.6)" is no number with a
 * space in it. */
export function valueFormat(value: string): string | null {
  return intervalFormat(value) ?? numberFormat(value);
}

/** A zero printed bare ("0", "-0", "0%"): statistical tables print a nil value so in a column of
 * any format ("0" beside "13.8" and "0.4"), so it says nothing about its column's format and is
 * not held to it. Both engines would have to lose two glyphs to read "0.0" as "0". */
export function isBareZero(value: string): boolean {
  return /^[+\-\u2013\u2212]?0\s?%?$/u.test(value.trim());
}

/** A plain number followed by a separator with nothing after it ("59.", "4.5,", "12.5% ."): no
 * column of numbers prints one so, and a speck beside the last digit, or a leader's first dot,
 * reads as one in both engines alike (speckled EU scans: "59." verified for "59"). */
export function endsInLoneSeparator(value: string): boolean {
  const m = /^(.*[\d%)])\s?[.,]$/u.exec(value.trim());
  return m !== null && numberFormat(m[1]!) !== null;
}

/** `table` with each verified body cell whose number's format differs from its column's common
 * one, or that ends in a lone separator (endsInLoneSeparator), capped at `unverified` (the column
 * has at least `columnFormatMinNumbers` numbers and one format holds `columnFormatMajorityShare`
 * of them). `doubted` names other cells to treat so (two readings that agreed, in another
 * confidence), and `capped` says what such a cell becomes. */
export function doubtOffFormatNumbers(
  table: Table,
  settings: FormatSettings,
  doubted: (cell: Cell) => boolean = (cell) => cell.confidence === "verified",
  capped: (cell: Cell) => Cell = (cell) => ({ ...cell, confidence: "unverified" }),
): Table {
  const nCols = Math.max(0, ...table.rows.map((r) => r.length));
  const common: Array<string | null> = [];
  for (let c = 0; c < nCols; c++) {
    const formats = table.rows
      .map((r) => r[c])
      .map((cell) => (cell && !isBareZero(cell.value) ? valueFormat(cell.value) : null))
      .filter((f): f is string => f !== null);
    const counts = new Map<string, number>();
    for (const f of formats) counts.set(f, (counts.get(f) ?? 0) + 1);
    const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    common.push(formats.length >= settings.columnFormatMinNumbers && n >= formats.length * settings.columnFormatMajorityShare ? top : null);
  }
  const check = (cell: Cell, c: number): Cell => {
    if (!doubted(cell) || common[c] === null || common[c] === undefined || isBareZero(cell.value)) return cell;
    const format = valueFormat(cell.value);
    if (format === null) return endsInLoneSeparator(cell.value) ? capped(cell) : cell;
    return format !== common[c] ? capped(cell) : cell;
  };
  return { ...table, rows: table.rows.map((row) => row.map(check)) };
}
