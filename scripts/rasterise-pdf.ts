// Turns a PDF into an image-only PDF (no text layer, no vector content): each page rendered at
// 200 dpi and placed as one greyscale image on a page of the same size. This is the "scanned
// variant" of a document for evaluation.
//
//   npx tsx scripts/rasterise-pdf.ts in.pdf out.pdf [--dpi 200]
//   npx tsx scripts/rasterise-pdf.ts --dir in-dir out-dir [--dpi 200]   (every *.pdf in in-dir)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { openPdf } from "../lib/pdf/open-pdf";
import { renderPage, type PageRender } from "../worker/pipeline/render/render-page";

export const RASTERISE_DPI = 200;

/** How one page render becomes the image placed on its page of the output. */
export type PageImage = (render: PageRender, pageNumber: number) => Promise<{ kind: "png" | "jpg"; bytes: Buffer }>;

/** An image-only PDF of `inputPath`: every page rendered at `dpi`, turned into an image by
 * `pageImage` and placed alone on a page of the same size. Returns the page count. */
export async function imageOnlyPdf(inputPath: string, outputPath: string, dpi: number, pageImage: PageImage): Promise<number> {
  const opened = await openPdf(inputPath, { rendersEveryPage: true });
  // No creation or modification date: the same input gives the same bytes, so an OCR cache keyed
  // by the file hash serves the scans made again in a later run.
  const out = await PDFDocument.create({ updateMetadata: false });
  try {
    for (let n = 1; n <= opened.doc.numPages; n++) {
      const page = await opened.doc.getPage(n);
      try {
        const render = await renderPage(page, n, dpi);
        const { kind, bytes } = await pageImage(render, n);
        const image = kind === "png" ? await out.embedPng(bytes) : await out.embedJpg(bytes);
        const target = out.addPage([render.widthPt, render.heightPt]);
        target.drawImage(image, { x: 0, y: 0, width: render.widthPt, height: render.heightPt });
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await opened.close();
  }
  await fs.promises.mkdir(path.dirname(path.resolve(outputPath)), { recursive: true });
  await fs.promises.writeFile(outputPath, await out.save());
  return out.getPageCount();
}

/** Greyscale PNG: lossless like a clean scan, a quarter of the RGBA size. */
const cleanGreyPng: PageImage = async (render) => ({
  kind: "png",
  bytes: await sharp(Buffer.from(render.rgba.buffer, render.rgba.byteOffset, render.rgba.byteLength), {
    raw: { width: render.width, height: render.height, channels: 4 },
  })
    .greyscale()
    .png({ compressionLevel: 6 })
    .toBuffer(),
});

export async function rasterisePdf(inputPath: string, outputPath: string, dpi: number = RASTERISE_DPI): Promise<number> {
  return imageOnlyPdf(inputPath, outputPath, dpi, cleanGreyPng);
}

async function main(argv: string[]): Promise<void> {
  const dpiAt = argv.indexOf("--dpi");
  const dpi = dpiAt >= 0 ? Number(argv[dpiAt + 1]) : RASTERISE_DPI;
  const args = argv.filter((_, i) => (i !== dpiAt && i !== dpiAt + 1) || dpiAt < 0);
  if (!Number.isFinite(dpi) || dpi < 36 || dpi > 600) throw new Error("--dpi must be between 36 and 600");
  if (args[0] === "--dir" && args[1] && args[2]) {
    const files = (await fs.promises.readdir(args[1])).filter((f) => f.toLowerCase().endsWith(".pdf")).sort();
    for (const file of files) {
      const pages = await rasterisePdf(path.join(args[1], file), path.join(args[2], file), dpi);
      console.log(`${file}: ${pages} pages at ${dpi} dpi`);
    }
    return;
  }
  if (!args[0] || !args[1]) {
    console.error("usage: rasterise-pdf <in.pdf> <out.pdf> [--dpi 200] | --dir <in-dir> <out-dir> [--dpi 200]");
    process.exitCode = 2;
    return;
  }
  const pages = await rasterisePdf(args[0], args[1], dpi);
  console.log(`${args[1]}: ${pages} pages at ${dpi} dpi`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
