// Cell crops stacked into one image, so an engine that reads whole images (Tesseract) reads many
// small crops in one call instead of paying its per-image set-up once per crop, and its words
// mapped back to page coordinates. Crops are stacked top to bottom, each on its own white band
// with a gap between bands, so no text line can run from one crop into the next.
import type { BBox } from "../../../lib/result/schema";
import type { Word } from "./types";
import { greyToPgm } from "../render/render-page";

export interface MosaicSettings {
  /** Shave this many points off every side of a cell box before cropping: a cell's box is its
   * ruled frame, and the ruling's ink at the edge is read as "|" or "l" by OCR. */
  insetPt: number;
  /** White margin around every crop, and white gap between two crops, in pixels. Tesseract wants
   * ~10 px of white around text; a gap of at least one text height keeps lines apart. */
  marginPx: number;
  gapPx: number;
  /** A crop whose background (the `backgroundQuantile` of its pixels: text is a minority of a
   * crop) is darker than this is levelled on its own: background to white, its darkest ink to
   * black. Tesseract thresholds the whole mosaic at once, and on the white of the other crops and
   * margins a grey crop's background (a zebra row, a shaded header at ~130-200) fell on the ink
   * side: its text came back as nothing or junk. Crops on paper (levelled white) are copied as
   * they are. */
  tintedBelow: number;
  backgroundQuantile: number;
  inkQuantile: number;
}

export interface MosaicPiece {
  /** The crop in the page render, pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where its top-left pixel sits in the mosaic. */
  mosaicX: number;
  mosaicY: number;
}

export interface Mosaic {
  width: number;
  height: number;
  /** 8-bit grey, row-major; white where no crop is. */
  grey: Uint8Array;
  pieces: MosaicPiece[];
}

/** Cuts `boxes` (PDF points) out of a grey page image (`scale` pixels per point) into a mosaic. */
export function boxesToMosaic(
  grey: Uint8Array,
  pageWidth: number,
  pageHeight: number,
  scale: number,
  boxes: readonly BBox[],
  settings: MosaicSettings,
): Mosaic {
  const pieces: MosaicPiece[] = [];
  let y = settings.marginPx;
  let width = 1;
  for (const box of boxes) {
    const inset = Math.min(settings.insetPt, (box[2] - box[0]) / 4, (box[3] - box[1]) / 4);
    const rect = pixelRect(box, -inset, scale, pageWidth, pageHeight);
    if (rect.width < 2 || rect.height < 2) continue;
    pieces.push({ ...rect, mosaicX: settings.marginPx, mosaicY: y });
    y += rect.height + settings.gapPx;
    width = Math.max(width, rect.width + 2 * settings.marginPx);
  }
  const height = Math.max(1, y - settings.gapPx + settings.marginPx);
  const out = new Uint8Array(width * height).fill(255);
  for (const piece of pieces) {
    copyRect(grey, pageWidth, piece, out, width, piece.mosaicX, piece.mosaicY);
    levelTintedPiece(out, width, piece, settings);
  }
  return { width, height, grey: out, pieces };
}

/** One box (PDF points) grown by `padPt` on the page, as a PGM with `marginPx` of white around
 * it, for an engine that reads one crop at a time; null when it holds less than a few pixels.
 * `left` and `top` are its pixel origin on the page. With `negative`, a crop of light text on a
 * darker ground (lightOnDark) is turned negative first: an engine that reads dark
 * glyphs on paper, with its own inversion off, reads nothing there. */
export function cropWithMargin(
  grey: Uint8Array,
  render: { width: number; height: number; scale: number },
  box: BBox,
  padPt: number,
  marginPx: number,
  negative: LightOnDarkSettings | null = null,
): { pgm: Buffer; left: number; top: number } | null {
  const rect = pixelRect(box, padPt, render.scale, render.width, render.height);
  if (rect.width < 4 || rect.height < 4) return null;
  const outWidth = rect.width + 2 * marginPx;
  const outHeight = rect.height + 2 * marginPx;
  const out = new Uint8Array(outWidth * outHeight).fill(255);
  copyRect(grey, render.width, rect, out, outWidth, marginPx, marginPx);
  const reversed = negative ? lightOnDark(grey, render.width, rect, negative) : null;
  if (reversed) {
    // Turned negative and levelled at once: the ground to white, the light strokes to black. A
    // plain negative of a mid-grey ground stays mid-grey, and beside the white margin Tesseract's
    // threshold put it on the ink side: the crop came back as a block, read "III".
    const { ground, strokes } = reversed;
    for (let row = 0; row < rect.height; row++) {
      const at = (marginPx + row) * outWidth + marginPx;
      for (let k = 0; k < rect.width; k++)
        out[at + k] = Math.max(0, Math.min(255, Math.round(((strokes - out[at + k]!) * 255) / (strokes - ground))));
    }
  }
  return { pgm: greyToPgm(out, outWidth, outHeight), left: rect.x, top: rect.y };
}

/** When a crop is light text on a darker ground (OCR_SETTINGS.legacy.invertLightOnDark). */
export interface LightOnDarkSettings {
  /** This share of the crop's lightest pixels stands at least `minContrast` grey levels above
   * its ground (its median grey)... */
  outlierShare: number;
  minContrast: number;
}

