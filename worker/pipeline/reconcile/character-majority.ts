// A disagreement settled character by character: where the text layer spoke and two or more OCR
// readings each misread a different part of it ("-79.9" read "-79.8" by one engine and "79.9" by
// the other; "16,876" read "16.87¢" and "16,8767"), every character of the text layer's value is
// backed by the text layer and by the engines that read it alike. No value reading matches another
// as a whole, so the whole-value vote found no majority and asked a person, though the readings
// tell: each misreading is outvoted where it stands.
//
// The rule, on the readings as the vote compares them (marks-only.ts folds case, accents,
// look-alikes and leader dots, and drops OCR's own marks): each OCR reading is aligned with the
// text layer's (edit distance); the places it changes are the characters it substitutes or drops
// and the gaps where it inserts, taken over EVERY alignment of least cost (so an ambiguous
// alignment counts against the text layer, never for it). Two changes next to each other (a
// character and the gap beside it) are one place: "(Z)" read "NZ)" may be "(" lost and "N" added,
// not "(" read "N", so it meets another engine's "N" added after "(". The text layer's value stands as
// `resolved` when at every such place the readings that changed it or a place beside it are fewer
// than half of the readings that spoke (with two engines: no place both changed, or one changed
// beside the other's). A text layer that lies about a value differs from the drawn glyphs at the lie, so every engine that reads the glyphs, or
// drops them, changes that place: it stays disputed unless an engine reads the lie's own
// character where another is drawn.
import { foldedForComparison, foldedOcrForComparison } from "./marks-only";

/** The places an alignment of least cost changes: 2i+1 for the text's i-th character substituted
 * or dropped, 2g for an insertion in gap g (before character g; g = length is the end). */
export function changedPlaces(text: readonly string[], read: readonly string[]): Set<number> {
  const n = text.length;
  const m = read.length;
  const forward: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const backward: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      if (i === 0 || j === 0) forward[i]![j] = i + j;
      else
        forward[i]![j] = Math.min(
          forward[i - 1]![j]! + 1,
          forward[i]![j - 1]! + 1,
          forward[i - 1]![j - 1]! + (text[i - 1] === read[j - 1] ? 0 : 1),
        );
    }
  for (let i = n; i >= 0; i--)
    for (let j = m; j >= 0; j--) {
      if (i === n || j === m) backward[i]![j] = n - i + (m - j);
      else
        backward[i]![j] = Math.min(
          backward[i + 1]![j]! + 1,
          backward[i]![j + 1]! + 1,
          backward[i + 1]![j + 1]! + (text[i] === read[j] ? 0 : 1),
        );
    }
  const least = forward[n]![m]!;
  const places = new Set<number>();
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      const here = forward[i]![j]!;
      // Drop text[i]; insert read[j] in gap i; substitute text[i] by read[j] (a different character).
      if (i < n && here + 1 + backward[i + 1]![j]! === least) places.add(2 * i + 1);
      if (j < m && here + 1 + backward[i]![j + 1]! === least) places.add(2 * i);
      if (i < n && j < m && text[i] !== read[j] && here + 1 + backward[i + 1]![j + 1]! === least) places.add(2 * i + 1);
    }
  return places;
}

/** Whether the text layer's reading (`textLayerKey`, a comparison key) is backed character by
 * character by a majority of the readings that spoke: `ocrKeys` are the OCR readings that differ
 * from it (comparison keys), `agreeing` how many OCR readings read it as it is. Needs two or more
 * OCR readings in all. */
export function settledCharacterByCharacter(textLayerKey: string, ocrKeys: readonly string[], agreeing = 0): boolean {
  const spoke = 1 + agreeing + ocrKeys.length;
  if (spoke < 3 || ocrKeys.length === 0) return false;
  const told = [...foldedForComparison(textLayerKey)];
  if (told.length === 0) return false;
  const changed = ocrKeys.map((key) => changedPlaces(told, [...foldedOcrForComparison(textLayerKey, key)]));
  const near = (places: Set<number>, place: number) => places.has(place - 1) || places.has(place) || places.has(place + 1);
  for (const places of changed)
    for (const place of places) if (changed.filter((other) => near(other, place)).length * 2 >= spoke) return false;
  return true;
}
