// Dust and toner specks taken off a prepared scan before OCR. A speckled page (a worn photocopy, a
// dusty scanner glass: dark dots of a pixel or two scattered over the paper) was read as words:
// Tesseract made letters and punctuation of the dots ("Cop 24.8 Ce" for "24.8", "SF C148" for
// "14.8"), and the tables' cells and structure went with them (ICDAR 2013 EU pages scanned with
// one pixel in a thousand darkened: complete F1 0.74 against 1.00 without the specks).
//
// A speck is a blob with less ink than the smallest mark print makes, standing clear of all other
// ink. Both conditions are needed: a decimal point or a comma is small too, but it stands next to
// a digit; the dot of an "i", an accent, a colon's dots stand next to their glyph. A period of
// 6 pt type is ~0.7 pt across, ~0.38 square points of toner; a dark pixel of a 200 dpi scan is
// 0.13, spread by the scanner's blur and the JPEG into a grey smudge as wide as that period with
// less ink. Leader dots and a lone "." in a cell are periods, so they stay. A thin ruling scanned faint breaks into
// dashes of that size, each clear of the next by a pixel or two more than a speck's clearance:
// those have more ink in line with them, along their row or their column, and stay too.
import type { DespeckleSettings } from "./settings";

/** A grey page, one byte a pixel, row by row. */
interface Grey {
  grey: Uint8Array;
  width: number;
  height: number;
}

/** A box of pixels, both ends included. */
interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `grey` (levels stretched: paper white, ink black) with every speck whitened, and how many. A
 * speck: a blob of pixels at most `darkBelow` (8-connected) whose box is at most `maxSpeckPt`
 * across both ways and whose ink (each pixel's darkness below paper, a black pixel one) comes to
 * at most `maxInkPt2` square points, with no other dark pixel within `clearancePt` of that box and
 * paper around it beyond its rim (`rimPt`).
 * `scale`: pixels a point. A blob with any ink (`lineBelow`: a faint ruling's grey too) level with it or plumb with
 * it beyond its clearance and within `lineReachPt` (a piece of a broken ruling) is no speck. The input is not changed. */
export function despeckle(
  grey: Uint8Array,
  width: number,
  height: number,
  scale: number,
  settings: DespeckleSettings,
): { grey: Uint8Array; specks: number } {
  const maxPx = Math.max(1, Math.floor(settings.maxSpeckPt * scale));
  const maxInk = settings.maxInkPt2 * scale * scale;
  const rim = Math.max(1, Math.round(settings.rimPt * scale));
  const clearance = Math.max(rim + 1, Math.round(settings.clearancePt * scale));
  const lineReach = Math.max(clearance + 1, Math.round(settings.lineReachPt * scale));
  const dark = (i: number) => grey[i]! <= settings.darkBelow;
  // 0: not visited; 1: visited. Blobs are walked once each; a blob that outgrows a speck is still
  // walked to its end, so no pixel is walked twice.
  const page: Grey = { grey, width, height };
  const seen = new Uint8Array(grey.length);
  const stack: number[] = [];
  let out: Uint8Array | null = null;
  let specks = 0;
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || !dark(start)) continue;
    seen[start] = 1;
    stack.push(start);
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    let small = true;
    let ink = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      ink += (255 - grey[i]!) / 255;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x1 - x0 + 1 > maxPx || y1 - y0 + 1 > maxPx || ink > maxInk) small = false;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (!seen[j] && dark(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    const box = { x0, y0, x1, y1 };
    if (!small || !standsClear(page, box, clearance, rim, settings.darkBelow, settings.lineBelow)) continue;
    if (onALine(page, box, clearance + 1, lineReach, settings.lineBelow, settings.darkBelow)) continue;
    out ??= Uint8Array.from(grey);
    // The blob and its rim, where its blur fades into the paper lighter than `darkBelow`: nothing
    // else lies there (it stands clear by more than the rim).
    for (let y = Math.max(0, y0 - rim); y <= Math.min(height - 1, y1 + rim); y++)
      for (let x = Math.max(0, x0 - rim); x <= Math.min(width - 1, x1 + rim); x++) out[y * width + x] = 255;
    specks++;
  }
  return { grey: out ?? grey, specks };
}

/** Whether the box stands clear on paper: no pixel at most `darkBelow` within `clearance` pixels of
 * it, and none at most `paperBelow` (any grey: a tint, a faint ruling) beyond its rim of `rim`
 * pixels, where the speck's own blur and JPEG halo fade out. The box's own pixels are not looked at: a box of a
 * speck's size holds its blob and at most a stray pixel of another, which is a speck's too. In a
 * tinted cell the grain's dark clumps are no specks: the tint around them is not paper. */
function standsClear(
  { grey, width, height }: Grey,
  { x0, y0, x1, y1 }: PixelBox,
  clearance: number,
  rim: number,
  darkBelow: number,
  paperBelow: number,
): boolean {
  const ya = Math.max(0, y0 - clearance);
  const yb = Math.min(height - 1, y1 + clearance);
  const xa = Math.max(0, x0 - clearance);
  const xb = Math.min(width - 1, x1 + clearance);
  for (let y = ya; y <= yb; y++) {
    const inside = y >= y0 && y <= y1;
    const nearRows = y >= y0 - rim && y <= y1 + rim;
    for (let x = xa; x <= xb; x++) {
      if (inside && x >= x0 && x <= x1) continue;
      const v = grey[y * width + x]!;
      if (v <= darkBelow) return false;
      if (v <= paperBelow && !(nearRows && x >= x0 - rim && x <= x1 + rim)) return false;
    }
  }
  return true;
}

/** Whether the box is a piece of a thin line: pixels at most `below` lie level with it (in its rows
 * give or take one, from `from` to `reach` pixels to either side) with none at most `dark` in the
 * rows above and below those, up to `from - 1` away (a line as thin as the box; a glyph beside it
 * is taller; the grain around a faint ruling is lighter than `dark`), or plumb with it likewise. */
function onALine(
  { grey, width, height }: Grey,
  { x0, y0, x1, y1 }: PixelBox,
  from: number,
  reach: number,
  below: number,
  dark: number,
): boolean {
  const inkIn = (xa: number, xb: number, ya: number, yb: number, level: number) => {
    for (let y = Math.max(0, ya); y <= Math.min(height - 1, yb); y++)
      for (let x = Math.max(0, xa); x <= Math.min(width - 1, xb); x++) if (grey[y * width + x]! <= level) return true;
    return false;
  };
  const rim = from - 1;
  // A pixel of slack: a line left a hair off level by the deskew, or by the blur.
  const level = (xa: number, xb: number) =>
    inkIn(xa, xb, y0 - 1, y1 + 1, below) && !inkIn(xa, xb, y0 - rim, y0 - 2, dark) && !inkIn(xa, xb, y1 + 2, y1 + rim, dark);
  const plumb = (ya: number, yb: number) =>
    inkIn(x0 - 1, x1 + 1, ya, yb, below) && !inkIn(x0 - rim, x0 - 2, ya, yb, dark) && !inkIn(x1 + 2, x1 + rim, ya, yb, dark);
  return level(x0 - reach, x0 - from) || level(x1 + from, x1 + reach) || plumb(y0 - reach, y0 - from) || plumb(y1 + from, y1 + reach);
}
