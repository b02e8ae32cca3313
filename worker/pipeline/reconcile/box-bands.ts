// Which boxes could meet a given box, without testing every one: the boxes sorted into
// horizontal bands by the height they span. wordsInBox asks which of a reading's words lie in a
// cell for every cell of every reading (the cascade, the value vote), and the recut of spanning
// words asks which cells each word crosses: over a dense page, each test run against every word
// (or cell) was the largest piece of our own work in a pass served from the OCR cache.
//
// Candidates only: a box meeting the query box grown by a margin (a word's centre inside it, most
// of a word's area inside it, a cell's rows holding a word's centre) spans some height the grown
// box spans too, so it lies in one of the bands the query covers. The caller still applies its
// exact test, to the candidates in the boxes' own order, so the answer is the full scan's, item
// for item.
import type { BBox } from "../../../lib/result/schema";

/** Band height, PDF points: about a line of body text (8-12 pt type), so a cell's box covers one
 * or two bands and a word one or two. Only the work done depends on it, never the answer. */
const BAND_PT = 10;
/** A box spanning more bands than this (a rotated run, a tall cell, a garbled box) is a candidate
 * everywhere: it would cost more to register it in each. */
const MAX_BANDS_A_BOX = 64;

export class BoxBands {
  private readonly bands = new Map<number, number[]>();
  /** Boxes every query must test: boxes not finite, or spanning too many bands. */
  private readonly everywhere: number[] = [];
  /** A stamp per box, so that a box in two bands a query covers is taken once. */
  private readonly seen: Uint32Array;
  private query = 0;

  constructor(boxes: readonly BBox[]) {
    this.seen = new Uint32Array(boxes.length);
    boxes.forEach((box, i) => {
      const top = Math.floor(Math.min(box[1], box[3]) / BAND_PT);
      const bottom = Math.floor(Math.max(box[1], box[3]) / BAND_PT);
      if (!Number.isFinite(top) || !Number.isFinite(bottom) || bottom - top >= MAX_BANDS_A_BOX) {
        this.everywhere.push(i);
        return;
      }
      for (let band = top; band <= bottom; band++) {
        const list = this.bands.get(band);
        if (list) list.push(i);
        else this.bands.set(band, [i]);
      }
    });
  }

  /** The indices, ascending, of the boxes that could meet `box` grown by `marginPt`; null
   * when the box itself is not finite (the caller then tests every box). */
  candidates(box: BBox, marginPt: number): number[] | null {
    const top = Math.floor((Math.min(box[1], box[3]) - marginPt) / BAND_PT);
    const bottom = Math.floor((Math.max(box[1], box[3]) + marginPt) / BAND_PT);
    if (!Number.isFinite(top) || !Number.isFinite(bottom) || bottom - top >= MAX_BANDS_A_BOX) return null;
    const stamp = ++this.query;
    const out: number[] = [];
    for (let band = top; band <= bottom; band++) {
      const list = this.bands.get(band);
      if (!list) continue;
      for (const i of list) {
        if (this.seen[i] === stamp) continue;
        this.seen[i] = stamp;
        out.push(i);
      }
    }
    for (const i of this.everywhere) out.push(i);
    return out.sort((a, b) => a - b);
  }
}
