// A page drawn as grey levels in a test, made into the render the scan steps read: sensor noise
// added (a sum of three uniform draws, roughly normal), then RGBA with every channel the grey.
import type { PageRender } from "../../worker/pipeline/render/render-page";

/** `grey` (`widthPt` x `heightPt` points at `scale` pixels a point, row by row) with noise of
 * about `noise` grey levels from `random`, as a PageRender. `grey` is changed in place. */
export function noisyGreyRender(
  grey: Uint8Array,
  size: { widthPt: number; heightPt: number; width: number; height: number; scale: number },
  noise: number,
  random: () => number,
): PageRender {
  for (let i = 0; i < grey.length; i++)
    grey[i] = Math.max(0, Math.min(255, Math.round(grey[i]! + (random() + random() + random() - 1.5) * 2 * noise)));
  const rgba = new Uint8Array(grey.length * 4);
  for (let i = 0; i < grey.length; i++) {
    rgba.fill(grey[i]!, i * 4, i * 4 + 3);
    rgba[i * 4 + 3] = 255;
  }
  return { pageNumber: 1, ...size, dpi: size.scale * 72, rgba, textSizePt: null };
}
