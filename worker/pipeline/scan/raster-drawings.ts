// Drawn lines of a scanned page: a chart's plotted series found in the prepared page's pixels, so
// the table and figure stages see them as they see vector drawings on a page with a text layer.
// A scan has no drawing objects, and a line chart's axis labels and legend (numbers in a column,
// dates in a row) lined up like a table: on EU realistic scans one document's pages of line charts
// delivered 91 relations of tick labels and legend words as tables, and the same pages with their
// text layer none (their curves are vector drawings there, and the detector leaves text lying on
// drawings to the figures).
//
// A drawn line is ink, once the page's rulings are taken out, in pieces that run a long way (a
// curve across a plot, cut where it crosses a grid line) but hold little ink for their box (a line,
// not a filled shape), under no word (a large letter of a heading is a big thin blob too); joined,
// its box reaches the grid and axes it touches, as a plotted series' box does on a page with a text
// layer. Filled shapes (a bar chart's solid bars, a dark header's fill) and straight rulings are
// not found here: solid bars are not read as a table anyway, and a table's own fills and rules must
// stay its own.
import type { Box, Ruling, Word } from "../types";
import type { PageRender } from "../render/render-page";
import { sharedGrey } from "../render/render-page";
import { boxIntersection, boxArea } from "../geometry/box";
import { boxesToClusters, withAxes } from "../figures/figure-regions";
import { RASTER_DRAWINGS, type RasterDrawingSettings } from "./settings";

/** Ink a ruling's band took out of the mask. */
const ERASED = 3;

/** The boxes (points, on the page `render` shows) of the drawn lines of `render`. Pieces: blobs of
 * ink darker than `inkBelow`, away from `rulings` by `rulingBandPt`, at least `minPieceSidePt`
 * one way (`minCutPieceSidePt` where a ruling cut it: a curve between two grid lines), inking at
 * most `maxFill` of their box, with at most `maxWordShare` of their box under `words`. Drawings:
 * pieces within `joinGapPt` of each other joined, running at least `minSpanPt` one way, each grown
 * by the rulings within `joinGapPt` of it, and theirs (a chart's grid and axes, as a figure's box
 * grows on a page with a text layer: withAxes), so the box is the chart's plot; kept when at
 * least `minSidePt` both ways. */
export function renderToDrawings(
  render: PageRender,
  rulings: readonly Ruling[],
  words: readonly Pick<Word, "box">[],
  settings: RasterDrawingSettings = RASTER_DRAWINGS,
): Box[] {
  const { width, height, scale } = render;
  const grey = sharedGrey(render);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) mask[i] = grey[i]! < settings.inkBelow ? 1 : 0;
  eraseRulings(mask, width, height, scale, rulings, Math.max(1, Math.round(settings.rulingBandPt * scale)));
  const pieces: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1) continue;
    mask[start] = 2;
    stack.push(start);
    let [x0, y0, x1, y1, ink, cut] = [width, height, -1, -1, 0, false];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      ink += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (mask[j] === 1) {
            mask[j] = 2;
            stack.push(j);
          } else if (mask[j] === ERASED) cut = true;
        }
      }
    }
    const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
    const minSide = (cut ? settings.minCutPieceSidePt : settings.minPieceSidePt) * scale;
    if (Math.max(w, h) < minSide || ink > settings.maxFill * w * h) continue;
    const box: Box = [x0 / scale, y0 / scale, (x1 + 1) / scale, (y1 + 1) / scale];
    if (wordShare(box, words) > settings.maxWordShare) continue;
    pieces.push(box);
  }
  // The grid cuts a curve into pieces a grid step apart: joined again as the figures join vector
  // pieces. A join that runs at least `minSpanPt` one way is a drawn line; grown by the grid and
  // axes it touches it is its chart's plot (a flat series, a few points tall, grows into its grid),
  // kept when that spans a figure both ways. Two series far apart across one plot meet in its box
  // and are one drawing.
  const grown = boxesToClusters(pieces, settings.joinGapPt)
    .map((c) => c.box)
    .filter((b) => Math.max(b[2] - b[0], b[3] - b[1]) >= settings.minSpanPt)
    .map((b) => withAxes(b, rulings, [], settings.joinGapPt))
    .filter((b) => b[2] - b[0] >= settings.minSidePt && b[3] - b[1] >= settings.minSidePt);
  return boxesToClusters(grown, 0).map((c) => c.box);
}

/** Takes the ink within `band` of each ruling (its thickness and blur) out of the mask, marked
 * ERASED so a blob the ruling cut can tell. */
function eraseRulings(mask: Uint8Array, width: number, height: number, scale: number, rulings: readonly Ruling[], band: number): void {
  for (const r of rulings) {
    const across = Math.round(r.pos * scale);
    const from = Math.max(0, Math.floor(r.start * scale) - band);
    const along = r.orientation === "h" ? width : height;
    const to = Math.min(along - 1, Math.ceil(r.end * scale) + band);
    for (let a = across - band; a <= across + band; a++) {
      if (a < 0 || a >= (r.orientation === "h" ? height : width)) continue;
      for (let b = from; b <= to; b++) {
        const i = r.orientation === "h" ? a * width + b : b * width + a;
        if (mask[i] === 1) mask[i] = ERASED;
      }
    }
  }
}

/** The share of `box` that word boxes cover (summed; words rarely overlap). */
function wordShare(box: Box, words: readonly Pick<Word, "box">[]): number {
  let covered = 0;
  for (const w of words) {
    const hit = boxIntersection(box, w.box);
    if (hit) covered += boxArea(hit);
  }
  return covered / Math.max(1e-9, boxArea(box));
}
