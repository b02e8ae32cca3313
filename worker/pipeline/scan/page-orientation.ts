// Pages scanned sideways or upside down: how many clockwise quarter turns make a page upright.
// Sideways: text lines make the column profile spikier than the row profile (skew-angle.ts).
// Upside down: in Latin script, ascenders and capitals (b d f h k l t, A-Z) stick out above the
// x-height band of a line far more often than descenders (g j p q y) hang below it; a page whose
// text lines, voting one by one, have more ink below their core than above is upside down (lines
// of numbers and bands joined by rulings abstain; without a clear vote the ink is pooled).
import { rowAndColumnScores } from "./skew-angle";
import { rotateQuarter } from "./rotate-image";
import { ORIENTATION_SETTINGS, type OrientationSettings } from "./settings";

/** `ink` without its runs (vertical or horizontal) longer than `longest` pixels: rulings, frames
 * and underlines, which are not letters. */
export function withoutLongRuns(ink: Uint8Array, width: number, height: number, longest: number): Uint8Array {
  const out = ink.slice();
  const clear = (start: number, step: number, count: number) => {
    let run = 0;
    for (let i = 0; i <= count; i++) {
      if (i < count && ink[start + i * step] === 1) run++;
      else {
        if (run > longest) for (let k = i - run; k < i; k++) out[start + k * step] = 0;
        run = 0;
      }
    }
  };
  for (let x = 0; x < width; x++) clear(x, width, height);
  for (let y = 0; y < height; y++) clear(y * width, 1, width);
  return out;
}

/** One line band's vote: +1 more ink above its core (upright), -1 more below, 0 no clear side. */
export interface LineVotes {
  upright: number;
  upsideDown: number;
}

/** Per text line band, which side of its x-height core holds more ink. Bands much taller than the
 * page's median band (a table whose vertical rulings join all its lines, a picture) are left out:
 * their "core" is a ruling or a dense row, so what lies above or below it says nothing about
 * ascenders and descenders. */
export function lineVotes(
  ink: Uint8Array,
  width: number,
  height: number,
  dpi: number,
  settings: OrientationSettings = ORIENTATION_SETTINGS,
): LineVotes {
  ink = withoutLongRuns(ink, width, height, Math.round((settings.rulingRunPt * dpi) / 72));
  const profile = rowProfile(ink, width, height);
  const bands = lineBands(profile);
  const votes: LineVotes = { upright: 0, upsideDown: 0 };
  if (bands.length === 0) return votes;
  const heights = bands.map(([a, b]) => b - a).sort((a, b) => a - b);
  const tallest = heights[Math.floor(heights.length / 2)]! * settings.lineBandMaxMedians;
  for (const [y, end] of bands) {
    if (end - y > tallest) continue;
    const { above, core, below } = bandSides(profile, y, end, settings.coreShare);
    // A line of digits or capitals has its core up to the cap height: next to nothing above it,
    // and a label's descenders (g, y, p) below would vote it upside down. Only a line whose
    // ascenders (or, turned over, descenders) stick out of an x-height core votes.
    if (Math.max(above, below) < settings.lineSideShare * core) continue;
    // A line of numbers has its core from the baseline to the digits' top: its commas, minus
    // signs and a label's descenders are all it has outside, and all below it when upright. A
    // line of words has ascenders above and descenders below: only such a line votes.
    if (Math.min(above, below) < settings.lineBothSides * Math.max(above, below)) continue;
    const margin = settings.lineVoteMargin * (above + below);
    if (above - below > margin) votes.upright++;
    else if (below - above > margin) votes.upsideDown++;
  }
  return votes;
}

/** Ink above and below the x-height cores of the text lines of an (upright or upside-down) page. */
export function inkAboveAndBelowCores(
  ink: Uint8Array,
  width: number,
  height: number,
  coreShare = ORIENTATION_SETTINGS.coreShare,
): { above: number; below: number } {
  const profile = rowProfile(ink, width, height);
  let above = 0;
  let below = 0;
  for (const [y, end] of lineBands(profile)) {
    const sides = bandSides(profile, y, end, coreShare);
    above += sides.above;
    below += sides.below;
  }
  return { above, below };
}

