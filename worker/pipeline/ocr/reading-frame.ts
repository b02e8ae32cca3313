// OCR of a page whose text layer reads sideways or upside down (a landscape table printed on a
// portrait page): the engines read upright lines only, so on the page as displayed they read such
// text as noise ("£ Q =") and every cell came out disputed against garbage. The render is turned
// into the text's reading frame (the frame the table stages read the page in,
// geometry/page-orientation.ts) before the engines read it, and every box they report is turned
// back onto the displayed page, where the cells are.
import type { BBox } from "../../../lib/result/schema";
import { boxToPage, frameSize, pointToPage } from "../geometry/page-orientation";
import type { Direction } from "../types";
import type { PageRender } from "../render/render-page";
import type { OcrPageReading } from "./types";

/** Keys the OCR cache of turned pages' readings (a different image from the upright render). */
export const READING_FRAME_VERSION = "frame-1";

/** The render turned into the reading frame of text running in `dir` (pixels moved, none
 * resampled: a quarter turn is exact). */
export function renderToFrame(render: PageRender, dir: Direction): PageRender {
  if (dir === 0) return render;
  const [width, height] = frameSize([render.width, render.height], dir);
  const [widthPt, heightPt] = frameSize([render.widthPt, render.heightPt], dir);
  const size: [number, number] = [render.width, render.height];
  const rgba = new Uint8Array(width * height * 4);
  // One 32-bit word per RGBA pixel (a view needs 4-byte alignment: copied when it has none).
  const pixels = render.rgba.byteOffset % 4 === 0 ? render.rgba : render.rgba.slice();
  const source = new Uint32Array(pixels.buffer, pixels.byteOffset, render.width * render.height);
  const target = new Uint32Array(rgba.buffer);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      // The page pixel under the centre of frame pixel (u, v).
      const [x, y] = pointToPage(u + 0.5, v + 0.5, dir, size);
      target[v * width + u] = source[Math.floor(y) * render.width + Math.floor(x)]!;
    }
  }
  return { ...render, width, height, widthPt, heightPt, rgba };
}

/** A reading made on the frame render, with its boxes on the displayed page of `pageSizePt`. */
export function readingToPage(reading: OcrPageReading, dir: Direction, pageSizePt: [number, number]): OcrPageReading {
  if (dir === 0) return reading;
  const back = (box: BBox): BBox => boxToPage(box, dir, pageSizePt);
  return {
    ...reading,
    words: reading.words.map((word) => ({ ...word, bbox: back(word.bbox) })),
    nonTextRegions: reading.nonTextRegions.map(back),
  };
}
