// Reading slips on a scan: the two OCR families read one value, and one of them slipped on a
// glyph it is known to fail on. On a scanned page there is no text layer, so every cell is read by
// the two engines alone, and any difference between them disputes the cell and puts it in the
// review queue. On the EU realistic scans most of the queue's cells were right as delivered, and
// most of those were one of a few slips (docs/measurements, the third queue round):
//   - "digit-space": a thousands group read with or without its thin space ("100 000" and
//     "100000"). Both read the same digits; the spaced reading is kept. Only thousands groups
//     count (every space between a digit and exactly three digits): "1 10" against "110" may be
//     two numbers run together, and stays disputed.
//   - "dropped-separator": one engine lost decimal points or thousands commas between two
//     digits that the other read ("2.4" and "24", "5,510" and "5510", both points of an
//     interval: "(77.3-82.0)" and "(773-820)"). The one with the separators is kept, but only
//     where the column says so (below): a speck read as a point makes a reading off its
//     column's format.
//   - "swapped-separator": the engines read a point and a comma at the same place ("77,123" and
//     "77.123"). The one in the column's format is kept, when the other is not.
//   - "lookalike-in-number": one engine read a number, the other the same strokes as letters
//     ("0" and "o", "10" and "lO"). The number is kept where the column is one of numbers (at
//     least `columnFormatMinNumbers` agreed ones, and that share of its agreed cells).
//   - "trailing-point": one engine read a point or a comma after the last digit of a number with
//     decimals ("98.4." and "98.4", a speck or the next cell's leader dot). The number is kept where
//     the column is one of numbers, in its format when it has one. After a whole number the mark
//     may be a separator whose digits both engines lost ("7." for "7,718"): left disputed.
//   - "percent-as-digits": one engine read a percent sign as the digits its rings and stroke make
//     ("25.5%" and "25.594", "64.4%" and "64.48"; Tesseract's legacy classifier, which knows no
//     words, does it most), or a digit with a loop as a percent sign ("1,785,79%" for
//     "1,785,795"). Which reading is kept is the column's to say, as for a swapped separator: the
//     one in its format, when the other is not.
//   - "lost-sign": one engine lost a number's leading sign ("+23.9" and "23.9", "±1.2" and "1.2")
//     or read a plus as the "4" its strokes make ("423.9"). The signed reading is kept, but only
//     where the column prints its signs: most of its agreed numbers signed, a plus or a
//     plus-minus among them (a column of negatives alone does not say that an unsigned value
//     lost its minus).
//   - "asterisk-as-mark": one engine read a value's footnote asterisks as marks of like shape, a
//     quote, a plus, a percent sign ("*3,337" and "\"3,337", "59.8*" and "59.8+", "147.2***" and
//     "147.2%%%"; Tesseract does, where the star is small and raised). The asterisks are kept where
//     the column flags values so (at least `columnAsterisksMin` agreed ones) and none of its agreed
//     values prints the other reading's mark (a column of percentages keeps "12.3%" / "12.3*" in
//     doubt). Only before a value's first digit or after its last.
//   - "plus-minus-as-plus": one engine read a margin of error's plus-minus sign as a plus ("±1.2"
//     and "+1.2"; Tesseract does, on a blurred scan, where the bar under the plus is lost). The
//     plus-minus is kept where the column prints them: most of its agreed numbers start with one.
// The column is a reading of such a glyph independent of both engines (scan/column-format.ts: a
// statistical table prints a column in one format): its cells the engines agreed on give its
// common format (decimals and their separator, a trailing "%", thousands grouped or not; for a
// column of confidence intervals, "(77.3-82.0)", each end's), and
// the kept reading must be in it, the other reading not (for a dropped or swapped separator).
// A column with too few agreed numbers to have a format (a table of two or three rows, years
// across) gives way to the cell's row, under the same rule: a row of mixed formats (a count, then
// its share) has none, and backs nothing.
// The cell then becomes `resolved` with the kept reading's spelling and both readings kept: not
// in the default queue, never `verified` (a person who filters for resolved cells sees them).
// Two more, measured on the engines' own disagreements (docs/measurements, the fourth queue round):
//   - "extra-words": one reading is the other plus whole words or noise glyphs at its ends that
//     only it saw ("Atrazine Si SHEA" and "Atrazine", "1" and "11 1 200200"): a crop that took in
//     a neighbour's text, or shading read as letters. The shorter reading is kept (the vote already
//     shows it). A number is kept only in a column of numbers whose format it has, and never when
//     the extra words continue it as a thousands group ("1" and "1 200"); a label never when an
//     extra word is a number of two digits or more ("Total" and "Total 1995": a year or a count),
//     a number never when an extra word is a short word ("41.3 e": a marker or a unit).
//   - "table-grouping": a point read for a thousands comma ("2,576" and "2.576") where neither the
//     column nor the row has a format (most of the column disputed, a short row): the comma is kept
//     when the table's agreed numbers group thousands with commas and none has three decimals.
//   - "separator-no-format": a dropped separator where neither the column nor the row has a
//     common format to back either reading (a table whose columns alternate counts and shares,
//     with no cell both engines agreed on). The reading with the separator is kept, as the vote
//     already shows it; where a format exists, "dropped-separator" above decides.
// One more, for labels (docs/measurements, the label points note):
//   - "label-trailing-point": one engine read a point after a label's last letter that the other
//     did not ("Construction." and "Construction"): a leader's first dot, or a speck. The reading
//     without it is kept where the column's labels end without one (at least `columnLabelsMin`
//     agreed labels, none ending with a point), and only after a word of five letters or more with
//     no point of its own: an abbreviation ("Govt.", "n.e.c.") owns its point.
//   - "label-comma-as-point": one engine read a comma between a label's words as a point ("Water
//     supply, sewerage" and "Water supply.sewerage"; PaddleOCR does). The comma is kept in a column
//     of labels (at least `columnLabelsMin` agreed), where the point follows a word of five letters
//     or more with no point of its own and comes before a small letter: no label's sentence ends
//     there, and an abbreviation ("incl. taxes") stays in doubt.
// Any other difference (a digit for another digit, a letter for another letter, a sign turned or
// lost where the column prints none, a bracket lost, a word one engine read in part) is a
// different value and stays disputed. On a page with a text layer nothing here runs: the text
// layer holds the character (reconcile/marks-only.ts).
import type { Cell, Table } from "../../../lib/result/schema";
import { comparisonKey, displayText, normaliseText } from "../reconcile/normalise";
import { spellingOf, withoutEdgeRulings } from "../reconcile/edge-rulings";
import { isShorterPlusExtras } from "../reconcile/extra-tokens";
import { twoOcrReadings } from "./two-ocr-readings";
import type { Settings } from "../settings";
import { intervalEnds, isBareZero, numberFormat } from "./column-format";

