// The quick open at submission: page count and whether the requested pages have a
// text layer, without rendering anything.
import { openFileRanges, openPdf, PdfOpenError, type PdfSource } from "./open-pdf";

/** A PDF ends with %%EOF; writers may append a little garbage after it, so look at the tail. */
const EOF_MARKER_WINDOW_BYTES = 2048;
/** How many of the requested pages to sample for text: enough to tell a scan from a born-digital
 * file, few enough that a 500-page upload still answers in a fraction of a second. */
const TEXT_SAMPLE_PAGES = 8;

export interface PdfInspection {
  pageCount: number;
  textLayer: boolean;
}

/** Reads only the tail; a ByteSource is left open for the caller, a path is opened and closed. */
export async function hasEofMarker(pdf: PdfSource): Promise<boolean> {
  const handle = typeof pdf === "string" ? await openFileRanges(pdf) : pdf;
  try {
    const tail = Buffer.from(await handle.read(Math.max(0, handle.size - EOF_MARKER_WINDOW_BYTES), handle.size));
    return tail.includes("%%EOF");
  } finally {
    if (typeof pdf === "string") await handle.close();
  }
}

/** Evenly spread page numbers (1-based) among the first `pages`. */
export function samplePages(pages: number, sample: number): number[] {
  if (pages <= sample) return Array.from({ length: pages }, (_, i) => i + 1);
  const picked = new Set<number>();
  for (let i = 0; i < sample; i++) picked.add(1 + Math.round((i * (pages - 1)) / (sample - 1)));
  return [...picked];
}

/** `pdf`: a path, or a stored object's ByteSource (closed when inspection ends). */
export async function inspectPdf(pdf: PdfSource, requestedPages: number | null): Promise<PdfInspection> {
  if (!(await hasEofMarker(pdf))) {
    if (typeof pdf !== "string") await pdf.close();
    throw new PdfOpenError("invalid", "the PDF is truncated (its end-of-file marker is missing); upload the complete file");
  }
  const opened = await openPdf(pdf);
  try {
    const pageCount = opened.doc.numPages;
    if (pageCount < 1) throw new PdfOpenError("invalid", "the PDF has no pages");
    const pages = Math.min(pageCount, requestedPages ?? pageCount);
    let textLayer = false;
    for (const pageNumber of samplePages(pages, TEXT_SAMPLE_PAGES)) {
      const page = await opened.doc.getPage(pageNumber);
      const content = await page.getTextContent();
      page.cleanup();
      if (content.items.some((item) => "str" in item && item.str.trim().length > 0)) {
        textLayer = true;
        break;
      }
    }
    return { pageCount, textLayer };
  } catch (error) {
    if (error instanceof PdfOpenError) throw error;
    throw new PdfOpenError("invalid", "the PDF could not be read (it is corrupt)");
  } finally {
    await opened.close();
  }
}
