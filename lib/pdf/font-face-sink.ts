// A stand-in for the browser document pdf.js loads a document's fonts into, for documents that
// are read (operator list, text content) and never rendered.
//
// In Node pdf.js has no document to load font faces into, so it is told to build glyph
// outlines instead (disableFontFace): every glyph a page shows is then compiled to a path in
// the worker and copied to the main thread while the operator list is built, whether or not
// the page is ever drawn (~15% of pdf.js's cost of reading a page, measured in the no-OCR speed
// notes under docs/measurements/). With font faces on, the worker builds no outlines, and the
// main thread hands each font to its FontLoader, which, given a document without a `fonts` set
// (no Font Loading API), writes an @font-face rule into a <style> element and, in Node, does
// not wait for it to load. This object accepts and drops that rule. Nothing else in the
// document is used: the canvas and filter factories pdf.js builds for Node do not touch it, and
// a document opened this way is never rendered (open-pdf.ts renders its pages from a second
// document opened with outlines).

/** pdf.js's FontLoader.insertRule: createElement("style"), append it to <head>, insertRule. */
interface DroppedStyleSheet {
  cssRules: { length: number };
  insertRule(rule: string, index: number): number;
}

function droppedStyleElement(): { sheet: DroppedStyleSheet; remove(): void } {
  return {
    sheet: { cssRules: { length: 0 }, insertRule: () => 0 },
    remove: () => undefined,
  };
}

/** The `ownerDocument` given to pdf.js's getDocument for a reading-only document. */
export const FONT_FACE_SINK = {
  createElement: droppedStyleElement,
  documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
};