export type SlipKind =
  | "digit-space"
  | "dropped-separator"
  | "swapped-separator"
  | "lookalike-in-number"
  | "lost-sign"
  | "trailing-point"
  | "percent-as-digits"
  | "plus-minus-as-plus"
  | "asterisk-as-mark"
  | "label-trailing-point"
  | "label-comma-as-point"
  | "extra-words";

/** A class of the settings that is not a kind of difference but a weaker backing of one: a dropped
 * separator where no format is known at all. */
export const SEPARATOR_NO_FORMAT = "separator-no-format";

/** Another: a point read for a thousands comma where neither the column nor the row has a format,
 * backed by the whole table's grouping (tableGroupsWithCommas). */
export const TABLE_GROUPING = "table-grouping";

type SlipSettings = Pick<
  Settings,
  "scanReadingSlips" | "columnFormatMinNumbers" | "columnFormatMajorityShare" | "columnAsterisksMin" | "columnLabelsMin"
>;

/** Letters that are a digit's strokes (lower-cased): "o" for "0", "l" and "i" for "1", "z" for "2". */
const LOOKALIKE_DIGIT: Record<string, string> = { o: "0", l: "1", i: "1", z: "2" };

/** A space that groups thousands: between a digit and exactly three digits. */
const GROUPING_SPACE = /(?<=\d) (?=\d{3}(?!\d))/gu;

/** A number as the column rule sees it: its format (column-format.ts) and whether its integer part
 * (four digits or more) is grouped in thousands; null for what is neither a plain number nor an
 * interval of two (column-format.ts, intervalFormat). */
export interface NumberShape {
  format: string;
  /** "," or " " for a grouped integer part, "" for an ungrouped one, null under four digits. */
  grouping: string | null;
}

