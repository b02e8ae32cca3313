// What a reading sees inside a box: its words that lie mostly inside, read in lines top to
// bottom, left to right.
import type { BBox } from "../../../lib/result/schema";
import { RECONCILE_SETTINGS } from "./settings";
import { BoxBands } from "./box-bands";

/** A word from any reading. OCR words carry `bbox` and their engine's `confidence` (0..1); the
 * pipeline's text-layer words carry `box` (worker/pipeline/types.ts); both are [x0, y0, x1, y1] in
 * PDF points, top-left origin. */
/** `language`: read by a model of that script's language (ocr/script-languages.ts). */
export type BoxedWord = { text: string; confidence?: number; language?: string } & ({ bbox: BBox } | { box: BBox });

export function boxOf(word: BoxedWord): BBox {
  return "bbox" in word ? word.bbox : word.box;
}

export function area(box: BBox): number {
  return Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
}

export function intersectionArea(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export function boxesOverlap(a: BBox, b: BBox): boolean {
  return intersectionArea(a, b) > 0;
}

/** A word belongs to a box when its centre lies inside the box (grown by a small margin, since a
 * cell box may be the tight box of the text-layer glyphs while OCR boxes carry padding), or when
 * most of its area lies inside. Centres assign a word straddling two grid cells to one of them. */
export function isWordInBox(
  word: BoxedWord,
  box: BBox,
  minShare: number = RECONCILE_SETTINGS.wordInBoxShare,
  marginPt: number = RECONCILE_SETTINGS.boxMarginPt,
): boolean {
  const b = boxOf(word);
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  if (cx >= box[0] - marginPt && cx <= box[2] + marginPt && cy >= box[1] - marginPt && cy <= box[3] + marginPt) return true;
  const a = area(b);
  return a > 0 && intersectionArea(b, box) / a >= minShare;
}

/** OCR engines read table rulings as "|", "[" or "_"; a word made only of these is never a value. */
export function isRulingNoise(text: string): boolean {
  return /^[|_[\]{}¦!]+$/u.test(text.trim());
}

export function wordsInBox<W extends BoxedWord>(words: readonly W[], box: BBox): W[] {
  // Geometry first: it rules out nearly every word of the page with a few comparisons, where the
  // text tests (a trim and a regular expression) cost ~10% of a page's reconciliation when run on
  // every word for every cell (`npm run bench` from the cache). Same words either way.
  const keep = (w: W) => isWordInBox(w, box) && w.text.trim() !== "" && !isRulingNoise(w.text);
  const candidates = bandsOf(words)?.candidates(box, RECONCILE_SETTINGS.boxMarginPt) ?? null;
  if (candidates === null) return words.filter(keep);
  const out: W[] = [];
  for (const i of candidates) if (keep(words[i]!)) out.push(words[i]!);
  return out;
}

/** A reading's words are asked about cell after cell: from its third question on, the words are
 * sorted into bands (box-bands.ts) once and each question tests only a band's words. Keyed by
 * the array itself (readings are never changed once read); a length that moved drops the bands. */
const BANDS_AFTER_QUESTIONS = 2;
const BANDS_FROM_WORDS = 32;
const wordBands = new WeakMap<readonly BoxedWord[], { length: number; questions: number; bands: BoxBands | null }>();

function bandsOf(words: readonly BoxedWord[]): BoxBands | null {
  if (words.length < BANDS_FROM_WORDS) return null;
  let entry = wordBands.get(words);
  if (!entry || entry.length !== words.length) {
    entry = { length: words.length, questions: 0, bands: null };
    wordBands.set(words, entry);
  }
  if (entry.bands === null && ++entry.questions > BANDS_AFTER_QUESTIONS) entry.bands = new BoxBands(words.map(boxOf));
  return entry.bands;
}

/** Words in reading order joined into text: lines by vertical centre, left to right within a line,
 * a space only where there is a visible gap (text-layer runs can split inside a word). */
export function wordsToText(words: readonly BoxedWord[]): string {
  const items = words
    .map((w) => ({ text: w.text.trim(), box: boxOf(w) }))
    .filter((w) => w.text !== "")
    .sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  const lines: { items: typeof items; centre: number; height: number }[] = [];
  for (const item of items) {
    const centre = (item.box[1] + item.box[3]) / 2;
    const height = Math.max(1, item.box[3] - item.box[1]);
    const line = lines.find((l) => Math.abs(l.centre - centre) < Math.max(l.height, height) / 2);
    if (line) line.items.push(item);
    else lines.push({ items: [item], centre, height });
  }
  lines.sort((a, b) => a.centre - b.centre);
  return lines
    .map((line) => {
      const sorted = line.items.sort((a, b) => a.box[0] - b.box[0]);
      let text = "";
      let previousRight = -Infinity;
      for (const item of sorted) {
        const gap = item.box[0] - previousRight;
        text += text === "" ? item.text : gap > line.height * RECONCILE_SETTINGS.spaceGapLineHeights ? ` ${item.text}` : item.text;
        previousRight = Math.max(previousRight, item.box[2]);
      }
      return text;
    })
    .join(" ");
}

/** The text a reading sees inside a box. */
export function textInBox(words: readonly BoxedWord[], box: BBox): string {
  return wordsToText(wordsInBox(words, box));
}
