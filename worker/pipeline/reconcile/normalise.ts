// The only rewriting a reading gets before readings are compared: changes that
// cannot alter what a value means. Digits, decimal and thousands separators, signs (other than
// spelling a minus as a hyphen), letters and case are never touched: "1,234" vs "1.234" and
// "1 234" vs "1234" stay different, because they can mean different numbers.

/** Hyphen, minus and dash code points that all read as "-" in a table cell: U+2010 hyphen,
 * U+2011 non-breaking hyphen, U+2012 figure dash, U+2013 en dash, U+2014 em dash, U+2015
 * horizontal bar, U+2212 minus sign, U+FE58 small em dash, U+FE63 small hyphen-minus,
 * U+FF0D fullwidth hyphen-minus (NFKC already maps the last two; kept for clarity). */
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
/** Typographic quotes and the prime: OCR engines and fonts spell them interchangeably. */
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;
/** Invisible characters that only affect line breaking: soft hyphen, zero-width space/joiners,
 * word joiner, BOM. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** Ligatures NFKC leaves alone. */
const EXTRA_LIGATURES: Record<string, string> = { "\u0152": "OE", "\u0153": "oe", "\uA733": "aa" };

/** How a reading's text is delivered (a cell's value and its `readings`): the reading's own
 * spelling, with only line-breaking characters dropped and whitespace runs made one space.
 * Typographic quotes, dashes and superscripts stay as the document wrote them ("m²" must not
 * become "m2"); the canonical form below is for comparing readings, never for delivery. */
export function displayText(text: string): string {
  return text.replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
}

/** Canonical spelling of a reading, for comparison: NFKC (fullwidth forms, ligatures such as "ﬁ",
 * superscript-free compatibility forms), dashes to "-", quotes to ASCII, whitespace runs to one
 * space, trimmed. */
export function normaliseText(text: string): string {
  return displayText(
    text
      .normalize("NFKC")
      .replace(DASHES, "-")
      .replace(SINGLE_QUOTES, "'")
      .replace(DOUBLE_QUOTES, '"')
      .replace(/[\u0152\u0153\uA733]/g, (c) => EXTRA_LIGATURES[c] ?? c),
  );
}

/** The comparison key of a reading: its normalised text without the spaces that readings place
 * inconsistently: around punctuation ("12.5 %" = "12.5%") and between letters (PaddleOCR drops word
 * spaces: "Not available" = "Notavailable"). A space between two digits is kept: it can separate
 * two numbers or be a thousands separator ("1 234" != "1234"). */
export function comparisonKey(text: string): string {
  return normaliseText(text).replace(/ /g, (_space, offset: number, whole: string) =>
    /\p{N}/u.test(whole[offset - 1] ?? "") && /\p{N}/u.test(whole[offset + 1] ?? "") ? " " : "",
  );
}

/** `text` with no case and no accents (compatibility forms decomposed, combining marks dropped):
 * how letters compare where OCR cannot tell a capital or an accent. */
export function withoutCaseOrAccents(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether two readings say the same thing. */
export function readingsAgree(a: string, b: string): boolean {
  return comparisonKey(a) === comparisonKey(b);
}