export function numberShape(value: string): NumberShape | null {
  // An interval ("(77.3-82.0)") has its two ends' formats, and the grouping of the first end
  // that has one.
  const ends = intervalEnds(value);
  if (ends) {
    const [low, high] = ends.map(plainNumberShape);
    if (!low || !high) return null;
    return { format: `${low.format}~${high.format}`, grouping: low.grouping ?? high.grouping };
  }
  return plainNumberShape(value);
}

function plainNumberShape(value: string): NumberShape | null {
  const format = numberFormat(value);
  if (format === null) return null;
  const body = value
    .trim()
    .replace(/^[(+\-\u2013\u2212±$€£]+\s*/u, "")
    .replace(/\s*\)$/u, "")
    .replace(/\s?%$/u, "");
  // The decimals the format names (a separator and its digits) end the body; the rest is the
  // integer part.
  const decimals = format.replace("%", "");
  const integer = decimals === "" ? body : body.slice(0, body.length - 1 - Number(decimals.slice(1)));
  if (integer.replace(/\D/gu, "").length < 4) return { format, grouping: null };
  return { format, grouping: /\d,\d{3}/u.test(integer) ? "," : /\d \d{3}/u.test(integer) ? " " : "" };
}

/** How two readings of a cell differ when one engine slipped, and which one to keep (0 or 1); null
 * when they read different values (or the same: that is agreement). Column context aside. */
export function slipBetween(a: string, b: string): { kind: SlipKind; keep: 0 | 1 } | null {
  const [ka, kb] = [comparisonKey(withoutEdgeRulings(a)), comparisonKey(withoutEdgeRulings(b))];
  if (ka === "" || kb === "" || ka === kb) return null;
  const unspaced = (k: string) => k.replace(/ /gu, "");
  if (unspaced(ka) === unspaced(kb)) {
    const spacedOnlyByGroups = (k: string) => k.replace(GROUPING_SPACE, "") === unspaced(k);
    if (!spacedOnlyByGroups(ka) || !spacedOnlyByGroups(kb)) return null;
    return { kind: "digit-space", keep: ka.length >= kb.length ? 0 : 1 };
  }
  const isNumber = (k: string) => /\d/u.test(k) && !/\p{L}/u.test(k);
  if (isNumber(ka) !== isNumber(kb)) {
    const [number, letters] = isNumber(ka) ? [ka, kb] : [kb, ka];
    const folded = [...letters.toLowerCase()].map((ch) => LOOKALIKE_DIGIT[ch] ?? ch).join("");
    if (unspaced(folded) === unspaced(number)) return { kind: "lookalike-in-number", keep: number === ka ? 0 : 1 };
    return extraWordsBetween(a, b);
  }
  if (!isNumber(ka)) return labelPointBetween(ka, kb) ?? labelCommaBetween(a, b, ka, kb) ?? extraWordsBetween(a, b);
  // Separators between two digits, present in one reading and not the other (one or more: both
  // points of an interval, "(77.3-82.0)" read "(773-820)").
  if (ka.length > kb.length && withoutSeparators(ka, kb)) return { kind: "dropped-separator", keep: 0 };
  if (kb.length > ka.length && withoutSeparators(kb, ka)) return { kind: "dropped-separator", keep: 1 };
  const asterisk = asteriskReadAsMark(ka, kb);
  if (asterisk) return asterisk;
  if (isPercentReadAsDigits(ka, kb) || isPercentReadAsDigits(kb, ka)) return { kind: "percent-as-digits", keep: ka.endsWith("%") ? 0 : 1 };
  const sign = lostSignBetween(ka, kb);
  if (sign) return sign;
  // A point or comma after the last digit of a number with decimals that only one engine saw
  // ("98.4." and "98.4"): no number ends so, and none has a second decimal point. After a whole
  // number the mark may be a separator whose digits both engines lost ("7." for "7,718"): not a slip.
  const decimals = (k: string) => (numberFormat(k) ?? "").replace("%", "") !== "";
  if (ka === `${kb}.` || ka === `${kb},`) return decimals(kb) ? { kind: "trailing-point", keep: 1 } : null;
  if (kb === `${ka}.` || kb === `${ka},`) return decimals(ka) ? { kind: "trailing-point", keep: 0 } : null;
  const i = swappedPointAt(ka, kb);
  if (i !== null && /\d/u.test(ka[i - 1] ?? "") && /\d/u.test(ka[i + 1] ?? "")) return { kind: "swapped-separator", keep: 0 };
  return extraWordsBetween(a, b);
}

/** Where two keys of one length differ only in one place, a point in one and a comma in the
 * other: that place; null for any other pair. */
