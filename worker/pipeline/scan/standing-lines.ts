// Text lines that stand on end on an upright scan: column names set vertically over narrow value
// columns (a quarter turn, usually reading bottom to top). Tesseract reads upright lines; a
// standing line it breaks into a stack of one- and two-glyph junk words ("§", "gE", "©»"), each as
// wide as the line is thick. On the generated realistic scans those stacks
// became three header rows of junk over `vertical-header`'s tables (F1 0.578, its 216 cut
// relations the largest single loss of the generated scans). The born-digital path reads such
// names from the text layer's rotated words (tables/rotated-names.ts); here the stacks are found
// (and, beside them, standing lines Tesseract left no word on at all), each is read again turned a
// quarter turn either way, and a turned reading replaces the stack's words only when it holds a
// word, is confident and reads more sure characters than they did. A column of short values
// stacked row under row seeds no stack (no piece of it stands on end), and read turned it is a
// row of "1"s that replaces nothing (EU realistic scans: columns of hairlines).
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import { sharedGrey } from "../render/render-page";
import type { Word } from "../ocr/types";
import type { Ruling } from "../types";
import { STANDING_LINE_SETTINGS } from "./settings";
import { isCentreIn } from "../geometry/box";

export type StandingLineSettings = { readonly [K in keyof typeof STANDING_LINE_SETTINGS]: number };

function charsOf(text: string): number {
  return text.replace(/[^\p{L}\p{N}]/gu, "").length;
}

/** The page's line height: the median height of its confidently read lying words (0 when none). */
export function lineHeightOf(words: readonly Word[], settings: StandingLineSettings = STANDING_LINE_SETTINGS): number {
  const heights = words
    .filter((w) => w.confidence >= settings.lyingSureFrom && charsOf(w.text) >= 3 && w.bbox[2] - w.bbox[0] > w.bbox[3] - w.bbox[1])
    .map((w) => w.bbox[3] - w.bbox[1])
    .sort((a, b) => a - b);
  return heights.length === 0 ? 0 : heights[Math.floor(heights.length / 2)]!;
}

/** Glyphs that are tall on their own: a ruling's or a stroke's reading ("|", "/", "["), never a
 * piece of a standing line (on EU's realistic scans most stacks of one piece were such a glyph). */
const STROKES = /^[|_[\]{}¦!/\\()lI1]+$/u;

function isPiece(w: Word, lineHeight: number, settings: StandingLineSettings): boolean {
  const width = w.bbox[2] - w.bbox[0];
  const height = w.bbox[3] - w.bbox[1];
  if (width > settings.pieceMaxWidthLines * lineHeight || width < settings.pieceMinWidthLines * lineHeight || STROKES.test(w.text.trim()))
    return false;
  return !(width > height && w.confidence >= settings.lyingSureFrom);
}

/** Whether a piece stands on end itself: a box of two or more characters taller than wide, or one
 * taller than `standingPieceLines` line heights (no upright glyph is). A column of one-digit
 * values stacks too, but each "1" is one character about a line height tall. */
function standsOnEnd(w: Word, lineHeight: number, settings: StandingLineSettings): boolean {
  const width = w.bbox[2] - w.bbox[0];
  const height = w.bbox[3] - w.bbox[1];
  return height > settings.standingPieceLines * lineHeight || ([...w.text.trim()].length >= 2 && height > width);
}

/** Stacks of narrow pieces (boxes, points) tall enough to seed a standing line, with a piece that
 * stands on end itself, before the ink extends them. */
