// Canvases for rendering pages (figure crops, debug overlays). Page canvases come from the
// @napi-rs/canvas that pdf.js resolves (as in render/render-page.ts): mixing contexts of two copies
// fails with "T on unrwap is not the type of wrapped object". Today there is one installed copy.
import path from "node:path";
import { createRequire } from "node:module";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { renderPdfPage } from "../../../lib/pdf/rendering-document";

interface NapiCanvas {
  width: number;
  height: number;
  getContext(type: "2d"): NapiContext;
  data(): Buffer;
  toBuffer(mime: "image/png"): Buffer;
}
export interface NapiContext {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
}

let canvasModule: { createCanvas(width: number, height: number): NapiCanvas } | null = null;

function loadCanvasModule() {
  if (!canvasModule) {
    const require = createRequire(import.meta.url);
    const pdfjsDir = path.dirname(require.resolve("pdfjs-dist/package.json"));
    const fromPdfjs = createRequire(path.join(pdfjsDir, "package.json"));
    canvasModule = fromPdfjs("@napi-rs/canvas") as typeof canvasModule;
  }
  return canvasModule!;
}

/** Renders a page on a white canvas at `scale`; returns the canvas and its 2D context. */
export async function renderPage(
  page: PDFPageProxy,
  scale: number,
): Promise<{ canvas: NapiCanvas; context: NapiContext; width: number; height: number }> {
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = loadCanvasModule().createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  // canvas: null keeps pdf.js from calling getContext a second time (napi-rs cannot redefine it).
  await renderPdfPage(page, { canvasContext: context as unknown as CanvasRenderingContext2D, canvas: null, viewport });
  return { canvas, context, width, height };
}