function swappedPointAt(ka: string, kb: string): number | null {
  if (ka.length !== kb.length) return null;
  const differ = [...ka].map((ch, i) => (ch === kb[i] ? -1 : i)).filter((i) => i >= 0);
  const i = differ[0];
  return differ.length === 1 && i !== undefined && ".,".includes(ka[i]!) && ".,".includes(kb[i]!) ? i : null;
}

/** Marks an engine reads a footnote asterisk as (keys as comparisonKey gives them: quotes are
 * already `"` and `'`): a quote, a plus, a percent sign, a caret, a degree sign. */
const ASTERISK_LOOKALIKES = new Set(['"', "'", "+", "%", "^", "°"]);

/** The glyphs of `other` where it has an asterisk look-alike and `kept` an asterisk, position by
 * position (keys of one length); empty when they differ otherwise. */
function asteriskLookalikesIn(kept: string, other: string): string[] {
  if (kept.length !== other.length) return [];
  const glyphs: string[] = [];
  for (let i = 0; i < kept.length; i++) {
    if (kept[i] === other[i]) continue;
    // A footnote flag stands before a value's first digit or after its last, never inside it.
    const outside = !/\d/u.test(kept.slice(0, i)) || !/\d/u.test(kept.slice(i + 1));
    if (kept[i] !== "*" || !ASTERISK_LOOKALIKES.has(other[i]!) || !outside) return [];
    glyphs.push(other[i]!);
  }
  return glyphs;
}

/** One engine read a value's footnote asterisks as marks of like shape ("*3,337" and "\"3,337",
 * "59.8*" and "59.8+", "147.2***" and "147.2%%%"): the reading with the asterisks is the one to
 * keep, if the column flags its values so and prints none of those marks (columnBacks). */
function asteriskReadAsMark(ka: string, kb: string): { kind: SlipKind; keep: 0 | 1 } | null {
  if (asteriskLookalikesIn(ka, kb).length > 0) return { kind: "asterisk-as-mark", keep: 0 };
  if (asteriskLookalikesIn(kb, ka).length > 0) return { kind: "asterisk-as-mark", keep: 1 };
  return null;
}

/** Digits a percent sign's two rings and stroke are read as: one or two of those with a loop or a
 * slant (never "1", "2", "3": no ring). */
const PERCENT_AS_DIGITS = /^[0456789]{1,2}$/u;

/** Whether `other` is `percent` (a number and "%") with its percent sign read as digits. Keys as
 * comparisonKey gives them. */
function isPercentReadAsDigits(percent: string, other: string): boolean {
  if (!/\d ?%$/u.test(percent) || other.includes("%")) return false;
  const number = percent.replace(/ ?%$/u, "");
  return other.startsWith(number) && PERCENT_AS_DIGITS.test(other.slice(number.length).trim());
}

/** A number with its sign printed: the sign, then (after at most a space) the number. Texts as
 * normaliseText gives them (dashes already "-"). */
const LEADING_SIGN = /^([+\-±]) ?(\d.*)$/u;

/** A sign one engine lost at a number's start ("+23.9" and "23.9"), or read as the digit its
 * strokes make ("+23.9" and "423.9"): the signed reading is the one to keep, if the column prints
 * its signs (columnBacks). Keys as comparisonKey gives them (dashes already "-"). */
function lostSignBetween(ka: string, kb: string): { kind: SlipKind; keep: 0 | 1 } | null {
  for (const [signed, other, keep] of [
    [ka, kb, 0],
    [kb, ka, 1],
  ] as const) {
    const match = LEADING_SIGN.exec(signed);
    if (!match) continue;
    const [, mark, rest] = match;
    if (other === rest || (mark === "+" && other === `4${rest}`)) return { kind: "lost-sign", keep };
    if (mark === "±" && other === `+${rest}`) return { kind: "plus-minus-as-plus", keep };
  }
  return null;
}

/** Whether `shorter` is `longer` with some of its separators (a point or a comma between two
 * digits) left out, and nothing else changed. */
function withoutSeparators(longer: string, shorter: string): boolean {
  let j = 0;
  for (let i = 0; i < longer.length; i++) {
    if (longer[i] === shorter[j]) j += 1;
    else if (!((longer[i] === "." || longer[i] === ",") && /\d/u.test(longer[i - 1] ?? "") && /\d/u.test(longer[i + 1] ?? "")))
      return false;
  }
  return j === shorter.length;
}