export function pieceStacks(words: readonly Word[], lineHeight: number, settings: StandingLineSettings = STANDING_LINE_SETTINGS): BBox[] {
  if (lineHeight <= 0) return [];
  const pieces = words.filter((w) => isPiece(w, lineHeight, settings)).sort((a, b) => a.bbox[1] - b.bbox[1]);
  const stacks: { box: BBox; standing: boolean; pieces: Word[] }[] = [];
  for (const piece of pieces) {
    const [x0, y0, x1, y1] = piece.bbox;
    const stack = stacks.find(({ box: s }) => {
      const overlap = Math.min(s[2], x1) - Math.max(s[0], x0);
      const narrower = Math.min(s[2] - s[0], x1 - x0);
      return overlap >= settings.stackOverlapShare * narrower && y0 - s[3] <= settings.stackGapLines * lineHeight;
    });
    const standing = standsOnEnd(piece, lineHeight, settings);
    if (stack) {
      const s = stack.box;
      s[0] = Math.min(s[0], x0);
      s[1] = Math.min(s[1], y0);
      s[2] = Math.max(s[2], x1);
      s[3] = Math.max(s[3], y1);
      stack.standing ||= standing;
      stack.pieces.push(piece);
    } else stacks.push({ box: [x0, y0, x1, y1], standing, pieces: [piece] });
  }
  return stacks
    .filter(
      (stack) =>
        stack.standing &&
        stack.box[3] - stack.box[1] >= settings.minSeedLines * lineHeight &&
        (stack.pieces.length >= 2 || isStandingWord(stack.pieces[0]!, settings)),
    )
    .map(({ box }) => box);
}

/** A piece alone seeds a stack only when it is a word read standing (Tesseract reads some
 * standing names whole: "density", "Retail"): three letters or more, its box this much taller than
 * wide. One glyph or two alone is as often an upright word's box grown by noise ("of" 8 x 12 pt,
 * "33" 11 x 14 on EU's realistic scans). */
function isStandingWord(w: Word, settings: StandingLineSettings): boolean {
  return charsOf(w.text) >= settings.minChars && w.bbox[3] - w.bbox[1] > settings.standingWordAspect * (w.bbox[2] - w.bbox[0]);
}

function isTallEnough(stack: BBox, lineHeight: number, settings: StandingLineSettings): boolean {
  return stack[3] - stack[1] >= settings.minStackLines * lineHeight && stack[3] - stack[1] >= 2 * (stack[2] - stack[0]);
}

/** Boxes merged while any two overlap (two seeds of one line grow into the same crop). */
function mergeOverlapping(boxes: readonly BBox[]): BBox[] {
  const out = boxes.map((b) => [...b] as BBox);
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1])) {
          out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          out.splice(j, 1);
          merged = true;
        }
      }
    }
  }
  return out;
}

/** A stack grown up and down along the ink in its x range, across gaps of at most
 * `extendGapLines`, stopping at a ruling (a row inked across most of the range). */
export function extendAlongInk(
  stack: BBox,
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  lineHeight: number,
  settings: StandingLineSettings = STANDING_LINE_SETTINGS,
): BBox {
  const { width, height, scale } = render;
  const px0 = Math.max(0, Math.floor(stack[0] * scale));
  const px1 = Math.min(width - 1, Math.ceil(stack[2] * scale));
  if (px1 < px0) return stack;
  // A ruling runs on beyond the stack's x range (a glyph of the line may fill the range itself):
  // it is looked for a line height either side.
  const reach = Math.round(lineHeight * scale);
  const wide0 = Math.max(0, px0 - reach);
  const wide1 = Math.min(width - 1, px1 + reach);
  const inkIn = (y: number, from: number, to: number): number => {
    let n = 0;
    for (let x = from, i = y * width + from; x <= to; x++, i++) if (grey[i]! < settings.inkBelow) n++;
    return n;
  };
  const maxGap = Math.max(1, Math.round(settings.extendGapLines * lineHeight * scale));
  const walk = (from: number, step: 1 | -1): number => {
    let edge = from;
    let gap = 0;
    for (let y = from + step; y >= 0 && y < height; y += step) {
      const ink = inkIn(y, px0, px1);
      if (ink > 0 && inkIn(y, wide0, wide1) >= settings.rulingRowShare * (wide1 - wide0 + 1)) break;
      if (ink > 0) {
        edge = y;
        gap = 0;
      } else if (++gap > maxGap) break;
    }
    return edge;
  };
  const from = [Math.max(0, Math.floor(stack[1] * scale)), Math.min(height - 1, Math.ceil(stack[3] * scale))] as const;
  const top = walk(from[0], -1);
  const bottom = walk(from[1], 1);
  return [stack[0], top === from[0] ? stack[1] : top / scale, stack[2], bottom === from[1] ? stack[3] : (bottom + 1) / scale];
}

