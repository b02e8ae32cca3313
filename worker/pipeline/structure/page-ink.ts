// Structure reader page-ink: on a scan, where each delivered table region splits and how many
// columns it has, read from the ink of the prepared page image itself, not from any OCR engine's
// words. Every other reading of a scanned table reads words: pdf-layout and pdf-stream the first
// engine's inside the detected region, pdf-model and ocr-layout the other engine's. Where table
// detection joins two stacked tables (its rules join text blocks across a gap), a second detection
// on other words joins them again, and every reading agrees on the merge. This one uses another
// method: projection profiles of the pixels.
//   - Text lines are runs of pixel rows holding ink; the row pitch is their median spacing.
//   - A blank band between two lines is a candidate cut when it is at least a blank row high. The
//     cut is made when the band is wider than a single table's blank row can leave, or when the ink
//     on each side runs through the other side's gutters (the columns stand in other places).
//   - Gutters are x-ranges no line's ink enters (a line in ten may cross: a long label); a part
//     whose widest gutter dwarfs every other, with columns on both sides, is two tables side by
//     side.
//   - The column count of each part is its gutters plus one.
// A part must look like a table (two text lines, a gutter): a note, a title or a lone total line
// split off is joined back. The reading proposes a table per part, with no cells: it takes part in
// the boundary vote only (RECONCILE_SETTINGS.boundaryOnlyReaders), which disputes a delivered table
// it reads as two, or with more columns.
import type { PageRender } from "../render/render-page";
import { sharedGrey } from "../render/render-page";
import type { Box, TableModel } from "../types";
import type { StructureReader } from "./types";
import { STRUCTURE_SETTINGS, type PageInkSettings } from "./settings";

export const pageInkReader: StructureReader = {
  name: "page-ink",
  inputs: ["page-image"],
  read({ wordsFromOcr, scanImage, tableRegions }) {
    const settings = STRUCTURE_SETTINGS.pageInk;
    if (!wordsFromOcr || !scanImage || !settings.onScans) return null;
    const tables = tableRegions.flatMap((region) => inkTables(scanImage, region, settings));
    return tables.length > 0 ? { source: "page-ink", kind: "tables", tables } : null;
  },
};

/** A text line of the window: pixel rows [top, bottom), and the pixel columns its ink touches. */
export interface InkLine {
  top: number;
  bottom: number;
  ink: Uint8Array;
}

/** A gutter: pixel columns [start, end) of the window. */
export type Gutter = [number, number];

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/** The text lines of the ink of `region` (page points of the prepared image), read in a window of
 * pixels from (x0, y0), `w` pixels wide. Null where the window is empty. */
export interface InkWindow {
  lines: InkLine[];
  w: number;
  x0: number;
  y0: number;
  scale: number;
}

export function inkLines(render: PageRender, region: Box, settings: PageInkSettings, solidRowShare = Infinity): InkWindow | null {
  const scale = render.scale;
  const margin = Math.round(settings.marginPt * scale);
  const x0 = Math.max(0, Math.floor(region[0] * scale) - margin);
  const y0 = Math.max(0, Math.floor(region[1] * scale) - margin);
  const x1 = Math.min(render.width, Math.ceil(region[2] * scale) + margin);
  const y1 = Math.min(render.height, Math.ceil(region[3] * scale) + margin);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return null;
  const grey = sharedGrey(render);
  // A pixel row inked across `solidRowShare` of the width or more (a rule, a shaded band) holds no
  // text's ink: it is read as blank when asked (the ink grid, ink-grid.ts).
  const solid = new Uint8Array(h);
  if (Number.isFinite(solidRowShare))
    for (let y = 0; y < h; y++) {
      let n = 0;
      for (let x = 0; x < w; x++) if (grey[(y0 + y) * render.width + x0 + x]! < settings.inkLevel) n++;
      if (n >= solidRowShare * w) solid[y] = 1;
    }
  const isInk = (x: number, y: number) => !solid[y] && grey[(y0 + y) * render.width + x0 + x]! < settings.inkLevel;

  // Runs of pixel rows with ink; the tall ones are text lines (thin ones are rules and typed dashes).
  const minRowInk = Math.max(1, Math.round(settings.rowMinInkPt * scale));
  const runs: Array<{ top: number; bottom: number }> = [];
  let start = -1;
  for (let y = 0; y <= h; y++) {
    let n = 0;
    if (y < h) for (let x = 0; x < w && n < minRowInk; x++) if (isInk(x, y)) n++;
    if (n >= minRowInk && start < 0) start = y;
    else if (n < minRowInk && start >= 0) {
      runs.push({ top: start, bottom: y });
      start = -1;
    }
  }
  if (runs.length < 2) return { lines: [], w, x0, y0, scale };
  const typical = median(runs.map((r) => r.bottom - r.top));
  const lines: InkLine[] = runs
    .filter((r) => r.bottom - r.top >= settings.textLineShare * typical)
    .map((r) => {
      const ink = new Uint8Array(w);
      const firstInk = new Int32Array(w).fill(r.bottom);
      for (let y = r.top; y < r.bottom; y++)
        for (let x = 0; x < w; x++)
          if (!ink[x] && isInk(x, y)) {
            ink[x] = 1;
            firstInk[x] = y;
          }
      clearLeaderDots(
        ink,
        firstInk,
        r.top + (r.bottom - r.top) / 2,
        (r.bottom - r.top) * settings.leaderDotMaxEm,
        (r.bottom - r.top) * settings.leaderGapEm,
        settings.leaderMinDots,
      );
      return { ...r, ink };
    });
  return { lines, w, x0, y0, scale };
}

