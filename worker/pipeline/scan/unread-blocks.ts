// Text a scan's first reading left out altogether. Tesseract (ocr-1, which reads a scanned page in
// full) first analyses the page's layout and reads only the blocks it takes for text: on a sparse
// table it can drop whole columns of numbers (generated sparse-placeholders-0, realistic scan: 18
// words read of a 10 x 6 table, every value column of it gone), and what it drops no other
// reading sees either (the second engine reads only where the first put words). So the ink of
// the prepared page that lies outside every word the first reading found, and is not a ruling, is
// grouped into pieces of text lines, and those pieces are read again by the same engine as crops
// (one mosaic, a uniform block each, no layout analysis); the words it reads there join its page
// reading. The page stays one engine's reading: the second engine still checks every value.
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import { sharedGrey } from "../render/render-page";
import { withoutLongRuns } from "./page-orientation";
import { backgroundOf, blockOfEach } from "./flatten-background";
import { renderToRulings } from "./raster-rulings";
import type { Word } from "../ocr/types";
import { UNREAD_BLOCK_SETTINGS } from "./settings";

/** Whether the words read in the pieces are a dropped block's (see minAddedShare). */
export function isDroppedBlock(added: number, read: number, settings = UNREAD_BLOCK_SETTINGS): boolean {
  return added > 0 && added >= settings.minAddedShare * read;
}

/** The words read in the pieces that are a dropped block by their own shape: words that chain
 * into a block of at least `minBlockLines` lines (see minBlockLines). */
export function wordsOfDroppedBlocks<W extends Pick<Word, "bbox">>(words: readonly W[], settings = UNREAD_BLOCK_SETTINGS): W[] {
  const parent = words.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const height = (b: BBox) => b[3] - b[1];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      const a = words[i]!.bbox;
      const b = words[j]!.bbox;
      const across = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const down = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const lineHeight = Math.max(height(a), height(b));
      const sameLine = down > 0.5 * Math.min(height(a), height(b));
      const joined = sameLine ? -across <= settings.joinGapPt : across > 0 && -down <= settings.blockLineGap * lineHeight;
      if (joined) parent[root(i)] = root(j);
    }
  }
  const blocks = new Map<number, number[]>();
  words.forEach((_, i) => blocks.set(root(i), [...(blocks.get(root(i)) ?? []), i]));
  const kept: W[] = [];
  for (const members of blocks.values()) {
    // Lines of the block: members, top to bottom, whose middles are within half a height of the
    // one before.
    const middle = (b: BBox) => (b[1] + b[3]) / 2;
    const boxes = members.map((i) => words[i]!.bbox).sort((a, b) => middle(a) - middle(b));
    let lines = 0;
    let last = -Infinity;
    for (const box of boxes) {
      if (middle(box) - last > 0.5 * height(box)) lines += 1;
      last = middle(box);
    }
    if (lines >= settings.minBlockLines) kept.push(...members.map((i) => words[i]!));
  }
  return kept;
}

/** The pieces of ink on the prepared page `render` that no word of `words` (points) covers, as
 * crop boxes in points. */
