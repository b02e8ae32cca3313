// A scanned page made ready for OCR: turned upright (quarter turns), deskewed (angle
// from its text lines and rulings), its grey levels stretched (paper white, toner black), and its
// dust specks taken off (despeckle.ts; DESPECKLE_SETTINGS switches it off). Hard
// binarisation and a denoised OCR image were measured worse (SCAN_PREP_SETTINGS); the denoised
// page is used to find the orientation, skew and levels. Only OCR and the raster rulings read
// this image; crops for people are cut from the page as scanned. Everything found on it (words,
// rulings, cells) is in the prepared page's coordinates; ScanTransform maps boxes back onto the
// original page, where they are reported.
import type { PageRender } from "../render/render-page";
import { sharedGrey, withSharedGrey } from "../render/render-page";
import type { BBox } from "../../../lib/result/schema";
import { estimateSkewDeg } from "./skew-angle";
import { isSideways, isUpsideDown } from "./page-orientation";
import { rotateGrey, rotateQuarter } from "./rotate-image";
import { flattenBackground } from "./flatten-background";
import { DESPECKLE_SETTINGS, IDENTITY_SKEW_BELOW_DEG, SCAN_PREP_SETTINGS } from "./settings";
import { despeckle } from "./despeckle";

export interface ScanTransform {
  /** Clockwise quarter turns applied first. */
  quarterTurns: 0 | 1 | 2 | 3;
  /** The skew found after the quarter turns; the page was turned by minus this. */
  skewDeg: number;
  /** The original page's size in points, and the prepared one's (swapped on odd turns). */
  originalWidthPt: number;
  originalHeightPt: number;
  widthPt: number;
  heightPt: number;
}

function binarise(grey: Uint8Array, threshold: number): Uint8Array {
  const out = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) out[i] = grey[i]! <= threshold ? 0 : 255;
  return out;
}

/** The level below which the lightest `share` of the histogram starts... (a quantile). */
function quantileOf(hist: Float64Array, total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= share * total) return v;
  }
  return 255;
}

function histogramOf(grey: Uint8Array): Float64Array {
  const hist = new Float64Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]!]! += 1;
  return hist;
}

/** The paper's level and grain (sensor noise, JPEG) of a page: its middle (most of a page is
 * paper) and the spread of the pixels lighter than that, which are all paper (ink is never
 * lighter), read as a normal's (its quartile lies 0.674 standard deviations from the middle). */
function paperOf(hist: Float64Array, total: number): { paper: number; grain: number } {
  const { paperShare } = SCAN_PREP_SETTINGS;
  const paper = quantileOf(hist, total, paperShare);
  return { paper, grain: Math.max(1, (quantileOf(hist, total, paperShare + (1 - paperShare) / 2) - paper) / 0.674) };
}

/** Grey levels stretched so the darkest inkShare of pixels is black and the paper white, and the
 * paper's grain white too. */
export function stretchLevels(grey: Uint8Array, width: number, height: number): Uint8Array {
  const hist = histogramOf(grey);
  const quantile = (share: number) => quantileOf(hist, grey.length, share);
  const { paper, grain } = paperOf(hist, grey.length);
  // Black is the darkest inkShare of the page, but no lighter than the middle of the ink (the
  // pixels more than `inkGrains` grains darker than the paper): on a sparse page (a small table,
  // ink under inkShare of the pixels) that quantile falls inside the paper's grain, and
  // stretching to it turned the grain into black specks and the glyphs into blobs (generated
  // realistic scans: Tesseract read 3 words of a 30-cell table). A page with enough ink keeps
  // the quantile, which is darker than its ink's middle.
  const inkBelow = paper - SCAN_PREP_SETTINGS.inkGrains * grain;
  let inkPixels = 0;
  for (let v = 0; v < inkBelow; v++) inkPixels += hist[v]!;
  const lo =
    inkPixels > 0
      ? Math.min(quantile(SCAN_PREP_SETTINGS.inkShare), quantile((inkPixels * 0.5) / grey.length))
      : quantile(SCAN_PREP_SETTINGS.inkShare);
  const hi = Math.max(lo + 1, paper);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  // The grain itself is white: a pixel whose neighbourhood (the [1 2 1] denoised page) is within
  // `paperGrains` of its grain of the paper. Stretched to the paper's middle only, half the grain
  // stayed grey specks, and Tesseract's page layout analysis (page segmentation 3) took a sparse
  // page's table for an image and read none of it (generated realistic scans: 12 of a table's 35
  // words, all 35 with the grain white). Decided on the neighbourhood, not the pixel: a pixel
  // cut would speckle a tint lying near the cut (an EU document's shaded columns), and a white point moved
  // down instead thinned blurred strokes on tinted cells ("Bulgaria" read "Bugaia").
  // Only on a page without tinted areas: with the paper white, a tint stood out as a grey block
  // Tesseract's layout analysis took for an image (its shaded column of names, read
  // garbled before, was not read at all).
  const smooth = denoise(grey, width, height);
  const smoothPaper = paperOf(histogramOf(smooth), smooth.length);
  const paperFrom = smoothPaper.paper - SCAN_PREP_SETTINGS.paperGrains * smoothPaper.grain;
  const out = new Uint8Array(grey.length);
  if (hasTints(smooth, width, height, smoothPaper.paper, paperFrom)) {
    for (let i = 0; i < grey.length; i++) out[i] = lut[grey[i]!]!;
  } else {
    for (let i = 0; i < grey.length; i++) out[i] = smooth[i]! >= paperFrom ? 255 : lut[grey[i]!]!;
  }
  return out;
}

