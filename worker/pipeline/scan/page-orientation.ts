// Pages scanned sideways or upside down: how many clockwise quarter turns make a page upright.
// Sideways: text lines make the column profile spikier than the row profile (skew-angle.ts).
// Upside down: in Latin script, ascenders and capitals (b d f h k l t, A-Z) stick out above the
// x-height band of a line far more often than descenders (g j p q y) hang below it; a page whose
// lines have more ink below their core than above is upside down.
import { rowAndColumnScores } from "./skew-angle";
import { rotateQuarter } from "./rotate-image";

export interface OrientationSettings {
  /** The column profile must beat the row profile by this factor to call a page sideways. */
  sidewaysRatio: number;
  /** Ink below the line cores must beat ink above by this factor to call a page upside down
   * (English text has ~2x more above than below when upright). */
  upsideDownRatio: number;
  /** A row is part of a line's core when its ink is at least this share of the line's fullest row. */
  coreShare: number;
}

export const ORIENTATION_SETTINGS: OrientationSettings = { sidewaysRatio: 1.5, upsideDownRatio: 1.3, coreShare: 0.45 };

/** Ink above and below the x-height cores of the text lines of an (upright or upside-down) page. */
export function inkAboveAndBelowCores(ink: Uint8Array, width: number, height: number, coreShare = ORIENTATION_SETTINGS.coreShare): { above: number; below: number } {
  const profile = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) n += ink[y * width + x]!;
    profile[y] = n;
  }
  let above = 0;
  let below = 0;
  for (let y = 0; y < height; ) {
    if (profile[y]! === 0) {
      y++;
      continue;
    }
    let end = y;
    while (end < height && profile[end]! > 0) end++;
    // One line band [y, end): lines of text are 4+ rows; long rulings are one spike, skipped.
    if (end - y >= 4) {
      let max = 0;
      for (let k = y; k < end; k++) max = Math.max(max, profile[k]!);
      let coreTop = y;
      while (profile[coreTop]! < max * coreShare) coreTop++;
      let coreBottom = end - 1;
      while (profile[coreBottom]! < max * coreShare) coreBottom--;
      for (let k = y; k < coreTop; k++) above += profile[k]!;
      for (let k = coreBottom + 1; k < end; k++) below += profile[k]!;
    }
    y = end;
  }
  return { above, below };
}

/** True when the page's text lines run down the page (it lies on its side). */
export function isSideways(ink: Uint8Array, width: number, height: number, settings: OrientationSettings = ORIENTATION_SETTINGS): boolean {
  const { rows, columns } = rowAndColumnScores(ink, width, height);
  return columns > rows * settings.sidewaysRatio;
}

/** True when a page with horizontal, straight lines is upside down. A skewed page smears the
 * line bands, so deskew before asking. */
export function isUpsideDown(ink: Uint8Array, width: number, height: number, settings: OrientationSettings = ORIENTATION_SETTINGS): boolean {
  const { above, below } = inkAboveAndBelowCores(ink, width, height, settings.coreShare);
  return below > above * settings.upsideDownRatio;
}

/** Clockwise quarter turns (0-3) that make the (straight) page of binary mask `ink` upright. */
export function quarterTurnsToUpright(ink: Uint8Array, width: number, height: number, settings: OrientationSettings = ORIENTATION_SETTINGS): 0 | 1 | 2 | 3 {
  const sideways = isSideways(ink, width, height, settings);
  const turned = sideways ? rotateQuarter(ink, width, height, 1) : { grey: ink, width, height };
  const upsideDown = isUpsideDown(turned.grey, turned.width, turned.height, settings);
  return ((sideways ? 1 : 0) + (upsideDown ? 2 : 0)) as 0 | 1 | 2 | 3;
}
