// Rulings drawn in a page image (scans have no vector graphics): long thin runs of ink. A pixel
// counts toward a vertical ruling only where its horizontal run of ink is thin (at most
// `maxThicknessPt`), and toward a horizontal ruling only where its vertical run is thin. Without
// that, a table's vertical rulings that start in a filled header row joined the fill's band (every
// pixel column through a dark header has a long vertical run) and were thrown away with it as "too
// thick": on the EU realistic scans a ruled table with a shaded header came back
// with no vertical ruling at all. Where a ruling crosses another (or runs into a fill) its run goes
// on through up to `maxThicknessPt` of such thick ink, so a crossing does not cut it.
//
// A blurred scan also runs the bottoms of a word's glyphs together (the bowls of "0 3 5 6 8 9",
// serifs, "e o s" in a row): a thin horizontal run as long as the word, bridged across the gaps
// between letters and through their stems. A ruling is thin ink almost all along (crossings and
// glyphs that touch it are short), a run of glyph bottoms is thin only at the bowls, with paper
// between the letters: a band that is both little thin and much bridged is text, not a ruling
// (`textThinShare`, `textGapShare`). On the generated `multi-level-header` and
// `flush-left-bands` scans such "rulings" under "Potatoes", "Country" and "51,130" cut the table
// and hid its stub column from the re-read of unread ink (unread-blocks.ts).
//
// On a tinted background the level that tells ink from paper scales with the tint (`tints`): a
// mid-grey tint is darker than the fixed ink level, so a rule crossing a tinted stub column was
// thick all through the tint and ended at it, and the stub fell out of the ruled grid.
import { sharedGrey, type PageRender } from "../render/render-page";
import type { Ruling } from "../types";
import { backgroundOf, blockOfEach } from "./flatten-background";
import { RASTER_RULINGS, type RasterRulingSettings } from "./settings";

/** Pixel classes along one scan line: paper, ink thin across the line (may be a ruling), ink that
 * is part of something thick across it (a crossing ruling, a fill, a glyph's stroke). */
const PAPER = 0;
const THIN = 1;
const THICK = 2;

/** The default settings' rulings of each page image already searched: a scanned page's image is
 * searched by the unread-ink re-read (unread-blocks.ts) and again for the page's readings
 * (run-pipeline.ts), ~0.2 s each on a 300 dpi A4 page. Images are not changed once made. */
const searched = new WeakMap<PageRender, readonly Ruling[]>();

/**
 * Horizontal and vertical rulings drawn in a page image, in PDF points (top-left origin): runs of
 * thin ink at least `minLengthPt` long, stacked runs of neighbouring pixel lines joined into one
 * band, kept when the band is at most `maxThicknessPt` thick (a filled bar is not a ruling).
 */
export function renderToRulings(render: PageRender, settings: RasterRulingSettings = RASTER_RULINGS): Ruling[] {
  if (settings !== RASTER_RULINGS) return searchRulings(render, settings);
  let found = searched.get(render);
  if (!found) searched.set(render, (found = searchRulings(render, settings)));
  return [...found];
}

function searchRulings(render: PageRender, settings: RasterRulingSettings): Ruling[] {
  const { width, height, scale } = render;
  const ink = inkOf(sharedGrey(render), width, height, scale, settings);
  const minRun = Math.max(4, Math.round(settings.minLengthPt * scale));
  const bridge = Math.max(0, Math.round(settings.bridgePt * scale));
  const maxThick = Math.max(2, Math.round(settings.maxThicknessPt * scale));
  // For horizontal rulings a pixel is thin when its vertical run of ink is short, and vice versa.
  // Pixel columns: line x starts at x and steps by the width; rows: line y starts at y * width.
  const forHorizontal = classes(ink, thinAcross(ink, height, width, 1, width, maxThick));
  const forVertical = classes(ink, thinAcross(ink, width, height, width, 1, maxThick));
  const horizontal = runsToRulings(
    scanRuns(forHorizontal, height, width, width, 1, minRun, bridge, maxThick),
    maxThick,
    bridge,
    "h",
    scale,
    settings,
  );
  const vertical = runsToRulings(
    scanRuns(forVertical, width, height, 1, width, minRun, bridge, maxThick),
    maxThick,
    bridge,
    "v",
    scale,
    settings,
  );
  return [...horizontal, ...vertical];
}

/** 1 where a pixel is ink. On paper and light tints: darker than `inkBelow`. A background b
 * darker than inkBelow + `tints.noiseMargin` would leave the tint's own noisy pixels on both sides
 * of that level, and a mid-grey tint is all ink; there the level scales with the background:
 * inkBelow * max(b, atLeast) / (inkBelow + noiseMargin). Continuous in b, so a fill whose blocks
 * straddle a value is not cut into patches of ink and paper. */
function inkOf(grey: Uint8Array, width: number, height: number, scale: number, settings: RasterRulingSettings): Uint8Array {
  const ink = new Uint8Array(grey.length);
  const tints = settings.tints;
  if (!tints) {
    for (let i = 0; i < grey.length; i++) ink[i] = grey[i]! < settings.inkBelow ? 1 : 0;
    return ink;
  }
  const window = Math.max(1, Math.round(tints.windowPt * scale));
  const { block, blocksWide, background } = backgroundOf(grey, width, height, window, "wide");
  const lightTint = settings.inkBelow + tints.noiseMargin;
  const below = new Float64Array(background.length);
  for (let b = 0; b < background.length; b++)
    below[b] = (settings.inkBelow * Math.min(lightTint, Math.max(background[b]!, tints.atLeast))) / lightTint;
  const columnBlock = blockOfEach(width, block);
  for (let y = 0; y < height; y++) {
    const row = ((y / block) | 0) * blocksWide;
    for (let x = 0; x < width; x++) ink[y * width + x] = grey[y * width + x]! < below[row + columnBlock[x]!]! ? 1 : 0;
  }
  return ink;
}

