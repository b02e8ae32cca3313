// One shared render per page: both OCR readings and figure crops read the same
// pixels, so the page is rasterised once, at a resolution chosen from the size of its text.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { createRequire } from "node:module";
import { RENDER_SETTINGS, type RenderSettings } from "./settings";
import { renderPdfPage } from "../../../lib/pdf/rendering-document";

/** A rasterised page. Pixel (px, py) covers PDF points (px / scale, py / scale), top-left origin,
 * in the same rotated "viewport" space as pdf.js `getViewport({ scale: 1 })`. */
export interface PageRender {
  pageNumber: number;
  /** Page size in PDF points (viewport at scale 1, rotation applied). */
  widthPt: number;
  heightPt: number;
  dpi: number;
  /** Pixels per PDF point (dpi / 72). */
  scale: number;
  width: number;
  height: number;
  /** RGBA, row-major, width * height * 4 bytes, white background. */
  rgba: Uint8Array;
  /** Typical text size of the page in points when known from the text layer, else null. */
  textSizePt: number | null;
}

type NapiCanvas = typeof import("@napi-rs/canvas");

let canvasModule: NapiCanvas | null = null;

/** The @napi-rs/canvas that pdf.js itself loads, resolved from pdfjs-dist: drawing pdf.js's
 * Path2D objects into a canvas of another copy fails with "T on unrwap is not the type of wrapped
 * object". Today both resolve to the one installed copy; resolving from pdfjs-dist keeps it so if
 * pdfjs-dist ever needs a version of its own. */
function pdfjsCanvas(): NapiCanvas {
  if (!canvasModule) {
    const require = createRequire(import.meta.url);
    const fromPdfjs = createRequire(require.resolve("pdfjs-dist/package.json"));
    canvasModule = fromPdfjs("@napi-rs/canvas") as NapiCanvas;
  }
  return canvasModule;
}

/** Typical text size of a page in points: the median font size weighted by characters, read
 * from the text layer. Null when the page has no text layer (a scan). */
export async function readTextSizePt(page: PDFPageProxy): Promise<number | null> {
  const content = await page.getTextContent();
  const sizes: { size: number; weight: number }[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const chars = item.str.trim().length;
    if (chars === 0) continue;
    const [a, b, c, d] = item.transform as number[];
    // The glyph height is the length of the transformed unit y vector; for unrotated text this
    // is the font size. (a, b) is kept as a fallback for degenerate matrices.
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0);
    if (size > 0) sizes.push({ size, weight: chars });
  }
  if (sizes.length === 0) return null;
  sizes.sort((x, y) => x.size - y.size);
  const total = sizes.reduce((sum, entry) => sum + entry.weight, 0);
  let seen = 0;
  for (const entry of sizes) {
    seen += entry.weight;
    if (seen * 2 >= total) return entry.size;
  }
  return sizes[sizes.length - 1]!.size;
}

/** The render resolution for a page whose typical text is `textSizePt` points high: enough pixels
 * that body text reaches the height Tesseract reads best, no more (render and OCR time grow with
 * the square of the dpi). */
export function textSizeToDpi(textSizePt: number | null, settings: RenderSettings = RENDER_SETTINGS): number {
  if (textSizePt === null || !Number.isFinite(textSizePt) || textSizePt <= 0) return settings.dpiWithoutTextLayer;
  const dpi = (settings.targetTextHeightPx * 72) / textSizePt;
  return Math.round(Math.min(settings.maxDpi, Math.max(settings.minDpi, dpi)));
}

/** A page whose render would not fit in `maxRenderPixels` even at `minDpi`. */
export class PageTooLargeToRender extends Error {}

/** `dpi`, lowered as far as `minDpi` so that a `widthPt` x `heightPt` page fits the pixel budget;
 * throws PageTooLargeToRender when even `minDpi` does not fit. */
export function dpiWithinBudget(widthPt: number, heightPt: number, dpi: number, settings: RenderSettings = RENDER_SETTINGS): number {
  const pixelsAt = (d: number) => Math.ceil((widthPt * d) / 72) * Math.ceil((heightPt * d) / 72);
  if (pixelsAt(dpi) <= settings.maxRenderPixels) return dpi;
  const fitting = Math.floor(Math.sqrt((settings.maxRenderPixels * 72 * 72) / (widthPt * heightPt)));
  if (fitting >= settings.minDpi && pixelsAt(fitting) <= settings.maxRenderPixels) return fitting;
  const megapixels = Math.round(pixelsAt(settings.minDpi) / 1e6);
  throw new PageTooLargeToRender(
    `the page is ${Math.round(widthPt)} x ${Math.round(heightPt)} pt: rendered at the ${settings.minDpi} dpi OCR needs it would be ${megapixels} M pixels, more than the ${settings.maxRenderPixels / 1e6} M a page may use`,
  );
}