/** A point after a label's last letter that only one reading has ("Construction." and
 * "Construction"), on comparison keys; null for any other pair. */
function labelPointBetween(ka: string, kb: string): { kind: SlipKind; keep: 0 | 1 } | null {
  if (ka === `${kb}.` && /\p{L}$/u.test(kb)) return { kind: "label-trailing-point", keep: 1 };
  if (kb === `${ka}.` && /\p{L}$/u.test(ka)) return { kind: "label-trailing-point", keep: 0 };
  return null;
}

/** A comma between a label's words that one reading has as a point ("workers, unincorporated" and
 * "workers. unincorporated", often with the space lost too), on comparison keys (`ka`, `kb`) and
 * the readings themselves (`a`, `b`); null for any other pair. The comma is kept, and only where
 * the point could not be one: after a word of five letters or more with no point of its own (an
 * abbreviation's, "incl. taxes", is kept in doubt) and before a small letter (a point ending a
 * sentence comes before a capital). */
function labelCommaBetween(a: string, b: string, ka: string, kb: string): { kind: SlipKind; keep: 0 | 1 } | null {
  const i = swappedPointAt(ka, kb);
  if (i === null) return null;
  if (!/\p{L}/u.test(ka[i - 1] ?? "") || !/\p{L}/u.test(ka[i + 1] ?? "")) return null;
  const keep: 0 | 1 = ka[i] === "," ? 0 : 1;
  const withPoint = normaliseText(withoutEdgeRulings(keep === 0 ? b : a));
  // Every point between two words of the reading: after a long word, before a small letter.
  const points = [...withPoint.matchAll(/([\p{L}.]+)\.\s*(?=\p{L})(\p{L})/gu)];
  const none = (m: RegExpMatchArray) => {
    const word = m[1]!;
    return word.includes(".") || [...word].length < 5 || !/\p{Ll}/u.test(m[2]!);
  };
  return points.length > 0 && !points.some(none) ? { kind: "label-comma-as-point", keep } : null;
}

/** A label ending with one point: a sentence's or an abbreviation's, not a dot leader's run. */
const ENDS_WITH_POINT = /(?<![.\s])\.$/u;

/** Whether a label's last word could own a point: a word of four letters or fewer ("Govt",
 * "Inc", "No") or one with a point inside ("n.e.c"). */
function mayBeAbbreviation(label: string): boolean {
  const last = normaliseText(label).split(" ").at(-1) ?? "";
  return last.includes(".") || [...last].filter((ch) => /\p{L}/u.test(ch)).length <= 4;
}

/** Whether `longer` is `shorter` plus whole words or noise glyphs only it saw, none of them
 * continuing a number as a thousands group ("1" and "1 200" are one number read in part). */
