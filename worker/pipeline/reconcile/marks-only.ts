// Calibrated value disputes: an OCR reading disputes the text layer only where it reads a
// different value of the same kind (a digit for a digit, a word for a word), not where it fails
// on a mark the text layer carries. Footnote daggers, asterisks, section signs, degree signs and
// currency symbols are drawn small, raised or in a symbol font; OCR engines read a dagger as "t",
// "i", "f" or "¥", drop an asterisk, or see a "*" in a speck. Such a reading says nothing against
// the text layer's value, and the review queue filled with them (the text layer right in every
// one the ground truth could check).
//
// The rule, on comparison keys (normalise.ts):
//   - a "mark" is any character that is not a letter, a digit, or the punctuation that writes a
//     value (VALUE_PUNCTUATION: separators, signs, brackets of negatives, percent, ratios,
//     comparisons). Changing one of those changes the value, so it always counts.
//   - the OCR reading's own marks are dropped (a speck read as "*" or "'").
//   - each run of marks in the text layer's reading may be read as nothing or as up to
//     `markLookalikeMaxLetters` letters or plus signs (the look-alikes: a dagger as "t" or "+");
//     never as a digit, so "12*" against "127" still disputes.
//   - everything else must match character for character.
// A text layer that lies about a value (hidden "17" over a drawn "42", "Total" over a drawn "Tonal")
// differs in a digit or a letter outside any mark, so it is still disputed.
import { RECONCILE_SETTINGS } from "./settings";

/** Punctuation that is part of a value: decimal and thousands separators, signs, the brackets of
 * an accounting negative, percent, the slash of ratios and dates, the colon of times, and the
 * comparison signs of "<0.5". Everything else that is not a letter or a digit is a mark (the
 * split in differsOnlyInMarks spells the same set as a character class). */
const VALUE_PUNCTUATION = new Set([".", ",", "-", "+", "(", ")", "%", "/", ":", "<", ">", "=", " "]);

export function isMark(ch: string): boolean {
  return !/[\p{L}\p{N}]/u.test(ch) && !VALUE_PUNCTUATION.has(ch);
}

/** Whether `ocrKey` reads the same value as `textLayerKey` (both comparison keys) up to the marks
 * the text layer carries and the marks the OCR reading invented. False when they are equal as
 * they are (that is plain agreement, not this rule's business) or when either is empty. */
export function differsOnlyInMarks(textLayerKey: string, ocrKey: string, maxLetters = RECONCILE_SETTINGS.markLookalikeMaxLetters): boolean {
  if (textLayerKey === "" || ocrKey === "" || textLayerKey === ocrKey) return false;
  const chars = [...textLayerKey];
  // A text layer of marks only ("†", "*") is not a value: nothing to read the same.
  if (chars.every(isMark)) return false;
  const ocr = [...ocrKey].filter((ch) => !isMark(ch)).join("");
  if (ocr === "") return false;
  // Each run of marks becomes room for `maxLetters` look-alikes per mark in it.
  const pattern = textLayerKey
    .split(/([^\p{L}\p{N}.,\-+()%/:<>= ]+)/u)
    .map((piece, i) => (i % 2 === 1 ? `[\\p{L}+]{0,${[...piece].length * maxLetters}}` : piece.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`, "u").test(ocr);
}
