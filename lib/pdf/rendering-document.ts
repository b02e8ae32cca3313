// Rendering a page of a document opened for reading only (open-pdf.ts): such a document builds
// no glyph outlines, and in Node pdf.js draws text only with them, so its pages are drawn from a
// second document of the same bytes opened with outlines, the first time one of its pages is
// rendered. Every render in the worker goes through renderPdfPage, so a caller holding a page
// never needs to know how its document was opened.
import type { PDFDocumentProxy, PDFPageProxy, RenderParameters } from "pdfjs-dist/types/src/display/api";

/** Opens (once) and returns the rendering document of a reading-only document. */
export type RenderingDocument = () => Promise<PDFDocumentProxy>;

// Keyed by the document's filter factory: pdf.js makes one per getDocument call and both the
// document and each of its pages expose it (a page has no public link to its document).
const renderingDocuments = new WeakMap<object, RenderingDocument>();

export function registerRenderingDocument(doc: PDFDocumentProxy, renderingDocument: RenderingDocument): void {
  renderingDocuments.set(doc.filterFactory, renderingDocument);
}

/** Whether `page` comes from a document opened for reading only. */
export function isReadingOnlyPage(page: PDFPageProxy): boolean {
  return renderingDocuments.has(page.filterFactory);
}

/** Renders `page` with pdf.js: on the page itself when its document builds glyph outlines, else
 * on the same page of its rendering document, which is cleaned up after the render (its operator
 * list and images are not kept; the reading page keeps its own). */
export async function renderPdfPage(page: PDFPageProxy, params: RenderParameters): Promise<void> {
  const renderingDocument = renderingDocuments.get(page.filterFactory);
  if (!renderingDocument) {
    await page.render(params).promise;
    return;
  }
  const drawn = await (await renderingDocument()).getPage(page.pageNumber);
  try {
    await drawn.render(params).promise;
  } finally {
    drawn.cleanup();
  }
}
