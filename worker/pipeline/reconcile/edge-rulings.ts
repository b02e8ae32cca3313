// On a scan, a cell's box reaches to its rulings, and an OCR engine reads a vertical rule that
// touches a value as a glyph glued to it: "|1,234", "56.7]", "[Total". Such a glyph is part of
// no reading: it comes off both ends of every OCR reading before the vote (and so off the value a
// scanned cell delivers). The text layer is the document's own text and is never cut.
// A whole word of ruling glyphs is dropped earlier (words-in-box.ts isRulingNoise); this is the
// glued case. A bracket comes off when its partner is not in the text, or when the two enclose the
// whole reading (a rule at each side of the cell, "[59,332 ]"); a bracketed note inside a value
// ("Total [a]") stays, and parentheses are never rulings ("(12.5)" is a negative).
import { normaliseText } from "./normalise";

/** Glyphs OCR makes of a vertical rule (the same set a word of rulings alone is made of). */
const RULING_GLYPHS = new Set(["|", "¦", "[", "]", "{", "}", "!", "_"]);
const PARTNER: Record<string, string> = { "[": "]", "]": "[", "{": "}", "}": "{" };

/** A reading as the scan checks compare spellings: edge rulings off, then normalised (spaces,
 * dashes, quotes) as the vote compares values. */
export function spellingOf(text: string): string {
  return normaliseText(withoutEdgeRulings(text));
}

export function withoutEdgeRulings(text: string): string {
  const trimmed = text.trim();
  // Nearly every reading neither starts nor ends with a ruling glyph: it comes back trimmed,
  // without an array of its characters. (No ruling glyph is half of a surrogate pair, so looking
  // at the first and last code units is looking at the first and last characters.)
  if (!RULING_GLYPHS.has(trimmed.charAt(0)) && !RULING_GLYPHS.has(trimmed.charAt(trimmed.length - 1))) return trimmed;
  let chars = [...trimmed];
  for (;;) {
    const first = chars[0];
    const last = chars[chars.length - 1];
    if (first !== undefined && isLooseRuling(first, chars)) chars = chars.slice(1);
    else if (last !== undefined && isLooseRuling(last, chars)) chars = chars.slice(0, -1);
    else break;
    while (chars[0] === " ") chars = chars.slice(1);
    while (chars[chars.length - 1] === " ") chars = chars.slice(0, -1);
  }
  return chars.join("");
}

function isLooseRuling(ch: string, chars: readonly string[]): boolean {
  if (!RULING_GLYPHS.has(ch)) return false;
  const partner = PARTNER[ch];
  if (partner === undefined) return true;
  const enclosing = (chars[0] === "[" && chars[chars.length - 1] === "]") || (chars[0] === "{" && chars[chars.length - 1] === "}");
  return enclosing || chars.filter((c) => c === partner).length === 0;
}