/** Whether the denoised page has tinted areas: blocks of `tintBlockPx` square almost all of
 * whose pixels lie between the paper's grain and `tintDepth` levels below the paper (a shading,
 * not the blurred edges of glyphs, which fill no block), on at least `tintShare` of the blocks. */
export function hasTints(smooth: Uint8Array, width: number, height: number, paper: number, paperFrom: number): boolean {
  const { tintBlockPx: block, tintDepth, tintShare } = SCAN_PREP_SETTINGS;
  let blocks = 0;
  let tinted = 0;
  for (let by = 0; by + block <= height; by += block) {
    for (let bx = 0; bx + block <= width; bx += block) {
      blocks += 1;
      let inTint = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const v = smooth[y * width + x]!;
          if (v < paperFrom && v >= paper - tintDepth) inTint += 1;
        }
      }
      if (inTint >= 0.9 * block * block) tinted += 1;
    }
  }
  return blocks > 0 && tinted >= tintShare * blocks;
}

/** Grey after one [1 2 1] / 4 pass each way: sensor noise and JPEG ringing averaged out before
 * the threshold, so they do not become specks. */
export function denoise(grey: Uint8Array, width: number, height: number): Uint8Array {
  const tmp = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      tmp[i] = (grey[x > 0 ? i - 1 : i]! + 2 * grey[i]! + grey[x < width - 1 ? i + 1 : i]!) >> 2;
    }
  }
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i] = (tmp[y > 0 ? i - width : i]! + 2 * tmp[i]! + tmp[y < height - 1 ? i + width : i]!) >> 2;
    }
  }
  return out;
}

/** Otsu's threshold: the grey level that best splits the histogram into ink and paper. */
export function otsuThreshold(grey: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]!]! += 1;
  const total = grey.length;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * hist[v]!;
  let sumBelow = 0;
  let countBelow = 0;
  let best = 128;
  let bestVar = -1;
  for (let t = 0; t < 256; t++) {
    countBelow += hist[t]!;
    if (countBelow === 0) continue;
    const countAbove = total - countBelow;
    if (countAbove === 0) break;
    sumBelow += t * hist[t]!;
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = t;
    }
  }
  return best;
}

function inkMask(grey: Uint8Array, threshold: number): Uint8Array {
  const ink = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) ink[i] = grey[i]! <= threshold ? 1 : 0;
  return ink;
}

function greyToRender(base: PageRender, grey: Uint8Array, width: number, height: number, transform: ScanTransform): PageRender {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, o = 0; i < grey.length; i++, o += 4) {
    rgba[o] = rgba[o + 1] = rgba[o + 2] = grey[i]!;
    rgba[o + 3] = 255;
  }
  return withSharedGrey({ ...base, width, height, widthPt: transform.widthPt, heightPt: transform.heightPt, rgba }, grey);
}

/** Finds the page's orientation and skew and returns the prepared render with its transform:
 * sideways first (the profiles tell rows from columns even when skewed), then the skew, then,
 * on the straightened lines, whether the page is upside down (a half turn about the centre
 * commutes with the deskew, so it joins the quarter turns). */
export function prepareScan(render: PageRender): { render: PageRender; transform: ScanTransform } {
  const clean = denoise(sharedGrey(render), render.width, render.height);
  const threshold = otsuThreshold(clean);
  let quarterTurns: 0 | 1 | 2 | 3 = isSideways(inkMask(clean, threshold), render.width, render.height) ? 1 : 0;
  let turned = rotateQuarter(clean, render.width, render.height, quarterTurns);
  const skewDeg = estimateSkewDeg(inkMask(turned.grey, threshold), turned.width, turned.height);
  const straight =
    Math.abs(skewDeg) < IDENTITY_SKEW_BELOW_DEG ? turned.grey : rotateGrey(turned.grey, turned.width, turned.height, -skewDeg);
  if (isUpsideDown(inkMask(straight, threshold), turned.width, turned.height, render.dpi)) {
    quarterTurns = (quarterTurns + 2) as 2 | 3;
    turned = rotateQuarter(clean, render.width, render.height, quarterTurns);
  }
  const transform = transformFor(render, quarterTurns, skewDeg);
  return { render: applyPrepared(render, clean, threshold, transform, turned), transform };
}