/** The tables the ink of `region` (page points of the prepared image) reads: one per part. */
export function inkTables(render: PageRender, region: Box, settings: PageInkSettings): TableModel[] {
  const window = inkLines(render, region, settings);
  if (!window || window.lines.length === 0) return [];
  const { lines, w, x0, y0, scale } = window;
  if (lines.length < 2 * settings.minPartLines) return [whole(region, lines, w, settings)].filter((t) => t !== null);
  const em = median(lines.map((l) => l.bottom - l.top));
  const pitch = median(lines.slice(1).map((l, k) => l.top - lines[k]!.top));
  const minGutter = settings.minGutterEm * em;
  const gutters = (part: readonly InkLine[]) => guttersOf(part, w, minGutter, settings.gutterCrossingShare);

  // Segments between candidate cuts (blanks at least a blank row high); a segment of one line joins
  // the neighbour it stands closer to.
  const blankAfter = (k: number) => lines[k + 1]!.top - lines[k]!.bottom;
  let segments: InkLine[][] = [[lines[0]!]];
  lines.slice(1).forEach((line, k) => {
    if (blankAfter(k) >= settings.blankRowPitches * pitch) segments.push([line]);
    else segments[segments.length - 1]!.push(line);
  });
  const gapBetween = (a: readonly InkLine[], b: readonly InkLine[]) => b[0]!.top - a[a.length - 1]!.bottom;
  const joinSmall = (parts: InkLine[][], tooSmall: (part: InkLine[]) => boolean): InkLine[][] => {
    const out = parts.map((p) => [...p]);
    for (let i = 0; out.length > 1 && i < out.length;) {
      if (!tooSmall(out[i]!)) {
        i++;
        continue;
      }
      const up = i > 0 ? gapBetween(out[i - 1]!, out[i]!) : Infinity;
      const down = i < out.length - 1 ? gapBetween(out[i]!, out[i + 1]!) : Infinity;
      const into = up <= down ? i - 1 : i + 1;
      const joined = into < i ? [...out[into]!, ...out[i]!] : [...out[i]!, ...out[into]!];
      out.splice(Math.min(i, into), 2, joined);
      i = 0;
    }
    return out;
  };
  segments = joinSmall(segments, (s) => s.length < settings.minPartLines);
  // Cut between two segments where the blank is wider than one blank row leaves, or where each
  // side's ink runs through the other's gutters.
  let parts: InkLine[][] = [segments[0]!];
  for (const next of segments.slice(1)) {
    const last = parts[parts.length - 1]!;
    const blank = gapBetween(last, next);
    const cut =
      blank >= settings.wideBlankPitches * pitch ||
      (Math.min(last.length, next.length) >= settings.crossMinLines &&
        crossesGutters(next, gutters(last), settings.crossedShare) &&
        crossesGutters(last, gutters(next), settings.crossedShare));
    if (cut) parts.push([...next]);
    else last.push(...next);
  }
  // A part without a gutter (a note, a title) is no table of its own.
  parts = joinSmall(parts, (p) => p.length < settings.minPartLines || gutters(p).length === 0);

  const toPt = (px: number, origin: number) => (origin + px) / scale;
  const out: TableModel[] = [];
  parts.forEach((part, i) => {
    // The part's rows reach halfway into the blank bands around it, so every word of the region
    // falls in one part.
    const top = i === 0 ? region[1] : toPt((parts[i - 1]![parts[i - 1]!.length - 1]!.bottom + part[0]!.top) / 2, y0);
    const bottom = i === parts.length - 1 ? region[3] : toPt((part[part.length - 1]!.bottom + parts[i + 1]![0]!.top) / 2, y0);
    const own = gutters(part);
    const side = sideBySideCut(own, settings.sideGutterRatio);
    if (side === null) {
      out.push(model([region[0], top, region[2], bottom], part.length, own.length + 1));
      return;
    }
    const x = toPt((own[side]![0] + own[side]![1]) / 2, x0);
    out.push(model([region[0], top, x, bottom], part.length, side + 1));
    out.push(model([x, top, region[2], bottom], part.length, own.length - side));
  });
  return out;
}

