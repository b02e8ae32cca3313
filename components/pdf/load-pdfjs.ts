// pdf.js for the browser, through react-pdf so that the page counter and the review viewer share
// one build, with its worker served by this site from node_modules (app/pdf-worker/route.ts): no
// CDN. Imported lazily: pdf.js touches browser-only globals and must never run during SSR.
export const PDF_WORKER_URL = "/pdf-worker";

export async function loadPdfjs() {
  const { pdfjs } = await import("react-pdf");
  pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL;
  return pdfjs;
}

/** Files above this are not opened in the browser just to count pages (the server counts). */
const COUNT_LIMIT_BYTES = 64 * 1024 * 1024;

/** The PDF's page count, or null when it cannot be read here (the server will say why). */
export async function countPdfPages(file: File): Promise<number | null> {
  if (file.size > COUNT_LIMIT_BYTES) return null;
  try {
    const pdfjs = await loadPdfjs();
    const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) });
    const pages = (await task.promise).numPages;
    await task.destroy();
    return pages;
  } catch {
    return null;
  }
}