/** The page prepared as prepareScan does, but turned by `quarterTurns` given rather than found
 * (the reading showed the guess wrong: scan/quarter-turn-check.ts); the skew is found afresh in
 * that orientation. */
export function prepareScanTurned(
  render: PageRender,
  quarterTurns: ScanTransform["quarterTurns"],
): { render: PageRender; transform: ScanTransform } {
  const clean = denoise(sharedGrey(render), render.width, render.height);
  const threshold = otsuThreshold(clean);
  const turned = rotateQuarter(clean, render.width, render.height, quarterTurns);
  const transform = transformFor(render, quarterTurns, estimateSkewDeg(inkMask(turned.grey, threshold), turned.width, turned.height));
  return { render: applyPrepared(render, clean, threshold, transform, turned), transform };
}

function transformFor(render: PageRender, quarterTurns: ScanTransform["quarterTurns"], skewDeg: number): ScanTransform {
  const odd = quarterTurns % 2 === 1;
  return {
    quarterTurns,
    skewDeg,
    originalWidthPt: render.widthPt,
    originalHeightPt: render.heightPt,
    widthPt: odd ? render.heightPt : render.widthPt,
    heightPt: odd ? render.widthPt : render.heightPt,
  };
}

/** The prepared render for a transform found earlier (a cached reading's): the same pixels
 * prepareScan made, without searching again. */
export function applyScanTransform(render: PageRender, transform: ScanTransform): PageRender {
  const clean = denoise(sharedGrey(render), render.width, render.height);
  return applyPrepared(
    render,
    clean,
    otsuThreshold(clean),
    transform,
    rotateQuarter(clean, render.width, render.height, transform.quarterTurns),
  );
}

function applyPrepared(
  render: PageRender,
  clean: Uint8Array,
  threshold: number,
  transform: ScanTransform,
  denoised: { grey: Uint8Array; width: number; height: number },
): PageRender {
  // The angles come from the denoised page; OCR reads the page as scanned unless denoiseForOcr.
  const turned = SCAN_PREP_SETTINGS.denoiseForOcr
    ? denoised
    : rotateQuarter(sharedGrey(render), render.width, render.height, transform.quarterTurns);
  const straight =
    Math.abs(transform.skewDeg) < IDENTITY_SKEW_BELOW_DEG
      ? turned.grey
      : rotateGrey(turned.grey, turned.width, turned.height, -transform.skewDeg);
  const flat = SCAN_PREP_SETTINGS.flattenTints
    ? flattenBackground(
        straight,
        turned.width,
        turned.height,
        Math.max(1, Math.round(SCAN_PREP_SETTINGS.backgroundWindowPt * render.scale)),
        SCAN_PREP_SETTINGS.backgroundAtLeast,
        SCAN_PREP_SETTINGS.backgroundPaperMargin,
      )
    : straight;
  const levelled = SCAN_PREP_SETTINGS.binarise ? binarise(flat, threshold) : stretchLevels(flat, turned.width, turned.height);
  const despeckled = DESPECKLE_SETTINGS.enabled
    ? despeckle(levelled, turned.width, turned.height, render.scale, DESPECKLE_SETTINGS).grey
    : levelled;
  return greyToRender(render, despeckled, turned.width, turned.height, transform);
}

/** A point of the prepared page (points) on the original page. */
export function preparedPointToPage(x: number, y: number, t: ScanTransform): [number, number] {
  // Undo the deskew: the prepared image was the turned one rotated by -skew about its centre.
  let px = x;
  let py = y;
  if (Math.abs(t.skewDeg) >= IDENTITY_SKEW_BELOW_DEG) {
    const rad = (-t.skewDeg * Math.PI) / 180;
    const cx = t.widthPt / 2;
    const cy = t.heightPt / 2;
    const dx = x - cx;
    const dy = y - cy;
    px = Math.cos(rad) * dx + Math.sin(rad) * dy + cx;
    py = -Math.sin(rad) * dx + Math.cos(rad) * dy + cy;
  }
  // Undo the quarter turns (W, H: the original page's size).
  const W = t.originalWidthPt;
  const H = t.originalHeightPt;
  switch (t.quarterTurns) {
    case 0:
      return [px, py];
    case 1:
      return [py, H - px];
    case 2:
      return [W - px, H - py];
    case 3:
      return [W - py, px];
  }
}

/** A box of the prepared page as the box on the original page that holds it. */
export function preparedBoxToPage(box: BBox, t: ScanTransform): BBox {
  const corners = [
    preparedPointToPage(box[0], box[1], t),
    preparedPointToPage(box[2], box[1], t),
    preparedPointToPage(box[0], box[3], t),
    preparedPointToPage(box[2], box[3], t),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const r = (v: number) => Math.round(v * 100) / 100;
  return [
    r(Math.max(0, Math.min(...xs))),
    r(Math.max(0, Math.min(...ys))),
    r(Math.min(t.originalWidthPt, Math.max(...xs))),
    r(Math.min(t.originalHeightPt, Math.max(...ys))),
  ];
}