/** Ink per pixel row. */
function rowProfile(ink: Uint8Array, width: number, height: number): Float64Array {
  const profile = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) n += ink[y * width + x]!;
    profile[y] = n;
  }
  return profile;
}

/** The runs of inked rows [start, end): lines of text are 4+ rows; long rulings are one spike,
 * skipped. */
function lineBands(profile: Float64Array): Array<[number, number]> {
  const height = profile.length;
  const bands: Array<[number, number]> = [];
  for (let y = 0; y < height;) {
    if (profile[y]! === 0) {
      y++;
      continue;
    }
    let end = y;
    while (end < height && profile[end]! > 0) end++;
    if (end - y >= 4) bands.push([y, end]);
    y = end;
  }
  return bands;
}

/** A line band's ink above, inside and below its core: the rows holding at least `coreShare` of
 * the band's densest row. */
function bandSides(profile: Float64Array, y: number, end: number, coreShare: number): { above: number; core: number; below: number } {
  let max = 0;
  for (let k = y; k < end; k++) max = Math.max(max, profile[k]!);
  let coreTop = y;
  while (profile[coreTop]! < max * coreShare) coreTop++;
  let coreBottom = end - 1;
  while (profile[coreBottom]! < max * coreShare) coreBottom--;
  let above = 0;
  let core = 0;
  let below = 0;
  for (let k = y; k < coreTop; k++) above += profile[k]!;
  for (let k = coreTop; k <= coreBottom; k++) core += profile[k]!;
  for (let k = coreBottom + 1; k < end; k++) below += profile[k]!;
  return { above, core, below };
}

/** True when the page's text lines run down the page (it lies on its side). */
export function isSideways(ink: Uint8Array, width: number, height: number, settings: OrientationSettings = ORIENTATION_SETTINGS): boolean {
  // Rulings stay in: on the EU realistic scans, leaving them out cost 1 upright page taken for
  // a sideways one and 11 sideways pages missed (against 0 and 5).
  const { rows, columns } = rowAndColumnScores(ink, width, height);
  return columns > rows * settings.sidewaysRatio;
}

/** True when a page with horizontal, straight lines is upside down. Its text lines vote
 * (lineVotes); a clear vote (at least three lines, twice as many as the other side) decides.
 * Without one (a page of numbers, a short table) the ink above and below all line cores, pooled,
 * decides as it did alone before (upsideDownRatio). A skewed page smears the line bands, so
 * deskew before asking. */
export function isUpsideDown(
  ink: Uint8Array,
  width: number,
  height: number,
  dpi: number,
  settings: OrientationSettings = ORIENTATION_SETTINGS,
): boolean {
  const votes = lineVotes(ink, width, height, dpi, settings);
  if (votes.upsideDown >= 3 && votes.upsideDown >= votes.upright * settings.upsideDownVotes) return true;
  if (votes.upright >= 3 && votes.upright >= votes.upsideDown * settings.upsideDownVotes) return false;
  const { above, below } = inkAboveAndBelowCores(ink, width, height, settings.coreShare);
  return below > above * settings.upsideDownRatio;
}

/** Clockwise quarter turns (0-3) that make the (straight) page of binary mask `ink` upright. */
export function quarterTurnsToUpright(
  ink: Uint8Array,
  width: number,
  height: number,
  dpi: number,
  settings: OrientationSettings = ORIENTATION_SETTINGS,
): 0 | 1 | 2 | 3 {
  const sideways = isSideways(ink, width, height, settings);
  const turned = sideways ? rotateQuarter(ink, width, height, 1) : { grey: ink, width, height };
  const upsideDown = isUpsideDown(turned.grey, turned.width, turned.height, dpi, settings);
  return ((sideways ? 1 : 0) + (upsideDown ? 2 : 0)) as 0 | 1 | 2 | 3;
}
