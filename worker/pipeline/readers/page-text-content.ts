// One pdf.js text pass per page for the two readers that need one: pdf-text reads the page's
// words from it, pdf-tags the text inside each marked-content section of a tagged table. Every
// getTextContent call lexes the page's content stream again, so a tagged page with a table used
// to be read twice. The pass asks for the marked-content markers: pdf.js ends a text run at every
// marker whether it reports the markers or not, so the runs are the same either way, and the
// readers that do not want the markers skip them (they are the items without `str`).
import type { PDFPageProxy, TextContent } from "pdfjs-dist/types/src/display/api";

/** Text passes of tagged pages, from the text reader until pdf-tags takes them (or the page is
 * released). An untagged page keeps nothing: pdf-tags has nothing to read there. */
const taggedPasses = new WeakMap<PDFPageProxy, TextContent>();

/** The page's text runs with its marked-content markers; kept for pdf-tags when the page has a
 * marked-content section with an id (a tagged page). */
export async function readPageTextContent(page: PDFPageProxy): Promise<TextContent> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  if (content.items.some((item) => "type" in item && item.type === "beginMarkedContentProps" && item.id)) {
    taggedPasses.set(page, content);
  }
  return content;
}

/** The pass readPageTextContent made of this page, once; pdf.js is asked again when there is none
 * (a reader run on its own, or run twice). */
export async function takePageTextContent(page: PDFPageProxy): Promise<TextContent> {
  const kept = taggedPasses.get(page);
  if (kept) {
    taggedPasses.delete(page);
    return kept;
  }
  return page.getTextContent({ includeMarkedContent: true });
}

/** Drops what was kept for the page (the pipeline calls it when it is done with the page, so a page
 * pdf-tags did not read holds nothing until its document closes). */
export function releasePageTextContent(page: PDFPageProxy): void {
  taggedPasses.delete(page);
}
