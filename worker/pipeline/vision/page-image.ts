// The picture a vision reader sees: the page rendered at VISION_SETTINGS.imageDpi (less for a
// page too large for maxImageSidePx), as PNG, and crops of it. Pixel (px, py) is PDF point
// (px / scale, py / scale) of the page as displayed (rotation applied), top-left origin.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { renderPage } from "../render/render-page";
import type { Box } from "../types";
import type { VisionSettings } from "./settings";

export interface VisionImage {
  png: Buffer;
  /** Pixels per PDF point. */
  scale: number;
  width: number;
  height: number;
  dpi: number;
}

/** sharp, loaded on the first vision image: a run without vision readers never pays its start-up
 * (crop-figures.ts loads it the same way). */
async function loadSharp() {
  return (await import("sharp")).default;
}

export async function renderVisionImage(page: PDFPageProxy, pageNumber: number, settings: VisionSettings): Promise<VisionImage> {
  const sharp = await loadSharp();
  const { width, height } = page.getViewport({ scale: 1 });
  const longest = Math.max(width, height);
  const dpi = Math.min(settings.imageDpi, Math.floor((settings.maxImageSidePx / longest) * 72));
  const render = await renderPage(page, pageNumber, dpi);
  const png = await sharp(Buffer.from(render.rgba.buffer, render.rgba.byteOffset, render.rgba.byteLength), {
    raw: { width: render.width, height: render.height, channels: 4 },
  })
    .png()
    .toBuffer();
  return { png, scale: render.scale, width: render.width, height: render.height, dpi };
}

/** A crop of the image around `box` (points); its pixels start at `origin` (points) of the page. */
export async function cropVisionImage(image: VisionImage, box: Box): Promise<{ image: VisionImage; originPt: [number, number] }> {
  const sharp = await loadSharp();
  const left = Math.max(0, Math.floor(box[0] * image.scale));
  const top = Math.max(0, Math.floor(box[1] * image.scale));
  const right = Math.min(image.width, Math.ceil(box[2] * image.scale));
  const bottom = Math.min(image.height, Math.ceil(box[3] * image.scale));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const png = await sharp(image.png).extract({ left, top, width, height }).png().toBuffer();
  return { image: { png, scale: image.scale, width, height, dpi: image.dpi }, originPt: [left / image.scale, top / image.scale] };
}
