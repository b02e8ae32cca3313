// Prose confidence: a block is verified when a different reading of the page
// contains the same content; the reading that renders the text is not its own witness, and a
// different paragraph split is not a disagreement (each other reading is read inside the block's
// own box, whatever blocks that reading would have made). Disputed when a different reading of
// the same place says something else; otherwise unverified.
import type { BBox, CellSource, Prose } from "../../../lib/result/schema";
import { normaliseText } from "./normalise";
import { RECONCILE_SETTINGS } from "./settings";
import type { WordReadings } from "./reconcile-cell";
import { boxOf, wordsToText, type BoxedWord } from "./words-in-box";

export interface ProseVerdict {
  confidence: Extract<Prose["confidence"], "verified" | "unverified" | "disputed">;
  /** The other readings that agree (never the block's own source). */
  sources: CellSource[];
}

/** `ownSource` is the reading the block's text came from (pdf-text, or an OCR on scans). */
export function verifyProse(block: { text: string; bbox: BBox }, ownSource: CellSource, readings: WordReadings): ProseVerdict {
  const tokens = toTokens(block.text);
  const chars = toChars(block.text);
  if (tokens.length === 0 || chars.length === 0) return { confidence: "unverified", sources: [] };
  const agreeing: CellSource[] = [];
  let contradicted = false;
  for (const [source, words] of Object.entries(readings) as [CellSource, readonly BoxedWord[] | undefined][]) {
    if (source === ownSource || !words) continue;
    const hereText = wordsToText(wordsNear(words, block.bbox));
    const here = toTokens(hereText);
    // Agreement is measured on letters and digits alone: OCR engines drop or add word spaces
    // (PaddleOCR: "productsto") far more often than they misread characters.
    let share = sharedShare(chars, toChars(hereText));
    if (share < RECONCILE_SETTINGS.proseVerifiedShare && here.length < tokens.length * 2) {
      // The block may sit where this reading's boxes are offset; look for it on the whole page.
      share = Math.max(share, sharedShare(chars, toChars(words.map((w) => w.text).join(" "))));
    }
    if (share >= RECONCILE_SETTINGS.proseVerifiedShare) {
      agreeing.push(source);
    } else if (
      here.length >= tokens.length * RECONCILE_SETTINGS.proseDisputedMinWords &&
      sharedShare(tokens, here) < RECONCILE_SETTINGS.proseDisputedShare
    ) {
      // Whole words, not characters: two unrelated English texts share ~60% of their letters in
      // order, but few of their words.
      contradicted = true;
    }
  }
  if (agreeing.length > 0) return { confidence: "verified", sources: agreeing };
  return { confidence: contradicted ? "disputed" : "unverified", sources: [] };
}

/** Letters and digits of a text, normalised, in order. */
export function toChars(text: string): string[] {
  return [...normaliseText(text).replace(/[^\p{L}\p{N}]/gu, "")];
}

/** Words whose centre lies in the box, grown by half a line to catch OCR boxes that overhang. */
function wordsNear(words: readonly BoxedWord[], box: BBox): BoxedWord[] {
  const margin = 3;
  return words.filter((w) => {
    const b = boxOf(w);
    const cx = (b[0] + b[2]) / 2;
    const cy = (b[1] + b[3]) / 2;
    return cx >= box[0] - margin && cx <= box[2] + margin && cy >= box[1] - margin && cy <= box[3] + margin;
  });
}

/** Comparison tokens: normalised words, line-end hyphenation rejoined ("exam-" "ple" ->
 * "example"), surrounding punctuation dropped (OCR's weakest point, and never the content). */
export function toTokens(text: string): string[] {
  const raw = normaliseText(text)
    .split(" ")
    .filter((t) => t !== "");
  const joined: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let token = raw[i]!;
    while (/\p{L}-$/u.test(token) && i + 1 < raw.length && /^\p{Ll}/u.test(raw[i + 1]!)) {
      token = token.slice(0, -1) + raw[++i]!;
    }
    joined.push(token);
  }
  return joined.map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((t) => t !== "");
}

/** Share of `tokens` found, in order, in `other` (longest common subsequence). */
export function sharedShare(tokens: readonly string[], other: readonly string[]): number {
  if (tokens.length === 0) return 1;
  return sharedInOrder(tokens, other) / tokens.length;
}

/** How many of `tokens` are found, in order, in `other`: the length of their longest common
 * subsequence. */
export function sharedInOrder(tokens: readonly string[], other: readonly string[]): number {
  if (tokens.length === 0 || other.length === 0) return 0;
  let previous = new Uint32Array(other.length + 1);
  let current = new Uint32Array(other.length + 1);
  for (const token of tokens) {
    for (let j = 1; j <= other.length; j++) {
      current[j] = token === other[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[other.length]!;
}
