// Cuts figure crops out of a page render (pdf.js on @napi-rs/canvas) with sharp and writes them
// as PNG files under the output directory. The page is rendered only when it has figures.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { renderPage } from "./page-canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { Box } from "../types";

export interface Crop {
  path: string;
  sha256: string;
}

/** Renders the page at `scale` and writes one PNG per box: `images/p{page}-{index}.png`. */
export async function cropFigures(page: PDFPageProxy, pageNumber: number, boxes: Box[], outputDir: string, scale: number): Promise<Crop[]> {
  if (boxes.length === 0) return [];
  const { canvas, width, height } = await renderPage(page, scale);
  const raw = canvas.data();
  const dir = path.join(outputDir, "images");
  await fs.promises.mkdir(dir, { recursive: true });
  const crops: Crop[] = [];
  // sharp (libvips, ~20 MB resident) is loaded on the first page with a figure, not at start-up.
  const { default: sharp } = await import("sharp");
  for (const [index, box] of boxes.entries()) {
    // Whole pixels so that the same figure at the same place on two pages crops byte-identically.
    const left = clamp(Math.floor(box[0] * scale), 0, width - 1);
    const top = clamp(Math.floor(box[1] * scale), 0, height - 1);
    const right = clamp(Math.ceil(box[2] * scale), left + 1, width);
    const bottom = clamp(Math.ceil(box[3] * scale), top + 1, height);
    const png = await sharp(raw, { raw: { width, height, channels: 4 } })
      .extract({ left, top, width: right - left, height: bottom - top })
      .png({ compressionLevel: 6 })
      .toBuffer();
    const relative = `images/p${pageNumber}-${index}.png`;
    await fs.promises.writeFile(path.join(outputDir, relative), png);
    crops.push({ path: relative, sha256: crypto.createHash("sha256").update(png).digest("hex") });
  }
  return crops;
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, value));
}