/** Each pixel's class for one direction: PAPER, THIN or THICK ink. */
function classes(ink: Uint8Array, thin: Uint8Array): Uint8Array {
  const out = new Uint8Array(ink.length);
  for (let i = 0; i < ink.length; i++) out[i] = ink[i] ? (thin[i] ? THIN : THICK) : PAPER;
  return out;
}

/** 1 where a pixel's run of ink along its line is at most `maxThick` long: `lines` lines of
 * `length` pixels, line n starting at n * `lineStep`, its pixels `step` apart (for horizontal
 * rulings the runs measured go down pixel columns: line step 1, pixel step the width). */
function thinAcross(ink: Uint8Array, length: number, lines: number, lineStep: number, step: number, maxThick: number): Uint8Array {
  const thin = new Uint8Array(ink.length);
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const on = k < length && ink[base + k * step] === 1;
      if (on && start < 0) start = k;
      else if (!on && start >= 0) {
        if (k - start <= maxThick) for (let j = start; j < k; j++) thin[base + j * step] = 1;
        start = -1;
      }
    }
  }
  return thin;
}

interface Run {
  /** Row (for horizontal runs) or column (vertical) of the run. */
  line: number;
  start: number;
  end: number;
  /** Pixels of thin ink in it, and of paper bridged between thin ink. */
  thin: number;
  gaps: number;
}

/** Long runs of thin ink along each of `majorCount` lines of `minorCount` pixels: gaps of paper up
 * to `bridge` pixels and of thick ink up to `maxThick` pixels are crossed, a run must hold
 * `minRun` pixels from its first to its last thin pixel. */
function scanRuns(
  cls: Uint8Array,
  majorCount: number,
  minorCount: number,
  majorStep: number,
  minorStep: number,
  minRun: number,
  bridge: number,
  maxThick: number,
): Run[] {
  const runs: Run[] = [];
  for (let line = 0; line < majorCount; line++) {
    const base = line * majorStep;
    let start = -1;
    let lastThin = -1;
    let paper = 0;
    let thick = 0;
    let thin = 0;
    let gaps = 0;
    for (let k = 0; k <= minorCount; k++) {
      const kind = k < minorCount ? cls[base + k * minorStep]! : PAPER;
      if (kind === THIN) {
        if (start < 0) {
          start = k;
          thin = 0;
          gaps = 0;
        } else gaps += paper;
        thin += 1;
        lastThin = k;
        paper = 0;
        thick = 0;
        continue;
      }
      if (start < 0) continue;
      if (kind === PAPER) paper += 1;
      else thick += 1;
      if (paper > bridge || thick > maxThick || k === minorCount) {
        if (lastThin - start + 1 >= minRun) runs.push({ line, start, end: lastThin + 1, thin, gaps });
        start = -1;
        paper = 0;
        thick = 0;
      }
    }
  }
  return runs;
}

/** Runs on neighbouring lines that overlap, or meet within `bridge`, form one band (a run that
 * reaches two bands joins them); a thin band that is not glyph bottoms is a ruling at its centre. */
function runsToRulings(
  runs: Run[],
  maxThick: number,
  bridge: number,
  orientation: "h" | "v",
  scale: number,
  settings: RasterRulingSettings,
): Ruling[] {
  type Band = { first: number; last: number; start: number; end: number; pixels: number; thin: number; gaps: number };
  let open: Band[] = [];
  const done: Band[] = [];
  for (const run of runs) {
    // Bands no run can reach any more are finished.
    open = open.filter((b) => (b.last < run.line - 1 ? (done.push(b), false) : true));
    // Pieces that meet end to end on neighbouring lines (a border drawn per cell, each a pixel off
    // the next) are one ruling too.
    const touching = open.filter((b) => run.start <= b.end + bridge && run.end + bridge >= b.start);
    if (touching.length === 0) {
      open.push({
        first: run.line,
        last: run.line,
        start: run.start,
        end: run.end,
        pixels: run.end - run.start,
        thin: run.thin,
        gaps: run.gaps,
      });
      continue;
    }
    const band = touching[0]!;
    for (const other of touching.slice(1)) {
      band.first = Math.min(band.first, other.first);
      band.start = Math.min(band.start, other.start);
      band.end = Math.max(band.end, other.end);
      band.pixels += other.pixels;
      band.thin += other.thin;
      band.gaps += other.gaps;
      open.splice(open.indexOf(other), 1);
    }
    band.last = run.line;
    band.pixels += run.end - run.start;
    band.thin += run.thin;
    band.gaps += run.gaps;
    band.start = Math.min(band.start, run.start);
    band.end = Math.max(band.end, run.end);
  }
  done.push(...open);
  return done
    .filter((b) => b.last - b.first + 1 <= maxThick)
    .filter((b) => b.thin >= settings.textThinShare * b.pixels || b.gaps <= settings.textGapShare * b.pixels)
    .map((b) => ({ orientation, pos: (b.first + b.last + 1) / 2 / scale, start: b.start / scale, end: b.end / scale }));
}