/** Renders a page at `dpi` on a white background. The caller keeps the page open. A render above
 * the pixel budget is refused (PageTooLargeToRender) before any canvas is allocated. */
export async function renderPage(
  page: PDFPageProxy,
  pageNumber: number,
  dpi: number,
  textSizePt: number | null = null,
  settings: RenderSettings = RENDER_SETTINGS,
): Promise<PageRender> {
  const scale = dpi / 72;
  const viewportPt = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  if (width * height > settings.maxRenderPixels) {
    throw new PageTooLargeToRender(
      `a ${width} x ${height} pixel render is more than the ${settings.maxRenderPixels / 1e6} M pixels a page may use`,
    );
  }
  const canvas = pdfjsCanvas().createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  // pdf.js types its render parameters for a DOM canvas; @napi-rs/canvas implements the subset it
  // uses (it is the canvas pdf.js itself loads in Node).
  // Only the context is passed: given the canvas too, pdf.js calls getContext() a second time,
  // which @napi-rs/canvas refuses ("Cannot redefine property: createImageData").
  await renderPdfPage(page, {
    canvas: null,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    background: "#ffffff",
  });
  const imageData = context.getImageData(0, 0, width, height);
  return {
    pageNumber,
    widthPt: viewportPt.width,
    heightPt: viewportPt.height,
    dpi,
    scale,
    width,
    height,
    rgba: new Uint8Array(imageData.data.buffer, imageData.data.byteOffset, imageData.data.byteLength),
    textSizePt,
  };
}

/** Renders a page at the resolution its text size asks for. */
export async function renderPageForOcr(
  page: PDFPageProxy,
  pageNumber: number,
  settings: RenderSettings = RENDER_SETTINGS,
): Promise<PageRender> {
  const textSizePt = await readTextSizePt(page);
  const { width, height } = page.getViewport({ scale: 1 });
  const dpi = dpiWithinBudget(width, height, textSizeToDpi(textSizePt, settings), settings);
  return renderPage(page, pageNumber, dpi, textSizePt, settings);
}

/** The render as an 8-bit greyscale PGM (P5) file: Leptonica reads it without a decoder, and it
 * costs a fraction of a PNG encode. */
export function renderToPgm(render: PageRender): Buffer {
  return greyToPgm(renderToGrey(render), render.width, render.height);
}

/** 8-bit grey pixels (row-major, `width` a row) as a PGM (P5) file. */
export function greyToPgm(grey: Uint8Array, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, "ascii"), grey]);
}

/** Each render's grey, made once: a scanned page's steps (preparation, the re-reads of its first
 * reading, raster rulings, the unread-mark checks) each asked for the same page's grey, ~40 ms
 * for a 300 dpi letter page every time. Renders are never written to once made. */
const SHARED_GREY = new WeakMap<PageRender, Uint8Array>();

/** `renderToGrey(render)`, computed once per render and shared by every caller: read it, never
 * write into it (copy it first). */
export function sharedGrey(render: PageRender): Uint8Array {
  let grey = SHARED_GREY.get(render);
  if (!grey) SHARED_GREY.set(render, (grey = renderToGrey(render)));
  return grey;
}

/** `render`, made from the grey image `grey` (its RGBA channels all equal to it), with `grey` as its
 * shared grey: renderToGrey of such pixels gives `grey` back exactly (299 + 587 + 114 = 1000). The
 * caller hands `grey` over and writes into it no more. */
export function withSharedGrey(render: PageRender, grey: Uint8Array): PageRender {
  SHARED_GREY.set(render, grey);
  return render;
}

/** Greyscale (ITU-R BT.601 luma, integer form) of a render's RGBA pixels, row-major: a new array
 * each call (sharedGrey for the one every step of a page reads). */
export function renderToGrey(render: PageRender): Uint8Array {
  const { rgba } = render;
  const grey = new Uint8Array(render.width * render.height);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o++) grey[o] = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
  return grey;
}
