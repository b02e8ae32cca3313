// Cell crops stacked into one image, so an engine that reads whole images (Tesseract) reads many
// small crops in one call instead of paying its per-image set-up once per crop, and its words
// mapped back to page coordinates. Crops are stacked top to bottom, each on its own white band
// with a gap between bands, so no text line can run from one crop into the next.
import type { BBox } from "../../../lib/result/schema";
import type { Word } from "./types";

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
  for (const [x0, y0, x1, y1] of boxes) {
    const inset = Math.min(settings.insetPt, (x1 - x0) / 4, (y1 - y0) / 4);
    const left = Math.max(0, Math.floor((x0 + inset) * scale));
    const top = Math.max(0, Math.floor((y0 + inset) * scale));
    const right = Math.min(pageWidth, Math.ceil((x1 - inset) * scale));
    const bottom = Math.min(pageHeight, Math.ceil((y1 - inset) * scale));
    if (right - left < 2 || bottom - top < 2) continue;
    pieces.push({ x: left, y: top, width: right - left, height: bottom - top, mosaicX: settings.marginPx, mosaicY: y });
    y += bottom - top + settings.gapPx;
    width = Math.max(width, right - left + 2 * settings.marginPx);
  }
  const height = Math.max(1, y - settings.gapPx + settings.marginPx);
  const out = new Uint8Array(width * height).fill(255);
  for (const piece of pieces) {
    for (let row = 0; row < piece.height; row++) {
      const from = (piece.y + row) * pageWidth + piece.x;
      out.set(grey.subarray(from, from + piece.width), (piece.mosaicY + row) * width + piece.mosaicX);
    }
    levelTintedPiece(out, width, piece, settings);
  }
  return { width, height, grey: out, pieces };
}

/** A tinted crop (see `tintedBelow`) in the mosaic stretched: its background to white, its ink to black. */
function levelTintedPiece(out: Uint8Array, width: number, piece: MosaicPiece, settings: MosaicSettings): void {
  const hist = new Float64Array(256);
  for (let row = 0; row < piece.height; row++) {
    const at = (piece.mosaicY + row) * width + piece.mosaicX;
    for (let k = 0; k < piece.width; k++) hist[out[at + k]!]! += 1;
  }
  const total = piece.width * piece.height;
  const quantile = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) if ((seen += hist[v]!) >= share * total) return v;
    return 255;
  };
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