/** Whether `rect` of the page holds light text on a darker ground (its ground's and its strokes'
 * grey levels when it does, else null): its outliers at the light end stand clear of the ground
 * (the median, text being a minority of a cell's crop), and further from it than those at the
 * dark end. The ground's own level does not matter: white text on a mid-grey fill is as reversed
 * as on black. Dark text on a grey ground (a shaded header) has its outliers below; on paper
 * nothing stands above the ground but its grain. */
export function lightOnDark(
  grey: Uint8Array,
  pageWidth: number,
  rect: PixelRect,
  settings: LightOnDarkSettings,
): { ground: number; strokes: number } | null {
  const quantile = greyQuantiles(grey, pageWidth, rect);
  const [low, ground, high] = [quantile(settings.outlierShare), quantile(0.5), quantile(1 - settings.outlierShare)];
  return high - ground >= settings.minContrast && high - ground > ground - low ? { ground, strokes: high } : null;
}

/** The grey levels of `rect` of an image (rows of `imageWidth`), as a function from a share of its
 * pixels to the level at or below which that share lies. */
function greyQuantiles(image: Uint8Array, imageWidth: number, rect: PixelRect): (share: number) => number {
  const hist = new Float64Array(256);
  for (let row = 0; row < rect.height; row++) {
    const from = (rect.y + row) * imageWidth + rect.x;
    for (let k = 0; k < rect.width; k++) hist[image[from + k]!]! += 1;
  }
  const total = rect.width * rect.height;
  return (share) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += hist[v]!) >= share * total) return v;
    return 255;
  };
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `box` (PDF points) grown by `growPt` on every side (shrunk when negative), in pixels of a page
 * image of `scale` pixels a point, clipped to the image: outward to whole pixels. */
function pixelRect([x0, y0, x1, y1]: BBox, growPt: number, scale: number, pageWidth: number, pageHeight: number): PixelRect {
  const left = Math.max(0, Math.floor((x0 - growPt) * scale));
  const top = Math.max(0, Math.floor((y0 - growPt) * scale));
  const right = Math.min(pageWidth, Math.ceil((x1 + growPt) * scale));
  const bottom = Math.min(pageHeight, Math.ceil((y1 + growPt) * scale));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Copies `rect` of the page's grey into `out` (rows of `outWidth`) with its top left at (x, y). */
function copyRect(grey: Uint8Array, pageWidth: number, rect: PixelRect, out: Uint8Array, outWidth: number, x: number, y: number): void {
  for (let row = 0; row < rect.height; row++) {
    const from = (rect.y + row) * pageWidth + rect.x;
    out.set(grey.subarray(from, from + rect.width), (y + row) * outWidth + x);
  }
}

/** A tinted crop (see `tintedBelow`) in the mosaic stretched: its background to white, its ink to black. */
function levelTintedPiece(out: Uint8Array, width: number, piece: MosaicPiece, settings: MosaicSettings): void {
  const quantile = greyQuantiles(out, width, { x: piece.mosaicX, y: piece.mosaicY, width: piece.width, height: piece.height });
  const background = quantile(settings.backgroundQuantile);
  const ink = quantile(settings.inkQuantile);
  if (background >= settings.tintedBelow || background - ink < 1) return;
  for (let row = 0; row < piece.height; row++) {
    const at = (piece.mosaicY + row) * width + piece.mosaicX;
    for (let k = 0; k < piece.width; k++)
      out[at + k] = Math.max(0, Math.min(255, Math.round(((out[at + k]! - ink) * 255) / (background - ink))));
  }
}

/** Words read from a mosaic (pixel boxes) back on the page, in PDF points: each word belongs to
 * the piece its centre lies in; a word outside every piece (noise in a margin) is dropped. */
export function mosaicWordsToPage(words: readonly Word[], mosaic: Mosaic, scale: number): Word[] {
  const out: Word[] = [];
  const toPoints = (px: number) => Math.round((px / scale) * 100) / 100;
  for (const word of words) {
    const cx = (word.bbox[0] + word.bbox[2]) / 2;
    const cy = (word.bbox[1] + word.bbox[3]) / 2;
    const piece = mosaic.pieces.find((p) => cx >= p.mosaicX && cx < p.mosaicX + p.width && cy >= p.mosaicY && cy < p.mosaicY + p.height);
    if (!piece) continue;
    const dx = piece.x - piece.mosaicX;
    const dy = piece.y - piece.mosaicY;
    const clampX = (v: number) => Math.min(piece.x + piece.width, Math.max(piece.x, v + dx));
    const clampY = (v: number) => Math.min(piece.y + piece.height, Math.max(piece.y, v + dy));
    out.push({
      text: word.text,
      bbox: [
        toPoints(clampX(word.bbox[0])),
        toPoints(clampY(word.bbox[1])),
        toPoints(clampX(word.bbox[2])),
        toPoints(clampY(word.bbox[3])),
      ],
      confidence: word.confidence,
    });
  }
  return out;
}