function extraWordsBetween(a: string, b: string): { kind: SlipKind; keep: 0 | 1 } | null {
  const [na, nb] = [spellingOf(a), spellingOf(b)];
  for (const [longer, shorter, keep] of [
    [na, nb, 1],
    [nb, na, 0],
  ] as const) {
    if (!isShorterPlusExtras(longer, shorter)) continue;
    const core = shorter.replace(/\s+/gu, "");
    if (/^\d/u.test(core) && new RegExp(`(^|\\D)${escapeRegExp(core)} \\d{3}(?!\\d)`, "u").test(longer)) return null;
    if (/^\d{3}(?!\d)/u.test(core) && new RegExp(`(?<!\\d)\\d{1,3} ${escapeRegExp(core)}`, "u").test(longer)) return null;
    // A label with a number only one engine read may be a label with its year or count ("Total
    // 1995"): that number is a value, not a speck.
    const extraNumber = longer.split(/\s+/u).some((token) => /\d{2,}/u.test(token) && !shorter.includes(token));
    if (/\p{L}/u.test(core) && extraNumber) return null;
    // A number with a short word only one engine read may be a number with its marker or unit
    // ("41.3 e" estimated, "12 kg"): that word is part of the value.
    const extraMarker = longer.split(/\s+/u).some((token) => /^\(?\p{L}{1,3}\)?$/u.test(token));
    if (!/\p{L}/u.test(core) && extraMarker) return null;
    return { kind: "extra-words", keep };
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

/** The common shape of a column's numbers the engines agreed on (the cell itself left out):
 * the format and the grouping most of them share, each only when at least `columnFormatMinNumbers`
 * numbers say and one value holds `columnFormatMajorityShare` of them. */
interface ColumnShape {
  format: string | null;
  grouping: string | null;
  /** Whether the agreed cells are numbers (at least the minimum, and that share of the cells). */
  numeric: boolean;
  /** Whether its numbers print their sign, a plus too ("+2.1", "-0.4"): at least the minimum of
   * them, that share signed, and one plus among them (a column of negatives alone does not say
   * that an unsigned value lost its minus). */
  signed: boolean;
  /** Whether its numbers print a plus-minus sign ("±1.2", a margin of error): at least the minimum
   * of them, that share starting with one. */
  plusMinus: boolean;
  /** How many of its agreed values carry a footnote asterisk. */
  asterisks: number;
  /** Every mark (neither a letter nor a digit) its agreed values print. */
  marks: ReadonlySet<string>;
  /** Whether any of its agreed values starts with a zero before another digit ("03", "007"): a
   * column of codes or times, where such a value is no lost point. */
  leadingZeros: boolean;
  /** How many of its agreed values are labels (a letter in them), and how many of those end with
   * one point right after their last word (a dot leader's run is no such point). */
  labels: number;
  labelsEndingInPoint: number;
}

function commonOf(values: readonly string[], settings: SlipSettings): string | null {
  if (values.length < settings.columnFormatMinNumbers) return null;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [top, n] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? ["", 0];
  return n >= values.length * settings.columnFormatMajorityShare ? top : null;
}

/** The common shape of a line of cells (a column, or a row), the agreed cells only. */
function shapeOf(line: ReadonlyArray<Cell | undefined>, settings: SlipSettings): ColumnShape {
  const agreed = line.filter((c): c is Cell => c !== undefined && c.confidence === "verified" && /[\p{L}\p{N}]/u.test(c.value));
  const shapes = agreed.map((c) => numberShape(c.value)).filter((s): s is NumberShape => s !== null);
  // A bare zero is a number of the column, but of no format (column-format.ts, isBareZero).
  const formatted = agreed
    .filter((c) => !isBareZero(c.value))
    .map((c) => numberShape(c.value))
    .filter((s): s is NumberShape => s !== null);
  return {
    format: commonOf(
      formatted.map((s) => s.format),
      settings,
    ),
    grouping: commonOf(
      shapes.filter((s) => s.grouping !== null).map((s) => s.grouping!),
      settings,
    ),
    numeric: shapes.length >= settings.columnFormatMinNumbers && shapes.length >= agreed.length * settings.columnFormatMajorityShare,
    signed: signedNumbers(agreed, settings),
    plusMinus: plusMinusNumbers(agreed, settings),
    asterisks: agreed.filter((c) => c.value.includes("*")).length,
    marks: new Set(agreed.flatMap((c) => [...comparisonKey(c.value)].filter((ch) => !/[\p{L}\p{N}\s]/u.test(ch)))),
    leadingZeros: agreed.some((c) => LEADING_ZERO.test(normaliseText(c.value))),
    labels: agreed.filter((c) => /\p{L}/u.test(c.value)).length,
    labelsEndingInPoint: agreed.filter((c) => /\p{L}/u.test(c.value) && ENDS_WITH_POINT.test(normaliseText(withoutEdgeRulings(c.value))))
      .length,
  };
}

/** Whether the agreed cells' numbers print their sign (ColumnShape.signed). */
function signedNumbers(agreed: readonly Cell[], settings: SlipSettings): boolean {
  // A zero has no sign to print.
  const numbers = agreed.map((c) => normaliseText(c.value)).filter((v) => numberShape(v) !== null && !isBareZero(v));
  const signed = numbers.filter((v) => LEADING_SIGN.test(v));
  return (
    numbers.length >= settings.columnFormatMinNumbers &&
    signed.length >= numbers.length * settings.columnFormatMajorityShare &&
    signed.some((v) => v.startsWith("+") || v.startsWith("±"))
  );
}

/** Whether the agreed cells' numbers print a plus-minus sign (ColumnShape.plusMinus). */
function plusMinusNumbers(agreed: readonly Cell[], settings: SlipSettings): boolean {
  const numbers = agreed.map((c) => normaliseText(c.value)).filter((v) => numberShape(v) !== null && !isBareZero(v));
  return (
    numbers.length >= settings.columnFormatMinNumbers &&
    numbers.filter((v) => v.startsWith("±")).length >= numbers.length * settings.columnFormatMajorityShare
  );
}

/** The shape the cell at (r, c) should have: its column's, or, where the column has too few agreed
 * numbers to have one (a table of a few rows, years across), its row's. A row of mixed formats (a
 * count then its share) has none, and a column's own format is never overruled by its row. */
function expectedShape(table: Table, r: number, c: number, settings: SlipSettings, kind: SlipKind): ColumnShape {
  const column = shapeOf(
    table.rows.map((row, i) => (i === r ? undefined : row[c])),
    settings,
  );
  // Footnote flags are a column's habit, whatever its numbers' formats; so is how its labels end.
  if (
    column.format !== null ||
    column.numeric ||
    kind === "asterisk-as-mark" ||
    kind === "label-trailing-point" ||
    kind === "label-comma-as-point"
  )
    return column;
  return shapeOf(
    (table.rows[r] ?? []).map((cell, i) => (i === c ? undefined : cell)),
    settings,
  );
}

/** A number whose integer part starts with a zero before another digit ("03", "-07"): no quantity
 * is printed so, while a code or a time may be. */
const LEADING_ZERO = /^[(+\-$€£]*\s*0\d/u;

/** Whether the column backs keeping `kept` over `other` for a slip of `kind`. */
function columnBacks(kind: SlipKind, kept: string, other: string, column: ColumnShape, settings: SlipSettings): boolean {
  if (kind === "digit-space") return true;
  const keptShape = numberShape(kept);
  // Extra words: a label needs no column; a number must be one the column holds (a column of
  // numbers, in its format when it has one), or the extra words may be the value and the kept
  // reading a piece of it.
  if (kind === "extra-words")
    return keptShape === null ? !isPlainNumberLike(kept) : column.numeric && (column.format === null || keptShape.format === column.format);
  // Asterisks read as marks: the column must flag values with asterisks (at least
  // `columnAsterisksMin` agreed ones) and print none of the marks the other reading has there (a
  // column of percentages, of signed changes, keeps a "%" or a "+" in doubt).
  if (kind === "asterisk-as-mark") {
    const glyphs = asteriskLookalikesIn(comparisonKey(withoutEdgeRulings(kept)), comparisonKey(withoutEdgeRulings(other)));
    return column.asterisks >= settings.columnAsterisksMin && glyphs.length > 0 && glyphs.every((g) => !column.marks.has(g));
  }
  // A label's trailing point: the column's labels end without one, and the word could not own it.
  if (kind === "label-trailing-point")
    return column.labels >= settings.columnLabelsMin && column.labelsEndingInPoint === 0 && !mayBeAbbreviation(kept);
  // A label's comma read as a point: a column of labels (the point's place was checked above).
  if (kind === "label-comma-as-point") return column.labels >= settings.columnLabelsMin;
  if (keptShape === null) return false;
  // Letters or a number is the question here, not the format: a lone "0" stands in a column of
  // shares ("0" beside "13.8").
  if (kind === "lookalike-in-number") return column.numeric;
  // A trailing point: a column of numbers, in its format when it has one (a column of numbered
  // items, "1." "2.", is no column of numbers).
  if (kind === "trailing-point") return column.numeric && (column.format === null || keptShape.format === column.format);
  // A sign: the column must print signs, and the kept reading be in its format when it has one.
  if (kind === "lost-sign") return column.signed && (column.format === null || keptShape.format === column.format);
  // A plus-minus read as a plus: the column must print plus-minus signs.
  if (kind === "plus-minus-as-plus") return column.plusMinus && (column.format === null || keptShape.format === column.format);
  // A point lost after a leading zero ("0.3" read "03") leaves a number no table prints, whatever
  // its column's format (a row of counts and their shares has the counts'), unless the column's own
  // values start so.
  if (
    kind === "dropped-separator" &&
    LEADING_ZERO.test(normaliseText(other)) &&
    !LEADING_ZERO.test(normaliseText(kept)) &&
    !column.leadingZeros
  )
    return true;
  const otherShape = numberShape(other);
  const fits = (s: NumberShape | null) =>
    s !== null &&
    column.format !== null &&
    s.format === column.format &&
    (s.grouping === null || column.grouping === null || s.grouping === column.grouping);
  // The column must tell the two apart: a format, or for a thousands comma a grouping, it holds.
  const told = keptShape.format !== otherShape?.format || (keptShape.grouping !== null && column.grouping !== null);
  return told && fits(keptShape) && !fits(otherShape);
}

/** A dropped separator with nothing to tell it from a speck either way: neither the column nor the
 * row has a common format, and both readings are plain numbers (not several run together). */
function noFormatToTell([kept, other]: [string, string], shape: ColumnShape): boolean {
  return shape.format === null && numberShape(kept) !== null && numberShape(other) !== null;
}

/** Whether the table's agreed numbers (the cell at (r, c) left out) group thousands with a comma
 * (at least `columnFormatMinNumbers` grouped numbers, that share of them with a comma) and none has
 * three decimals: then a point before three digits ("2.576") is no number of this table, and its
 * twin with a comma ("2,576") is. A table prints one grouping throughout, whatever each column's
 * decimals; a column with too few agreed numbers (most of it disputed) and a short row have none. */
function tableGroupsWithCommas(table: Table, r: number, c: number, settings: SlipSettings): boolean {
  const shapes = table.rows
    .flatMap((row, i) => row.filter((cell, j) => (i !== r || j !== c) && cell.confidence === "verified"))
    .map((cell) => numberShape(cell.value))
    .filter((shape): shape is NumberShape => shape !== null);
  if (shapes.some((shape) => /^[.,]3/u.test(shape.format))) return false;
  return (
    commonOf(
      shapes.filter((shape) => shape.grouping !== null).map((shape) => shape.grouping!),
      settings,
    ) === ","
  );
}

/** The reading with a thousands comma, of a point and a comma swapped before three digits
 * ("2,576" and "2.576"); null for any other pair. */
function thousandsCommaOf(a: string, b: string): string | null {
  for (const [comma, point] of [
    [a, b],
    [b, a],
  ] as const) {
    const [cs, ps] = [numberShape(comma), numberShape(point)];
    if (cs?.grouping === "," && cs.format.replace("%", "") === "" && ps?.format.replace("%", "") === ".3") return comma;
  }
  return null;
}

/** Digits and number punctuation only, but no number the column rule reads ("1 200 3"). */
const isPlainNumberLike = (text: string) => /\d/u.test(text) && !/\p{L}/u.test(text);

/** `table` with each disputed body cell whose two OCR readings differ by a slip the settings name,
 * backed by its column, made `resolved` with the kept reading (both readings kept); `only`, when
 * given, names the cells to look at (the others are left as they are). */
export function settleReadingSlips(table: Table, settings: SlipSettings, only: (cell: Cell) => boolean = () => true): Table {
  const kinds: readonly string[] = settings.scanReadingSlips;
  if (kinds.length === 0) return table;
  const settle = (cell: Cell, r: number, c: number): Cell => {
    if (cell.confidence !== "disputed" || !only(cell)) return cell;
    const readings = cell.readings?.["pdf-text"] === undefined ? twoOcrReadings(cell) : null;
    if (!readings) return cell;
    const [sa, va, sb, vb] = readings;
    const slip = slipBetween(va, vb);
    if (!slip || !kinds.includes(slip.kind)) return cell;
    const column = expectedShape(table, r, c, settings, slip.kind);
    // A swapped separator names no reading to keep: the column picks one, if it backs either.
    const orders: Array<[string, string]> =
      slip.kind === "swapped-separator" || slip.kind === "percent-as-digits"
        ? [
            [va, vb],
            [vb, va],
          ]
        : [slip.keep === 0 ? [va, vb] : [vb, va]];
    const kept =
      orders.find(([keep, other]) => columnBacks(slip.kind, keep, other, column, settings))?.[0] ??
      (slip.kind === "dropped-separator" && kinds.includes(SEPARATOR_NO_FORMAT) && noFormatToTell(orders[0]!, column)
        ? orders[0]![0]
        : undefined) ??
      (slip.kind === "swapped-separator" &&
      kinds.includes(TABLE_GROUPING) &&
      column.format === null &&
      tableGroupsWithCommas(table, r, c, settings)
        ? (thousandsCommaOf(va, vb) ?? undefined)
        : undefined);
    if (kept === undefined) return cell;
    const { provisional: _provisional, ...rest } = cell;
    return { ...rest, value: displayText(withoutEdgeRulings(kept)), confidence: "resolved", sources: [sa, sb] };
  };
  return { ...table, rows: table.rows.map((row, r) => row.map((cell, c) => settle(cell, r, c))) };
}
