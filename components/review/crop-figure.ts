// "Not a table", as a figure: the browser cuts the region out of the page and sends it with the
// edit (lib/review/structure/figure-crop.ts says why the server does not). The page is rendered
// again at a fixed scale, independent of the viewer's zoom, so every such crop has the same
// resolution as the figures the worker cut.
import { loadPdfjs } from "../pdf/load-pdfjs";

/** Pixels per PDF point of the crop: 144 dpi, as the worker's figure crops. */
const CROP_SCALE = 2;

/** A document pdf.js has open (the page viewer's, through react-pdf's build). */
export type OpenPdf = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfjs>>["getDocument"]>["promise"]>;

/** The region `bbox` (PDF points, origin top-left) of the PDF's page `page` as a base64 PNG, or
 * null when it cannot be cut here (the edit is then sent without a crop, and the figure has no
 * file). The page viewer's open document is used when there is one (`open`): the file is neither
 * fetched nor parsed again; without it (the viewer has not loaded it, or failed to), the document
 * is opened from `documentUrl` for the crop and closed after it. */
export async function cropFigure(
  source: { open: OpenPdf | null; documentUrl: string },
  page: number,
  bbox: readonly [number, number, number, number],
): Promise<string | null> {
  try {
    const task = source.open ? null : (await loadPdfjs()).getDocument({ url: source.documentUrl });
    try {
      const pdf = source.open ?? (await task!.promise);
      const pdfPage = await pdf.getPage(page);
      const viewport = pdfPage.getViewport({ scale: CROP_SCALE });
      const canvas = document.createElement("canvas");
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const context = canvas.getContext("2d");
      if (!context) return null;
      await pdfPage.render({ canvasContext: context, viewport, canvas }).promise;
      const [x0, y0, x1, y1] = bbox.map((v) => v * CROP_SCALE) as [number, number, number, number];
      const left = Math.max(0, Math.floor(x0));
      const top = Math.max(0, Math.floor(y0));
      const width = Math.min(canvas.width, Math.ceil(x1)) - left;
      const height = Math.min(canvas.height, Math.ceil(y1)) - top;
      if (width < 1 || height < 1) return null;
      const crop = document.createElement("canvas");
      crop.width = width;
      crop.height = height;
      crop.getContext("2d")!.drawImage(canvas, left, top, width, height, 0, 0, width, height);
      return crop.toDataURL("image/png").replace(/^data:image\/png;base64,/, "");
    } finally {
      // Only a document opened here is closed: the viewer's stays open for the viewer.
      await task?.destroy();
    }
  } catch {
    return null;
  }
}
