// Where the value vote looks for a scanned cell's other readings. A scan's words come from one
// OCR reading, and every word of a text line takes the line's whole height (scanned-page.ts), so
// that the table's rows group as the text layer's do. A line Tesseract gave one far taller box
// (a parenthesised code, a word beside a ruling: twice the text's height, reaching into the rows
// above and below) stretches every cell of its row over its neighbours' rows, and the other
// engine's words of those rows then land in the cell: a tight ruled column of "1"s reads "111",
// a "10" under a "10" reads "1010", and a cell every engine read alike is disputed.
//
// So on a scan the vote looks inside the cell's box only as high as the cell's own words reach:
// the own reading's words whose text makes the cell's value, lying in the cell, taken at their own
// height (the nearest to the cell's middle where a value repeats a word). A word far taller than
// the page's usual word (the tall box itself, or a wrapped line's word boxed over its gap) counts
// as a usual word's height about its middle. The cell keeps its box in the result; only the
// region the other readings are compared in shrinks. A cell whose own words cannot all be found
// keeps its box.
import type { BBox, Cell } from "../../../lib/result/schema";
import { boxOf, type BoxedWord } from "./words-in-box";
import { BoxBands } from "./box-bands";
import { normaliseText } from "./normalise";
import { isCentreIn } from "../geometry/box";

/** The page's usual word height: the median over words of three characters or more, or null. */
export function usualWordHeight(words: readonly BoxedWord[]): number | null {
  const heights = words
    .filter((w) => [...w.text.trim()].length >= 3)
    .map((w) => boxOf(w)[3] - boxOf(w)[1])
    .sort((a, b) => a - b);
  return heights.length > 0 ? heights[Math.floor(heights.length / 2)]! : null;
}

/** One index per page's reading and ratio: a page's tables share it (readings are never changed
 * once read). */
const indexes = new WeakMap<readonly BoxedWord[], Map<number, OwnWords>>();

/** The own reading's words of one page, for finding each cell's words. */
export class OwnWords {
  /** The index of `words`, built once for all the tables of their page. */
  static of(words: readonly BoxedWord[], tallWordRatio: number): OwnWords {
    let byRatio = indexes.get(words);
    if (!byRatio) indexes.set(words, (byRatio = new Map<number, OwnWords>()));
    let index = byRatio.get(tallWordRatio);
    if (!index) byRatio.set(tallWordRatio, (index = new OwnWords(words, tallWordRatio)));
    return index;
  }

  private readonly bands: BoxBands;
  private readonly tallAbove: number;
  private readonly usual: number;

  constructor(
    private readonly words: readonly BoxedWord[],
    tallWordRatio: number,
  ) {
    this.bands = new BoxBands(words.map(boxOf));
    const usual = usualWordHeight(words);
    this.usual = usual ?? 0;
    this.tallAbove = usual === null ? Infinity : tallWordRatio * usual;
  }

  /** The box the vote compares the cell's readings in: the cell's box, no higher than its own
   * words reach. */
  voteBoxOf(cell: Cell): BBox | undefined {
    const box = cell.bbox;
    if (!box) return box;
    const tokens = normaliseText(cell.value)
      .split(" ")
      .filter((t) => t !== "");
    if (tokens.length === 0) return box;
    const middle = (box[1] + box[3]) / 2;
    const inCell = (this.bands.candidates(box, 0) ?? this.words.map((_, i) => i))
      .map((i) => this.words[i]!)
      .filter((w) => isCentreIn(boxOf(w), box));
    // Each token of the value from the word spelling it nearest the cell's middle.
    const chosen = new Set<BoxedWord>();
    for (const token of tokens) {
      const word = inCell
        .filter((w) => !chosen.has(w) && normaliseText(w.text) === token)
        .sort((a, b) => Math.abs(centreY(a) - middle) - Math.abs(centreY(b) - middle))[0];
      if (!word) return box;
      chosen.add(word);
    }
    const spans = [...chosen].map((w) => this.heightSpan(w));
    const top = Math.max(box[1], Math.min(...spans.map(([y0]) => y0)));
    const bottom = Math.min(box[3], Math.max(...spans.map(([, y1]) => y1)));
    return bottom > top ? [box[0], top, box[2], bottom] : box;
  }

  /** Where a word's text lies, top to bottom: its box, or for a box far taller than the page's
   * usual word, the usual word's height about its middle (Tesseract's tall boxes are centred on
   * their line, within a fifth of the extra on the EU realistic scans). */
  private heightSpan(word: BoxedWord): [number, number] {
    const b = boxOf(word);
    if (b[3] - b[1] <= this.tallAbove) return [b[1], b[3]];
    const middle = (b[1] + b[3]) / 2;
    return [middle - this.usual / 2, middle + this.usual / 2];
  }
}

function centreY(word: BoxedWord): number {
  const b = boxOf(word);
  return (b[1] + b[3]) / 2;
}
