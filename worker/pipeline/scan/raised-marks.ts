// Footnote marks set small and raised after a value or a label ("10.2 r" revised, "63.8 e"
// estimated, "Tomatoes 2", "Total 1"), as government statistical tables print them. In a scan's
// first reading Tesseract reads such a mark as part of its word, and as the punctuation it most
// resembles at that size and height: "10.2"", "63.8°", "Rapeseed®", "Estonia’". Cropped alone, the
// same glyph is read for what it is ("r", "e", "6"): on the generated `marker-values` scans nine
// of ten such crops read the right mark. So a word of the first reading that ends in such a glyph
// (a quote or an apostrophe only after a digit: after a letter it is a possessive or a closing
// quote), where the glyph is a raised run of ink of its own (a blank column of pixels before it), has that
// run read again as a crop, and a confident reading of one to three letters or digits replaces the
// glyph, set apart by a space as the text layer's superscripts are (geometry/superscripts.ts).
// The word keeps its box; the second engine reads the cell's line as before, so the cell is
// verified only when it read the mark too.
import type { BBox } from "../../../lib/result/schema";
import { sharedGrey, type PageRender } from "../render/render-page";
import type { Word } from "../ocr/types";
import { boxCenter, isPointInBox } from "../geometry/box";
import { RAISED_MARK_SETTINGS } from "./settings";

/** Glyphs a raised footnote mark is misread as: quotes and apostrophes, degree and ordinal signs,
 * registered and trade marks, superscript digits, bullets. Not an asterisk: that is a footnote
 * mark of its own, which Tesseract reads right in context and as "x" or "4" alone (EU realistic
 * scans: "1992*" and "Q1 2010**" lost their asterisks to it while it was in this list). */
const MARK_LOOKALIKE = /[’'"°®™ªº`´‘^¹²³”“•·]+$/u;

/** Quotes and apostrophes end ordinary words too (a possessive, a closing quote in prose), where
 * they are what they look like: they count as a mark's look-alike only after a digit ("10.2"",
 * "1,234’"). The other look-alikes end no ordinary word. */
const QUOTE_LIKE = /^[’'"”“‘`´]+$/u;

/** The stem and look-alike glyphs of a word that may end in a misread mark, else null. */
function lookalikeEnding(word: Word): { stem: string; glyph: string } | null {
  if (word.dir !== undefined) return null;
  const glyph = MARK_LOOKALIKE.exec(word.text)?.[0];
  if (!glyph) return null;
  const stem = word.text.slice(0, word.text.length - glyph.length);
  if (stem.trim() === "") return null;
  if (QUOTE_LIKE.test(glyph) && !/\d$/.test(stem)) return null;
  return { stem, glyph };
}

/** A degree sign reads as a letter o or a zero when cropped alone: that is a degree, not a mark. */
const DEGREE_READINGS = /^[oO0]$/;

export interface RaisedMark {
  /** Index of the word in the reading. */
  word: number;
  /** The mark's crop on the prepared page (points). */
  crop: BBox;
}

/** Words ending in a mark look-alike whose last run of ink stands apart, small and raised: the
 * crop to read each mark in. `grey` is the prepared page (paper white, toner black). */
export function raisedMarks(words: readonly Word[], grey: Uint8Array, render: PageRender, settings = RAISED_MARK_SETTINGS): RaisedMark[] {
  const marks: RaisedMark[] = [];
  const s = render.scale;
  words.forEach((word, index) => {
    if (!lookalikeEnding(word)) return;
    const [x0, y0, x1, y1] = word.bbox;
    const px0 = Math.max(0, Math.floor(x0 * s));
    const px1 = Math.min(render.width, Math.ceil(x1 * s));
    const py0 = Math.max(0, Math.floor(y0 * s));
    const py1 = Math.min(render.height, Math.ceil(y1 * s));
    if (px1 - px0 < 3 || py1 - py0 < 3) return;
    // The lowest inked row of each pixel column of the box (-1: blank). From the right: the
    // mark's run, then a blank column, then the rest of the word.
    const bottom = Array.from({ length: px1 - px0 }, (_, i) => {
      for (let y = py1 - 1; y >= py0; y--) if (grey[y * render.width + px0 + i]! < settings.inkBelow) return y;
      return -1;
    });
    const right = bottom.findLastIndex((b) => b >= 0);
    if (right < 0) return; // no ink
    let left = right;
    while (left >= 0 && bottom[left]! >= 0) left--;
    if (left < 0 || !bottom.slice(0, left).some((b) => b >= 0)) return; // the run is the whole word
    const lowest = Math.max(...bottom.slice(left + 1, right + 1));
    const heightPt = y1 - y0;
    const widthPt = (right - left) / s;
    const raisedBy = (py1 - 1 - lowest) / s;
    if (widthPt > settings.maxWidthHeights * heightPt || raisedBy < settings.minRaisedHeights * heightPt) return;
    marks.push({
      word: index,
      crop: [
        (px0 + left + 1) / s - settings.sidePadPt,
        y0 - settings.topPadPt,
        (px0 + right + 1) / s + settings.sidePadPt,
        y1 + settings.bottomPadPt,
      ],
    });
  });
  return marks;
}

/** `words` with each mark read in its crop: a confident reading of one to three letters or digits
 * (`read`: the crops' words, on the prepared page) replaces the look-alike glyph, after a space. */
export function withRaisedMarksRead(
  words: readonly Word[],
  marks: readonly RaisedMark[],
  read: readonly Word[],
  settings = RAISED_MARK_SETTINGS,
): Word[] {
  const out = [...words];
  for (const mark of marks) {
    const inside = read.filter((w) => isPointInBox(...boxCenter(w.bbox), mark.crop));
    if (inside.length !== 1) continue;
    const text = inside[0]!.text.trim();
    if (!/^[A-Za-z0-9]{1,3}$/.test(text) || inside[0]!.confidence < settings.minConfidence) continue;
    const word = words[mark.word]!;
    const ending = lookalikeEnding(word);
    if (!ending || (ending.glyph.includes("°") && DEGREE_READINGS.test(text))) continue;
    out[mark.word] = { ...word, text: `${ending.stem} ${text}`, confidence: Math.min(word.confidence, inside[0]!.confidence) };
  }
  return out;
}

/** The marks behind `crops` (raisedMarks' crops, read from a cache): each crop's word is the one
 * ending in a look-alike whose box holds the crop's middle. */
export function marksOfCrops(words: readonly Word[], crops: readonly BBox[]): RaisedMark[] {
  const marks: RaisedMark[] = [];
  for (const crop of crops) {
    const [mx, my] = boxCenter(crop);
    const word = words.findIndex((w) => lookalikeEnding(w) !== null && isPointInBox(mx, my, w.bbox));
    if (word >= 0) marks.push({ word, crop });
  }
  return marks;
}

/** Whether any word ends in a mark look-alike (else there is nothing to look at). */
export function mayHaveRaisedMarks(words: readonly Word[]): boolean {
  return words.some((w) => lookalikeEnding(w) !== null);
}

/** The crops of `raisedMarks` for a render. */
export function raisedMarkCrops(words: readonly Word[], render: PageRender): RaisedMark[] {
  return raisedMarks(words, sharedGrey(render), render);
}
