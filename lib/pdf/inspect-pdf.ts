// The quick open at submission (SPEC.md §4.1): page count and whether the requested pages have a
// text layer, without rendering anything.
import fs from "node:fs";
import { openPdf, PdfOpenError } from "./open-pdf";

/** A PDF ends with %%EOF; writers may append a little garbage after it, so look at the tail. */
const EOF_MARKER_WINDOW_BYTES = 2048;
/** How many of the requested pages to sample for text: enough to tell a scan from a born-digital
 * file, few enough that a 500-page upload still answers in a fraction of a second. */
const TEXT_SAMPLE_PAGES = 8;

export interface PdfInspection {
  pageCount: number;
  textLayer: boolean;
}

export async function hasEofMarker(filePath: string): Promise<boolean> {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, EOF_MARKER_WINDOW_BYTES);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    return tail.includes("%%EOF");
  } finally {
    await handle.close();
  }
}

/** Evenly spread page numbers (1-based) among the first `pages`. */
export function samplePages(pages: number, sample: number): number[] {
  if (pages <= sample) return Array.from({ length: pages }, (_, i) => i + 1);
  const picked = new Set<number>();
  for (let i = 0; i < sample; i++) picked.add(1 + Math.round((i * (pages - 1)) / (sample - 1)));
  return [...picked];
}

export async function inspectPdf(filePath: string, requestedPages: number | null): Promise<PdfInspection> {
  if (!(await hasEofMarker(filePath))) {
    throw new PdfOpenError("invalid", "the PDF is truncated (its end-of-file marker is missing); upload the complete file");
  }
  const opened = await openPdf(filePath);
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