/** Clears the ink of dot leaders from a line's ink columns: runs of ink no wider than `maxWidth`
 * lying wholly below `middle` (their first ink row), at least `minDots` of them each within
 * `maxGap` of the next. A typewriter's leader sets a dot every other character, aligned in every
 * row, and the blanks between the dots read as gutters; a decimal point or a comma stands alone. */
function clearLeaderDots(ink: Uint8Array, firstInk: Int32Array, middle: number, maxWidth: number, maxGap: number, minDots: number): void {
  const dots: Array<[number, number]> = [];
  let chain: Array<[number, number]> = [];
  const flush = () => {
    if (chain.length >= minDots) dots.push(...chain);
    chain = [];
  };
  for (let x = 0; x < ink.length;) {
    if (!ink[x]) {
      x++;
      continue;
    }
    let end = x;
    let low = true;
    while (end < ink.length && ink[end]) {
      if (firstInk[end]! < middle) low = false;
      end++;
    }
    if (low && end - x <= maxWidth) {
      const last = chain[chain.length - 1];
      if (last && x - last[1] > maxGap) flush();
      chain.push([x, end]);
    } else flush();
    x = end;
  }
  flush();
  for (const [a, b] of dots) ink.fill(0, a, b);
}

/** The region read whole (too few lines to look for a cut). */
function whole(region: Box, lines: readonly InkLine[], w: number, settings: PageInkSettings): TableModel | null {
  if (lines.length < settings.minPartLines) return null;
  const em = median(lines.map((l) => l.bottom - l.top));
  const own = guttersOf(lines, w, settings.minGutterEm * em, settings.gutterCrossingShare);
  return own.length === 0 ? null : model(region, lines.length, own.length + 1);
}

function model(box: Box, nRows: number, nCols: number): TableModel {
  return { box, nRows, nCols, cells: [], headerRows: 0, rowGroups: [], source: "pdf-layout", disputed: false };
}

/** Gutters of `lines`: runs of pixel columns, between their leftmost and rightmost ink, at least
 * `minWidth` wide, that the ink of at most `crossingShare` of the lines (rounded down) enters. */
export function guttersOf(lines: readonly InkLine[], w: number, minWidth: number, crossingShare: number): Gutter[] {
  const allowed = Math.floor(crossingShare * lines.length);
  const cover = new Int32Array(w);
  for (const line of lines) for (let x = 0; x < w; x++) cover[x]! += line.ink[x]!;
  let left = 0;
  while (left < w && cover[left]! <= allowed) left++;
  let right = w - 1;
  while (right > left && cover[right]! <= allowed) right--;
  const out: Gutter[] = [];
  let start = -1;
  for (let x = left; x <= right + 1; x++) {
    const open = x <= right && cover[x]! <= allowed;
    if (open && start < 0) start = x;
    else if (!open && start >= 0) {
      if (x - start >= minWidth && !isWordSpace(lines, start, x)) out.push([start, x]);
      start = -1;
    }
  }
  return out;
}

/** A blank bounded on both sides by the ink of one and the same line, and of no other: the space
 * between two words of one long line (a typewriter's word space is most of an em) where the other
 * lines have nothing, not a gap between columns, which the cells of several lines border. */
function isWordSpace(lines: readonly InkLine[], start: number, end: number): boolean {
  const bordering = lines.filter((line) => line.ink[start - 1] || line.ink[end]);
  return bordering.length === 1 && bordering[0]!.ink[start - 1] === 1 && bordering[0]!.ink[end] === 1;
}

/** Whether the ink of at least `share` of `lines` runs through the middle half of one of
 * `gutters`: the columns of another table stand where these gutters are. */
function crossesGutters(lines: readonly InkLine[], gutters: readonly Gutter[], share: number): boolean {
  return gutters.some(([a, b]) => {
    const from = Math.round(a + (b - a) / 4);
    const to = Math.round(b - (b - a) / 4);
    let n = 0;
    for (const line of lines) {
      for (let x = from; x < to; x++)
        if (line.ink[x]) {
          n++;
          break;
        }
    }
    return n >= share * lines.length;
  });
}

/** The gutter two tables set side by side stand apart at: the widest, at least `ratio` times every
 * other, with a gutter (two columns) on each side of it. Null when there is none. */
function sideBySideCut(gutters: readonly Gutter[], ratio: number): number | null {
  if (gutters.length < 3) return null;
  const widths = gutters.map(([a, b]) => b - a);
  let widest = 0;
  widths.forEach((width, k) => {
    if (width > widths[widest]!) widest = k;
  });
  if (widest === 0 || widest === gutters.length - 1) return null;
  const others = Math.max(...widths.filter((_, k) => k !== widest));
  return widths[widest]! >= ratio * others ? widest : null;
}