/**
 * Standing lines no word covers, in the band of rows the stacks stand in: Tesseract may read a few
 * names of a header set on end (as junk, or even right, in a box standing on end) and drop the
 * rest (`vertical-header-1`: four names of nine left no word at all). In that
 * band, ink that no lying word, stack or vertical ruling accounts for is projected onto the x axis;
 * each narrow run of inked columns (a line's thickness, see unreadColumnMinLines and
 * pieceMaxWidthLines) is a seed, reaching over the rows its ink covers there.
 */
export function unreadColumnsBeside(
  stacks: readonly BBox[],
  words: readonly Word[],
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  rulings: readonly Ruling[],
  lineHeight: number,
  settings: StandingLineSettings = STANDING_LINE_SETTINGS,
): BBox[] {
  if (stacks.length === 0 || lineHeight <= 0) return [];
  const { width, height, scale } = render;
  const top = Math.max(0, Math.floor(Math.min(...stacks.map((s) => s[1])) * scale));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...stacks.map((s) => s[3])) * scale));
  const cleared = new Uint8Array(width * (bottom - top + 1));
  const clear = (box: BBox) => {
    const x0 = Math.max(0, Math.floor(box[0] * scale));
    const x1 = Math.min(width - 1, Math.ceil(box[2] * scale));
    const y0 = Math.max(top, Math.floor(box[1] * scale));
    const y1 = Math.min(bottom, Math.ceil(box[3] * scale));
    for (let y = y0; y <= y1; y++) cleared.fill(1, (y - top) * width + x0, (y - top) * width + x1 + 1);
  };
  const m = settings.rulingClearPt;
  for (const w of words) if (!isPiece(w, lineHeight, settings)) clear([w.bbox[0] - m, w.bbox[1] - m, w.bbox[2] + m, w.bbox[3] + m]);
  for (const s of stacks) clear([s[0] - m, s[1], s[2] + m, s[3]]);
  for (const r of rulings) if (r.orientation === "v") clear([r.pos - m, r.start, r.pos + m, r.end]);
  const inkRows: number[][] = Array.from({ length: width }, () => []);
  for (let y = top; y <= bottom; y++) {
    for (let x = 0, i = y * width, c = (y - top) * width; x < width; x++, i++, c++)
      if (grey[i]! < settings.inkBelow && !cleared[c]) inkRows[x]!.push(y);
  }
  const enough = settings.unreadColumnMinLines * lineHeight * scale;
  const gap = Math.max(1, Math.round(settings.unreadColumnGapLines * lineHeight * scale));
  const seeds: BBox[] = [];
  let start = -1;
  let last = -Infinity;
  const close = () => {
    if (start < 0) return;
    const widthPt = (last - start + 1) / scale;
    if (widthPt <= settings.pieceMaxWidthLines * lineHeight) {
      const ys = inkRows.slice(start, last + 1).flat();
      seeds.push([start / scale, Math.min(...ys) / scale, (last + 1) / scale, (Math.max(...ys) + 1) / scale]);
    }
    start = -1;
  };
  for (let x = 0; x < width; x++) {
    if (inkRows[x]!.length < enough) continue;
    if (x - last > gap) close();
    if (start < 0) start = x;
    last = x;
  }
  close();
  return seeds;
}

/** The crops (points, on the page `words` were read from) to read turned: every stack of pieces,
 * grown along its ink and padded, and the unread standing lines beside them. Empty when the page
 * has no line height to measure by. */
