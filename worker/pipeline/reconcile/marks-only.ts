// Calibrated value disputes: an OCR reading disputes the text layer only where it reads a
// different value of the same kind (a digit for a digit, a word for a word), not where it fails
// on what the text layer carries and OCR cannot see. Footnote daggers, asterisks, section signs
// and degree signs are drawn small, raised or in a symbol font (read as "t", "i", "f", "¥", or not
// at all); accents outside an engine's alphabet are read bare ("Promodès" as "Promodes"); small
// capitals are read as capitals; "O" and "0", "l", "I" and "1" are the same strokes ("CO2" read
// as "C02", "HCl" as "HCI"); a thin space inside a number is dropped ("51 955" as "51955"). On the
// EU set with both OCR families every such dispute had the text layer right: they filled the
// review queue with cells nobody needed to look at.
//
// The rule, on comparison keys (normalise.ts), only where the text layer spoke:
//   - a "mark" is any character that is not a letter, a digit, or the punctuation that writes a
//     value (VALUE_PUNCTUATION: separators, signs, brackets of negatives, percent, ratios,
//     comparisons). Changing one of those changes the value, so it always counts.
//   - letters are compared without case or accents, and the cross-kind look-alikes (o/0, l/i/1,
//     z/2) are one character: only a letter for another letter, or a digit for another digit,
//     counts.
//   - brackets come in pairs: a reading that kept one bracket of a pair the text layer has and
//     lost the other ("(X)" read "X)") lost a glyph; a reading with neither still differs.
//   - spaces do not count (a number's thin space, a word space OCR dropped).
//   - the OCR reading's own marks are dropped (a speck read as "*" or "'").
//   - each run of marks in the text layer's reading may be read as nothing or as up to
//     `markLookalikeMaxLetters` letters or plus signs per mark (a dagger as "t", "l" or "+"); never
//     as a digit other than a letter's look-alike, so "12*" against "127" still disputes.
//   - a cell with no letter or digit in either reading ("-" read as '"') holds no value to differ.
//   - dot leaders are typography: where the text layer carries a leader (three or more dots in a
//     row, spaced or not, or an ellipsis), dots that are not a decimal point (between two digits)
//     are dropped from both readings ("Employed . . . . ." read "Employed ....." or "Employed .");
//     where it does not (the text layer's leader was drawing, dropped from the cell), an OCR
//     reading's own leaders (three or more dots) are dropped ("Water (net)...").
//   - everything else must match character for character.
// A text layer that lies about a value (hidden "17" over a drawn "42", "Total" over a drawn
// "Tonal", "1,234" over "1.234") differs in a digit, a letter or a separator, so it is disputed.
import { RECONCILE_SETTINGS } from "./settings";
import { withoutCaseOrAccents } from "./normalise";

/** Punctuation that is part of a value: decimal and thousands separators, signs, the brackets of
 * an accounting negative, percent, the slash of ratios and dates, the colon of times, and the
 * comparison signs of "<0.5". Everything else that is not a letter or a digit is a mark. */
const VALUE_PUNCTUATION = new Set([".", ",", "-", "+", "(", ")", "%", "/", ":", "<", ">", "=", " "]);

/** Letters that are the same strokes as a digit (after lower-casing): compared as that digit.
 * "Z" and "2" are one glyph in most sans faces (a census marker "(Z)" is read "(2)"). */
const LOOKALIKE_DIGIT: Record<string, string> = { o: "0", l: "1", i: "1", z: "2" };

export function isMark(ch: string): boolean {
  return !/[\p{L}\p{N}]/u.test(ch) && !VALUE_PUNCTUATION.has(ch);
}

/** A dot leader: three or more dots in a row, with or without spaces between them (an ellipsis is
 * three dots once normalised). */
const LEADER = /\.(?:\s*\.){2,}/u;

/** Every leader in a reading (for dropping them from an OCR reading). */
const LEADER_RUN = /\.(?:\s*\.){2,}/gu;

function hasLeader(key: string): boolean {
  return LEADER.test(key);
}

/** The reading without the dots a leader is drawn with: every dot but a decimal point between two
 * digits. OCR reads a leader as any number of dots, or as one, or drops it. */
function withoutLeaderDots(key: string): string {
  return key.replace(/\.(?!(?<=\d\.)\d)/gu, "");
}

/** A reading as OCR can tell it: no accents, one case, look-alikes as one character, no spaces. */
function foldLetters(text: string): string {
  return [...withoutCaseOrAccents(text).replace(/\s+/gu, "")].map((ch) => LOOKALIKE_DIGIT[ch] ?? ch).join("");
}

/** Whether `ocrKey` reads the same value as `textLayerKey` (both comparison keys) up to what OCR
 * cannot see (above). False when they are equal as they are (that is plain agreement, not this
 * rule's business) or when either is empty. */
export function readsTextLayerValue(
  textLayerKey: string,
  ocrKey: string,
  maxLetters = RECONCILE_SETTINGS.markLookalikeMaxLetters,
): boolean {
  if (textLayerKey === "" || ocrKey === "" || textLayerKey === ocrKey) return false;
  const leaders = hasLeader(textLayerKey);
  const told = foldedForComparison(textLayerKey);
  const ocr = foldedOcrForComparison(textLayerKey, ocrKey);
  if (leaders && told !== "" && told === ocr) return true;
  const hasValue = (text: string) => /[\p{L}\p{N}]/u.test(text);
  if (!hasValue(told)) return !hasValue(ocr);
  if (ocr === "") return false;
  return [told, ...withOneBracketLost(told)].some((form) => readsWithMarks(form, ocr, maxLetters));
}

/** The text layer's reading as the rule compares it: leader dots dropped where it carries a
 * leader, letters folded (no case, no accents, look-alikes as their digit, no spaces). */
export function foldedForComparison(textLayerKey: string): string {
  return foldLetters(hasLeader(textLayerKey) ? withoutLeaderDots(textLayerKey) : textLayerKey);
}

/** An OCR reading as the rule compares it with `textLayerKey`: folded the same way, its own marks
 * dropped (a speck read as "*" or "'"). */
export function foldedOcrForComparison(textLayerKey: string, ocrKey: string): string {
  const read = hasLeader(textLayerKey) ? withoutLeaderDots(ocrKey) : ocrKey.replace(LEADER_RUN, "");
  return [...foldLetters(read)].filter((ch) => !isMark(ch)).join("");
}

/** Whether `ocr` is `told` with each run of marks read as nothing or as up to `maxLetters`
 * look-alikes per mark (letters, "+", or the digits letters fold to). */
function readsWithMarks(told: string, ocr: string, maxLetters: number): boolean {
  const pattern = told
    .split(/([^\p{L}\p{N}.,\-+()%/:<>=]+)/u)
    .map((piece, i) => (i % 2 === 1 ? `[\\p{L}+012]{0,${[...piece].length * maxLetters}}` : piece.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`, "u").test(ocr);
}

/** `told` less one bracket of a pair it holds ("(X)" as "X)" or "(X"): brackets come in pairs, so
 * a reading that kept one of them and lost the other lost a glyph; it does not say another value
 * (a drawn "5" under a text layer's "(5)" is read "5", with neither bracket, and still differs). */
function withOneBracketLost(told: string): string[] {
  const chars = [...told];
  const forms: string[] = [];
  const open: number[] = [];
  chars.forEach((ch, i) => {
    if (ch === "(") open.push(i);
    else if (ch === ")" && open.length > 0) {
      const start = open.pop()!;
      for (const lost of [start, i]) forms.push([...chars.slice(0, lost), ...chars.slice(lost + 1)].join(""));
    }
  });
  return forms;
}
