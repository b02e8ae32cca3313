// Whether a mark's crop shows one dash: a single horizontal stroke, thin and wide, away from the
// crop's top and bottom. PaddleOCR's recogniser cannot name a lone em dash (it reads "|", "I" or
// "1" at 0.2-0.5, or the dash itself at ~0.35, below its line score), so the engine's reading of a
// mark it saw but could not name is settled by the ink itself (missed-marks.ts). Pure: pixels in,
// a yes or no out.
import type { PageRender } from "../../render/render-page";
import type { RecCrop } from "./recognition-plan";

export interface DashStrokeSettings {
  /** Ink is darker than this grey. */
  inkBelow: number;
  /** The stroke is at least this many times as wide as it is thick. */
  minAspect: number;
  /** ...and its ink fills at least this share of its bounding box (a straight bar, not a
   * diagonal or a curve). */
  minFill: number;
  /** ...and its middle lies within this band of the crop's height (0 top, 1 bottom). */
  middleBand: readonly [number, number];
}

/** The one dash stroke in `crop` (render pixels): its width and thickness in pixels, or null when
 * the crop's ink is anything else. Ink touching the crop's top or bottom edge (a row's ruling, a
 * neighbour's descender) is not the mark's and is left out; what remains must be one stroke. */
export function dashStroke(
  render: Pick<PageRender, "rgba" | "width" | "height">,
  crop: RecCrop,
  settings: DashStrokeSettings,
): { width: number; thickness: number } | null {
  const x0 = Math.max(0, crop.x);
  const y0 = Math.max(0, crop.y);
  const w = Math.min(render.width, crop.x + crop.width) - x0;
  const h = Math.min(render.height, crop.y + crop.height) - y0;
  if (w < 3 || h < 3) return null;
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y) * render.width + (x0 + x)) * 4;
      const grey = (render.rgba[i]! + render.rgba[i + 1]! + render.rgba[i + 2]!) / 3;
      if (grey < settings.inkBelow) ink[y * w + x] = 1;
    }
  }
  // Connected components (4-neighbours) by flood fill: a mark's crop is a few hundred pixels.
  const label = new Int32Array(w * h);
  const parts: { x0: number; y0: number; x1: number; y1: number; pixels: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start]) continue;
    const part = { x0: w, y0: h, x1: -1, y1: -1, pixels: 0 };
    parts.push(part);
    label[start] = parts.length;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % w;
      const y = (at - x) / w;
      part.pixels++;
      part.x0 = Math.min(part.x0, x);
      part.x1 = Math.max(part.x1, x);
      part.y0 = Math.min(part.y0, y);
      part.y1 = Math.max(part.y1, y);
      for (const next of [x > 0 ? at - 1 : -1, x < w - 1 ? at + 1 : -1, y > 0 ? at - w : -1, y < h - 1 ? at + w : -1]) {
        if (next >= 0 && ink[next] && !label[next]) {
          label[next] = parts.length;
          stack.push(next);
        }
      }
    }
  }
  const marks = parts.filter((p) => p.y0 > 0 && p.y1 < h - 1);
  if (marks.length !== 1) return null;
  const stroke = marks[0]!;
  const width = stroke.x1 - stroke.x0 + 1;
  const thickness = stroke.y1 - stroke.y0 + 1;
  if (width < settings.minAspect * thickness) return null;
  if (stroke.pixels < settings.minFill * width * thickness) return null;
  const middle = (stroke.y0 + stroke.y1 + 1) / 2 / h;
  if (middle < settings.middleBand[0] || middle > settings.middleBand[1]) return null;
  return { width, thickness };
}