export function standingLineCrops(
  words: readonly Word[],
  render: PageRender,
  rulings: readonly Ruling[],
  settings: StandingLineSettings = STANDING_LINE_SETTINGS,
): BBox[] {
  const lineHeight = lineHeightOf(words, settings);
  const stacks = pieceStacks(words, lineHeight, settings);
  if (stacks.length === 0) return [];
  const grey = sharedGrey(render);
  const pad = settings.cropPadLines * lineHeight;
  const seeds = [...stacks, ...unreadColumnsBeside(stacks, words, grey, render, rulings, lineHeight, settings)];
  const grown = mergeOverlapping(seeds.map((stack) => extendAlongInk(stack, grey, render, lineHeight, settings)));
  return grown
    .filter((stack) => isTallEnough(stack, lineHeight, settings))
    .map((g): BBox => [
      Math.max(0, g[0] - pad),
      Math.max(0, g[1] - pad),
      Math.min(render.widthPt, g[2] + pad),
      Math.min(render.heightPt, g[3] + pad),
    ]);
}

/** A word box taller than wide, or a word of one character (as tall as wide either way). */
function isStanding(w: Word): boolean {
  return w.bbox[3] - w.bbox[1] > w.bbox[2] - w.bbox[0] || charsOf(w.text) <= 1;
}

/** Mean confidence of `words`, each weighted by its letters and digits, and their count. */
function sureness(words: readonly Word[]): { chars: number; mean: number } {
  let chars = 0;
  let sum = 0;
  for (const w of words) {
    const n = charsOf(w.text);
    chars += n;
    sum += n * w.confidence;
  }
  return { chars, mean: chars === 0 ? 0 : sum / chars };
}

/** The page's words with each crop's words replaced by its surest turned reading (`turned`: words
 * on the page, each with the `dir` it was read in), where that reading is confident and reads more
 * surely than the words it replaces (see STANDING_LINE_SETTINGS). */
export function withStandingLines(
  words: readonly Word[],
  crops: readonly BBox[],
  turned: readonly Word[],
  settings: StandingLineSettings = STANDING_LINE_SETTINGS,
): Word[] {
  let out = [...words];
  const replaced: BBox[] = [];
  for (const crop of crops) {
    const upright = sureness(out.filter((w) => isCentreIn(w.bbox, crop)));
    let best: { words: Word[]; mean: number } | null = null;
    for (const dir of [270, 90] as const) {
      // Only words that stand on the page: Tesseract also reads a line lying across the turned
      // crop (a stacked column of values, turned, is a vertical line it reads as such).
      const read = turned.filter((w) => w.dir === dir && isCentreIn(w.bbox, crop) && isStanding(w));
      const { chars, mean } = sureness(read);
      // A name has a word of minChars or more: a crop over a column of rows' hairlines or single
      // digits reads, turned, as a row of confident "1"s and "I"s (EU realistic scans).
      if (!read.some((w) => charsOf(w.text) >= settings.minChars)) continue;
      if (chars < settings.minChars || mean < settings.acceptConfidence || chars * mean <= upright.chars * upright.mean) continue;
      if (!best || mean > best.mean) best = { words: read, mean };
    }
    if (best) {
      out = [...out.filter((w) => !isCentreIn(w.bbox, crop)), ...best.words];
      replaced.push(crop);
    }
  }
  // An unsure word Tesseract made of the tops of several standing lines ("Fos" across two names)
  // has its centre between them: it goes when most of it lies on lines read turned.
  return out.filter(
    (w) => w.dir !== undefined || w.confidence >= settings.lyingSureFrom || coveredShare(w.bbox, replaced) < settings.junkCoveredShare,
  );
}

/** The share of `box`'s area that lies in `crops` (crops do not overlap: mergeOverlapping). */
function coveredShare(box: BBox, crops: readonly BBox[]): number {
  const area = (box[2] - box[0]) * (box[3] - box[1]);
  if (area <= 0) return 0;
  let covered = 0;
  for (const c of crops)
    covered += Math.max(0, Math.min(box[2], c[2]) - Math.max(box[0], c[0])) * Math.max(0, Math.min(box[3], c[3]) - Math.max(box[1], c[1]));
  return covered / area;
}
