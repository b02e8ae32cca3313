// Scanned pages (no text layer): the page's readings rebuilt from the page image, so the same
// table, prose and figure stages run on them. Words come from one OCR reading (the
// structure source; the other OCR reading then verifies its values in the reconciler), rulings
// from long thin runs of ink in the render (raster rulings). Nothing here reads the text layer.
export { renderToRulings } from "./raster-rulings";
export { RASTER_RULINGS, type RasterRulingSettings } from "./settings";
import type { Word as OcrWord } from "../ocr/types";
import type { Box, Ruling, Word } from "../types";
import { isRulingNoise } from "../reconcile/words-in-box";
import { RULING_GLUE } from "./settings";

/** Characters OCR reads a vertical ruling as, when the ruling touches a word. Not parentheses:
 * a negative amount "(1,234)" right-aligned against a column's ruling is common in accounts, and
 * its parenthesis is text. */
const RULING_GLYPHS = new Set(["|", "[", "]", "{", "}", "!", "¦"]);

/** A vertical ruling passes through the horizontal span [x0, x1] (points) of a glyph at height y,
 * give or take `tolerance`. */
function rulingThrough(rulings: readonly Ruling[], x0: number, x1: number, y: number, tolerance: number): boolean {
  return rulings.some((r) => r.orientation === "v" && r.pos >= x0 - tolerance && r.pos <= x1 + tolerance && r.start <= y && r.end >= y);
}

/**
 * A word with a vertical ruling glued to its first or last character ("|PBUK", "76.7}", on EU
 * realistic scans): the ruling's character is cut off and the box shrunk to the rest. Only the
 * characters OCR makes of a ruling (RULING_GLYPHS), only where a ruling found in the image
 * (renderToRulings) passes through that character's share of the box, within a quarter of a
 * character's width (`glyphTolerance`): a real bracket or parenthesis of the text has no ruling
 * through it.
 */
export function withoutGluedRulings(word: OcrWord, rulings: readonly Ruling[], glyphTolerance = RULING_GLUE.glyphTolerance): OcrWord {
  let text = word.text.trim();
  let [x0, , x1] = word.bbox;
  const [, y0, , y1] = word.bbox;
  const y = (y0 + y1) / 2;
  const glyph = (x1 - x0) / Math.max(1, [...text].length);
  for (let guard = 0; guard < 2 && text.length > 1; guard++) {
    const chars = [...text];
    if (RULING_GLYPHS.has(chars[0]!) && rulingThrough(rulings, x0, x0 + glyph, y, glyph * glyphTolerance)) {
      text = chars.slice(1).join("").trimStart();
      x0 += glyph;
    } else if (RULING_GLYPHS.has(chars[chars.length - 1]!) && rulingThrough(rulings, x1 - glyph, x1, y, glyph * glyphTolerance)) {
      text = chars.slice(0, -1).join("").trimEnd();
      x1 -= glyph;
    } else break;
  }
  return text === word.text ? word : { ...word, text, bbox: [x0, y0, x1, y1] };
}

/** OCR words as pipeline words: every word of one text line gets the line's vertical extent (OCR
 * boxes are tight to the ink, so "42" and "Total" on one line would otherwise differ in height and
 * centre), a font size from that extent (the text layer's word box is one em tall), no font
 * name and no weight (OCR does not report them). Ruling fragments read as "|" are dropped, and
 * with the page's `rulings` (raster rulings, the words' coordinates) a ruling glued to a word's
 * end is cut off (withoutGluedRulings). */
export function ocrWordsToPageWords(words: readonly OcrWord[], rulings: readonly Ruling[] = []): Word[] {
  const readable = words
    .map((w) => (rulings.length > 0 && w.dir === undefined ? withoutGluedRulings(w, rulings) : w))
    .filter((w) => w.text.trim() !== "" && !isRulingNoise(w.text) && w.bbox[2] > w.bbox[0] && w.bbox[3] > w.bbox[1]);
  // Words of a line standing on end (scan/standing-lines.ts) keep their direction; their size is
  // the line's thickness, as the text layer's rotated words have it.
  const standing: Word[] = readable
    .filter((w) => w.dir !== undefined)
    .map((w) => ({
      text: w.text.trim(),
      box: [...w.bbox] as Box,
      size: Math.max(1, (w.bbox[2] - w.bbox[0]) / 0.85),
      font: "ocr",
      bold: false,
      dir: w.dir!,
    }));
  const kept = readable.filter((w) => w.dir === undefined);
  const sorted = [...kept].sort((a, b) => a.bbox[1] + a.bbox[3] - (b.bbox[1] + b.bbox[3]));
  const lines: { words: OcrWord[]; centre: number; height: number }[] = [];
  for (const word of sorted) {
    const centre = (word.bbox[1] + word.bbox[3]) / 2;
    const height = word.bbox[3] - word.bbox[1];
    const line = lines.find((l) => Math.abs(l.centre - centre) < Math.min(l.height, height) * 0.5 && overlapsNone(l.words, word));
    if (line) {
      line.words.push(word);
      line.height = Math.max(line.height, height);
    } else lines.push({ words: [word], centre, height });
  }
  const out: Word[] = [];
  for (const line of lines) {
    const top = Math.min(...line.words.map((w) => w.bbox[1]));
    const bottom = Math.max(...line.words.map((w) => w.bbox[3]));
    // Cap height plus descender is ~0.9 em, digits alone ~0.7 em: 0.85 em is the middle.
    const size = Math.max(1, (bottom - top) / 0.85);
    for (const w of line.words) {
      const box: Box = [w.bbox[0], top, w.bbox[2], bottom];
      out.push({ text: w.text.trim(), box, size, font: "ocr", bold: false, dir: 0 });
    }
  }
  return [...out, ...standing].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
}

/** Two words of one line never overlap horizontally; if they would, the second belongs to
 * another line (a superscript above, a subscript below). */
function overlapsNone(words: readonly OcrWord[], word: OcrWord): boolean {
  return words.every((w) => w.bbox[2] <= word.bbox[0] + 0.5 || w.bbox[0] >= word.bbox[2] - 0.5);
}
