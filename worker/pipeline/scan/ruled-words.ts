// Words a vertical ruling runs through, on a scan. In a ruled table with narrow columns Tesseract
// reads a row's values across the rulings as one word, the rulings read as "|", "[", "(", "]" or
// "1" ("95.7142.4|56.7(97.2|98.1" on the generated `vertical-header` realistic
// scans): one word then spans several cells, and the row's cells come out empty or holding
// the whole row. A ruling glued to a word's end is cut off where the word is made
// (scanned-page.ts); one through its middle cannot be cut from the text, since which characters lie
// left of it is a guess. So the pieces of such a word between the rulings are read again, each a
// crop of its own, and their readings replace the word.
import type { BBox } from "../../../lib/result/schema";
import type { Ruling } from "../types";
import type { Word } from "../ocr/types";
import { RULED_WORD_SETTINGS } from "./settings";
import { isCentreIn } from "../geometry/box";

export type RuledWordSettings = { readonly [K in keyof typeof RULED_WORD_SETTINGS]: number };

export interface RuledWord {
  /** The word's index in the reading. */
  index: number;
  /** Its pieces between the rulings through it, as crops to read (points). */
  pieces: BBox[];
}

/** The words of `words` that a vertical ruling runs through, each with its pieces between those
 * rulings. Words already standing on end (`dir`) are left alone. */
export function wordsCrossedByRulings(
  words: readonly Word[],
  rulings: readonly Ruling[],
  settings: RuledWordSettings = RULED_WORD_SETTINGS,
): RuledWord[] {
  const vertical = rulings.filter((r) => r.orientation === "v");
  const out: RuledWord[] = [];
  words.forEach((word, index) => {
    if (word.dir !== undefined) return;
    const [x0, y0, x1, y1] = word.bbox;
    const chars = [...word.text.trim()].length;
    if (chars < 2) return;
    const glyph = (x1 - x0) / chars;
    const middle = (y0 + y1) / 2;
    const inside = glyph * settings.insideGlyphs;
    const through = vertical
      .filter((r) => r.start <= middle && r.end >= middle && r.pos > x0 + inside && r.pos < x1 - inside)
      .map((r) => r.pos)
      .sort((a, b) => a - b);
    if (through.length === 0) return;
    const pad = (y1 - y0) * settings.padHeights;
    const edges = [x0 - settings.rulingClearPt, ...through, x1 + settings.rulingClearPt];
    const pieces: BBox[] = [];
    for (let i = 0; i + 1 < edges.length; i++) {
      const left = edges[i]! + settings.rulingClearPt;
      const right = edges[i + 1]! - settings.rulingClearPt;
      if (right - left >= glyph * settings.minPieceGlyphs) pieces.push([left, y0 - pad, right, y1 + pad]);
    }
    out.push({ index, pieces });
  });
  return out;
}

/** The crossed words again, from the pieces read for them (a cached reading's crops): each piece
 * lies on its word's middle, within its width. */
export function crossedFromPieces(words: readonly Word[], pieces: readonly BBox[]): RuledWord[] {
  const out: RuledWord[] = [];
  words.forEach((word, index) => {
    if (word.dir !== undefined) return;
    const [x0, y0, x1, y1] = word.bbox;
    const mine = pieces.filter((p) => Math.abs((p[1] + p[3]) / 2 - (y0 + y1) / 2) < 0.01 && p[0] >= x0 - 0.01 && p[2] <= x1 + 0.01);
    if (mine.length > 0) out.push({ index, pieces: mine });
  });
  return out;
}

/** `words` with each crossed word replaced by what its pieces read (`read`: words on the page from
 * reading every piece). A crossed word none of whose pieces read anything is kept as it was. */
export function withRuledWordsRead(words: readonly Word[], crossed: readonly RuledWord[], read: readonly Word[]): Word[] {
  const replaced = new Map<number, Word[]>();
  for (const { index, pieces } of crossed) {
    const found = read.filter((w) => pieces.some((piece) => isCentreIn(w.bbox, piece)) && w.text.trim() !== "");
    if (found.length > 0) replaced.set(index, found);
  }
  if (replaced.size === 0) return [...words];
  return words.flatMap((word, index) => replaced.get(index) ?? [word]);
}