export function unreadInkPieces(render: PageRender, words: readonly Pick<Word, "bbox">[], settings = UNREAD_BLOCK_SETTINGS): BBox[] {
  const { width, height, scale } = render;
  const grey = sharedGrey(render);
  const { block, blocksWide, background } = backgroundOf(
    grey,
    width,
    height,
    Math.max(1, Math.round(settings.backgroundWindowPt * scale)),
    true,
  );
  let ink: Uint8Array = new Uint8Array(width * height);
  const columnBlock = blockOfEach(width, block);
  for (let y = 0; y < height; y++) {
    const row = ((y / block) | 0) * blocksWide;
    for (let x = 0; x < width; x++)
      ink[y * width + x] = background[row + columnBlock[x]!]! - grey[y * width + x]! >= settings.inkContrast ? 1 : 0;
  }
  ink = withoutLongRuns(ink, width, height, Math.round(settings.rulingRunPt * scale));
  // The rulings the page's structure is read from (shorter ones too: a cell's side in a row of a
  // ruled table is a 10-20 pt run, and read as "|" or "l" it would become a word in the cell).
  const r = settings.rulingMarginPt;
  for (const ruling of renderToRulings(render)) {
    const box: BBox =
      ruling.orientation === "h"
        ? [ruling.start - r, ruling.pos - r, ruling.end + r, ruling.pos + r]
        : [ruling.pos - r, ruling.start - r, ruling.pos + r, ruling.end + r];
    clearBox(ink, width, height, scale, box);
  }
  const m = settings.wordMarginPt;
  for (const { bbox } of words) clearBox(ink, width, height, scale, [bbox[0] - m, bbox[1] - m, bbox[2] + m, bbox[3] + m]);
  // Coarse cells: inked or not.
  const cell = Math.max(1, Math.round(settings.cellPt * scale));
  const cw = Math.ceil(width / cell);
  const ch = Math.ceil(height / cell);
  const count = new Uint32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cw;
    for (let x = 0; x < width; x++) if (ink[y * width + x]) count[row + Math.floor(x / cell)]! += 1;
  }
  const full = cell * cell * settings.cellInkShare;
  const inked = new Uint8Array(cw * ch);
  for (let i = 0; i < inked.length; i++) inked[i] = count[i]! >= full ? 1 : 0;
  // Join cells along a line across gaps up to joinGapPt, then take connected pieces.
  const gap = Math.max(1, Math.round(settings.joinGapPt / settings.cellPt));
  const joined = inked.slice();
  for (let y = 0; y < ch; y++) {
    let last = -Infinity;
    for (let x = 0; x < cw; x++) {
      if (!inked[y * cw + x]) continue;
      if (x - last > 1 && x - last <= gap) joined.fill(1, y * cw + last + 1, y * cw + x);
      last = x;
    }
  }
  const seen = new Uint8Array(cw * ch);
  const pieces: BBox[] = [];
  const stack: number[] = [];
  const cellPt = cell / scale;
  for (let start = 0; start < joined.length; start++) {
    if (!joined[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [minX, minY, maxX, maxY, pixels] = [Infinity, Infinity, -Infinity, -Infinity, 0];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % cw;
      const y = (i - x) / cw;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      pixels += count[i]!;
      for (const j of [x > 0 ? i - 1 : -1, x < cw - 1 ? i + 1 : -1, i - cw, i + cw]) {
        if (j >= 0 && j < joined.length && joined[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    const h = (maxY - minY + 1) * cellPt;
    if (h < settings.minHeightPt || h > settings.maxHeightPt || pixels / (scale * scale) < settings.minInkPt2) continue;
    if (pixels > settings.maxInkShare * (maxX - minX + 1) * (maxY - minY + 1) * cell * cell) continue;
    const ink: BBox = [minX * cellPt, minY * cellPt, (maxX + 1) * cellPt, (maxY + 1) * cellPt];
    // Ink next to a word the reading found is part of it (a glyph's edge its box left out, a
    // footnote mark): that word's reading is the cell's, and its doubts are the vote's. Only ink
    // standing apart (a dropped column, row or block) is read again.
    // A line of its own above or below a word (its middle outside the word's rows) is not that
    // word's, however near: in shaded rows Tesseract's boxes take in the band's noise and reach
    // into the next row (generated `zebra-shading`: boxes 16 pt tall on 8 pt type, the unread
    // rows 2 pt away).
    const i = settings.isolationPt;
    const middle = (ink[1] + ink[3]) / 2;
    const ownLine = ink[3] - ink[1] >= settings.ownLineMinPt;
    if (
      words.some(
        ({ bbox }) =>
          bbox[0] - i < ink[2] &&
          bbox[2] + i > ink[0] &&
          bbox[1] - i < ink[3] &&
          bbox[3] + i > ink[1] &&
          !(ownLine && (middle < bbox[1] || middle > bbox[3])),
      )
    )
      continue;
    const p = settings.padPt;
    pieces.push([
      Math.max(0, ink[0] - p),
      Math.max(0, ink[1] - p),
      Math.min(render.widthPt, ink[2] + p),
      Math.min(render.heightPt, ink[3] + p),
    ]);
  }
  return pieces;
}

/** Clears the pixels of `box` (points) in the mask. */
function clearBox(ink: Uint8Array, width: number, height: number, scale: number, box: BBox): void {
  const x0 = Math.max(0, Math.floor(box[0] * scale));
  const x1 = Math.min(width, Math.ceil(box[2] * scale));
  const y0 = Math.max(0, Math.floor(box[1] * scale));
  const y1 = Math.min(height, Math.ceil(box[3] * scale));
  for (let y = y0; y < y1; y++) if (x1 > x0) ink.fill(0, y * width + x0, y * width + x1);
}

/** Words read in the pieces worth keeping: confident enough, and not over a word already read. */
export function wordsFromPieces(read: readonly Word[], existing: readonly Pick<Word, "bbox">[], settings = UNREAD_BLOCK_SETTINGS): Word[] {
  const overlaps = (a: BBox, b: BBox) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0;
  // Text: a digit, or two letters (a lone "l", "I" or "|" is a ruling or a speck read as text).
  const isText = (text: string) => /\d/.test(text) || (text.match(/\p{L}/gu)?.length ?? 0) >= 2;
  // Pieces are padded, so two may hold the same word: it is kept once (the surer reading).
  const kept: Word[] = [];
  for (const word of [...read].sort((a, b) => b.confidence - a.confidence)) {
    if (!isText(word.text) || word.confidence < settings.minConfidence) continue;
    if (existing.some((e) => overlaps(e.bbox, word.bbox)) || kept.some((k) => overlaps(k.bbox, word.bbox))) continue;
    kept.push(word);
  }
  return kept;
}
