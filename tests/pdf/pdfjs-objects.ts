// What tests compare between two pdf.js documents of the same bytes: pdf.js names fonts and
// document-wide images after their document ("g_d3_f1", "d3_img_p0_1"), so two documents differ
// only there, and glyph outlines go to a page's common objects as `<font>_path_<glyph>`.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

/** `value` as JSON with the document's number taken out of every object name. */
export function sameDocument(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\bg_d\d+_/g, "g_d_")
    .replace(/"d\d+_img_/g, '"d_img_');
}

/** The objects pdf.js sent for the whole document (fonts, glyph outlines, cached images). */
export function commonObjects(page: PDFPageProxy): Array<[string, unknown]> {
  return [...(page.commonObjs as unknown as Iterable<[string, unknown]>)];
}

/** Glyph outlines pdf.js sent to the main thread. */
export function outlineCount(page: PDFPageProxy): number {
  return commonObjects(page).filter(([id]) => id.includes("_path_")).length;
}
