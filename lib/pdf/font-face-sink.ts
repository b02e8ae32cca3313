// A stand-in for the browser document pdf.js loads a document's fonts into, for documents that
// are read (operator list, text content) and never rendered.
//
// In Node pdf.js has no document to load font faces into, so it is told to build glyph
// outlines instead (disableFontFace): every glyph a page shows is then compiled to a path in
// the worker and copied to the main thread while the operator list is built, whether or not
// the page is ever drawn (measured in the no-OCR speed notes under docs/measurements/). With
// font faces on, the worker builds no outlines and the main thread hands each font to its
// FontLoader, which does one of two things with the document it was given:
//   - the document has a `fonts` set (the Font Loading API): it builds a FontFace from the font's
//     bytes with the global FontFace constructor, adds it to `fonts` and awaits `loaded`;
//   - it has none: it writes the font's bytes, base64-encoded, into an @font-face rule in a
//     <style> element (in Node it does not wait for the rule to load).
// The first is the cheap one (the second encoded ~290 MB of strings over the ICDAR sets), but
// Node has no FontFace: a FontFace that keeps nothing is installed on the global scope when there
// is none (nothing else in these processes uses one). A process that already has a FontFace
// (a browser-like test environment) gets the second way, whose rule is dropped too. Nothing
// else in the document is used: the canvas and filter factories pdf.js builds for Node do not
// touch it, and a document opened this way is never rendered (open-pdf.ts renders its pages
// from a second document opened with outlines).

/** What pdf.js's FontLoader uses of a FontFace: it awaits `loaded`. */
class DroppedFontFace {
  readonly loaded: Promise<this> = Promise.resolve(this);
  constructor(
    readonly family: string,
    _source: unknown,
    _descriptors?: unknown,
  ) {}
}

/** pdf.js's FontLoader.insertRule: createElement("style"), append it to <head>, insertRule. */
function droppedStyleElement() {
  return {
    sheet: { cssRules: { length: 0 }, insertRule: () => 0 },
    remove: () => undefined,
  };
}

const WITHOUT_FONT_SET = {
  createElement: droppedStyleElement,
  documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
};

const WITH_FONT_SET = {
  ...WITHOUT_FONT_SET,
  fonts: { add: () => undefined, delete: () => true },
};

/** The `ownerDocument` given to pdf.js's getDocument for a reading-only document. */
export function fontFaceSink(): object {
  const scope = globalThis as { FontFace?: unknown };
  if (scope.FontFace === undefined) {
    Object.defineProperty(globalThis, "FontFace", { value: DroppedFontFace, configurable: true, writable: true });
  }
  return scope.FontFace === DroppedFontFace ? WITH_FONT_SET : WITHOUT_FONT_SET;
}
