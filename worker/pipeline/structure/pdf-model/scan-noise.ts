// Text-layer words made to look like an OCR engine's words on a scan, to train the scan model
// (model-scan.json) on the labelled regions the text-layer model is trained on. An OCR engine's
// words differ from a text layer's in ways a reading of their geometry feels:
//   - boxes are tight to the ink and placed to a pixel or a CTC step, not to the font's em box;
//   - a word is sometimes merged with its neighbour (a space not seen) or split in two (a space
//     seen in a wide letter gap), a character or a lone mark dropped;
//   - the page is deskewed, but to within a fraction of a degree;
//   - there is no font name and no weight, and the size is guessed from the line's ink.
// The last point is done by laying the words out exactly as a scan's OCR words are
// (scan/scanned-page.ts ocrWordsToPageWords), so training sees what reading sees. Merges only join
// words of one ground-truth cell: a merge across a gutter would leave the word without a true cell
// to learn from. Deterministic from the seed.
import type { Box, Word } from "../../types";
import type { Word as OcrWord } from "../../ocr/types";
import { ocrWordsToPageWords } from "../../scan/scanned-page";
import type { LabelledRegion, TruthCellBox } from "./training-data";
import { seededRng } from "../../../../lib/seeded-rng";

/** How rough the boxes are made. The values are read off the OCR engines' own habits, in ems of
 * the word's font size; the eval's realistic scans (200 dpi grey, deskewed) are what they stand for. */
export interface ScanNoise {
  /** Largest residual skew after deskewing, degrees (the deskew finds the angle to ~0.1 degree). */
  maxSkewDeg: number;
  /** Standard deviation of each horizontal box edge (a pixel at 200 dpi is 0.36 pt, a CTC step
   * of PaddleOCR's recogniser ~4 pixels on a 10 pt line: ~0.1 em). */
  edgeSigmaEm: number;
  /** Standard deviation of each line's top and bottom (ink rather than em box). */
  lineSigmaEm: number;
  /** Share of word gaps inside one cell read as no space (the two words become one). */
  mergeShare: number;
  /** Only gaps narrower than this many ems are merged (a wide space is never missed). */
  mergeMaxGapEm: number;
  /** Share of words of four characters or more split in two. */
  splitShare: number;
  /** Share of words that lose their first or last character. */
  dropCharShare: number;
  /** Share of words dropped whole; and of lone marks (one character, no letter or digit). */
  dropWordShare: number;
  dropMarkShare: number;
}

export const SCAN_NOISE: ScanNoise = {
  maxSkewDeg: 0.15,
  edgeSigmaEm: 0.08,
  lineSigmaEm: 0.05,
  mergeShare: 0.1,
  mergeMaxGapEm: 0.6,
  splitShare: 0.04,
  dropCharShare: 0.04,
  dropWordShare: 0.01,
  dropMarkShare: 0.25,
};

/** A normal draw (Box-Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function cellOf(word: Word, cells: readonly TruthCellBox[]): number {
  const cx = (word.box[0] + word.box[2]) / 2;
  const cy = (word.box[1] + word.box[3]) / 2;
  return cells.findIndex((c) => cx >= c.box[0] - 1 && cx <= c.box[2] + 1 && cy >= c.box[1] - 1 && cy <= c.box[3] + 1);
}

const sameLine = (a: Word, b: Word) =>
  Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]) > 0.5 * Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1]);

/** The region with its words as a scan's OCR words (and its cells moved with the skew). */
export function scanNoised(region: LabelledRegion, seed: number, noise: ScanNoise = SCAN_NOISE): LabelledRegion {
  const random = seededRng(seed); // seeded, so a noisy copy is the same on every run
  const words = region.words.filter((w) => w.dir === 0 && w.text.trim() !== "");
  // 1. Merges: neighbours of one line and one true cell, left to right.
  const ordered = [...words].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const merged: Word[] = [];
  for (const word of ordered) {
    const last = merged[merged.length - 1];
    const gap = last ? word.box[0] - last.box[2] : Infinity;
    if (
      last &&
      sameLine(last, word) &&
      gap >= 0 &&
      gap < noise.mergeMaxGapEm * word.size &&
      cellOf(last, region.cells) === cellOf(word, region.cells) &&
      cellOf(word, region.cells) >= 0 &&
      random() < noise.mergeShare
    ) {
      merged[merged.length - 1] = {
        ...last,
        text: last.text + word.text,
        box: [last.box[0], Math.min(last.box[1], word.box[1]), word.box[2], Math.max(last.box[3], word.box[3])],
      };
    } else merged.push(word);
  }
  // 2. Splits, dropped characters and dropped words.
  const pieces: Word[] = [];
  for (const word of merged) {
    const chars = [...word.text];
    const width = word.box[2] - word.box[0];
    const lone = chars.length === 1 && !/[\p{L}\p{N}]/u.test(word.text);
    if (random() < (lone ? noise.dropMarkShare : noise.dropWordShare)) continue;
    if (chars.length >= 4 && random() < noise.splitShare) {
      const at = 1 + Math.floor(random() * (chars.length - 1));
      const x = word.box[0] + (width * at) / chars.length;
      const half = 0.05 * word.size;
      pieces.push({ ...word, text: chars.slice(0, at).join(""), box: [word.box[0], word.box[1], x - half, word.box[3]] });
      pieces.push({ ...word, text: chars.slice(at).join(""), box: [x + half, word.box[1], word.box[2], word.box[3]] });
      continue;
    }
    if (chars.length >= 2 && random() < noise.dropCharShare) {
      const glyph = width / chars.length;
      const first = random() < 0.5;
      pieces.push({
        ...word,
        text: (first ? chars.slice(1) : chars.slice(0, -1)).join(""),
        box: first
          ? [word.box[0] + glyph, word.box[1], word.box[2], word.box[3]]
          : [word.box[0], word.box[1], word.box[2] - glyph, word.box[3]],
      });
      continue;
    }
    pieces.push(word);
  }
  // 3. Skew about the region's centre, ink boxes, edges placed roughly.
  const angle = ((random() * 2 - 1) * noise.maxSkewDeg * Math.PI) / 180;
  const [ox, oy] = [(region.region[0] + region.region[2]) / 2, (region.region[1] + region.region[3]) / 2];
  const turn = (box: Box): Box => {
    const cx = (box[0] + box[2]) / 2 - ox;
    const cy = (box[1] + box[3]) / 2 - oy;
    const dx = cx * Math.cos(angle) - cy * Math.sin(angle) - cx;
    const dy = cx * Math.sin(angle) + cy * Math.cos(angle) - cy;
    return [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy];
  };
  const ocrWords: OcrWord[] = pieces.map((word) => {
    const em = word.size;
    const [x0, y0, x1, y1] = turn(word.box);
    // The em box holds ascender and descender room the ink of most words leaves empty.
    const top = y0 + em * (0.12 + noise.lineSigmaEm * normal(random));
    const bottom = y1 - em * (0.1 + noise.lineSigmaEm * normal(random));
    const left = x0 + em * noise.edgeSigmaEm * normal(random);
    const right = Math.max(left + 0.2 * em, x1 + em * noise.edgeSigmaEm * normal(random));
    return { text: word.text, bbox: [left, Math.min(top, bottom - 0.3 * em), right, bottom], confidence: 90 };
  });
  return {
    ...region,
    words: ocrWordsToPageWords(ocrWords),
    cells: region.cells.map((cell) => ({ ...cell, box: turn(cell.box) })),
  };
}
