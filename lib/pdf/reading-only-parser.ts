// pdf.js's parser for documents opened for reading only (open-pdf.ts): such a document's pages are
// never drawn (rendering-document.ts draws them from a second document with the stock parser), so
// the work pdf.js does only so that a page can be drawn is wasted on it. Without OCR that waste was
// about a tenth of a pass's CPU over the ICDAR sets (docs/performance.md, the reading-only parser
// round): recompiling every CFF and Type 1 font program (embedded or pdf.js's own standard faces)
// into the font file a browser would load, and decoding every image into pixels.
//
// This module writes a copy of pdf.js's parser bundle with that work left out, each change a
// literal replacement that must match exactly once, and loads it. What is left out are products no
// reader looks at: the compiled font program inside the font file a browser would load (left
// empty; the file is built, and the glyph mapping, widths and metrics read from the program, as
// before), the glyph outlines of clipping text, and an image's pixels (sent as none, as pdf.js
// sends when an image does not decode). Text, fonts and the operator list (an image's placement
// and size included) come out as before: bench's results digest over the ICDAR sets and the
// generated corpus is unchanged, and reading-only-parser.test.ts compares the two parsers page by
// page, on every kind of embedded font. (Keeping the embedded CFF program in place of the
// compiled one, as pdf.js does when compiling fails, is not the same: glyphs then come out with
// other font characters; the test catches that.)
//
// One change is not about drawing: the text pass asks a glyph's place twice for every glyph and
// built two throwaway arrays each time; the copy computes the same products in the same order
// into one array (about 15% of a pass's allocations were those arrays).
//
// When a change does not match (another pdf.js version) or the copy cannot be written, the stock
// parser is used: the same output, only slower. The copy lives under node_modules/.cache, named by
// a digest of the stock bundle's identity and of the changes, so each process after the first
// loads it with V8's compile cache and a pdf.js update writes a new one.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface Replacement {
  /** Why the replaced code is not needed when a page is never drawn. */
  why: string;
  /** The stock code, exactly as the bundle has it (whitespace included). */
  from: string;
  /** The code it becomes. */
  to: string;
  /** The stock code runs from `from` to the end of the first `through` after it. */
  through?: string;
}

export const READING_ONLY_REPLACEMENTS: readonly Replacement[] = [
  {
    why: "a CFF program is recompiled only to go into the font file a page is drawn with",
    from: "      this.data = compiler.compile();\n",
    to: "      this.data = [];\n",
  },
  {
    why: "a Type 1 program is compiled to CFF only to build the font file a page is drawn with",
    from: "    const compiler = new CFFCompiler(cff);\n    return compiler.compile();\n",
    to: "    return [];\n",
  },
  {
    why: "glyph outlines of clipping or pattern-filled text are built only to draw it",
    from: '      if (isAddToPathSet || state.fillColorSpace.name === "Pattern" || state.strokeColorSpace.name === "Pattern" || font.disableFontFace) {\n',
    to: "      if (false) {\n",
  },
  {
    why: "an image's pixels are decoded only to draw it; its placement is in the operator list",
    from: "    PDFImage.buildImage({\n      xref: this.xref,\n      res: resources,\n      image,\n      isInline,\n",
    through: "      return this._sendImgData(objId, null, cacheGlobally);\n    });\n",
    to: "    this._sendImgData(objId, null, cacheGlobally);\n",
  },
  {
    why:
      "a glyph's place on the page is asked twice for every glyph of the text layer, each time " +
      "building three six-number arrays of which two are dropped at once: the same products, in " +
      "the same order, with one array (this one is not about drawing: it only allocates less)",
    from: "      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];\n",
    through: "      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));\n",
    to: [
      "      const t0 = textState.fontSize * textState.textHScale;",
      "      let t3 = textState.fontSize;",
      "      const t5 = textState.textRise;",
      "      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {",
      "        const glyphHeight = font.bbox[3] - font.bbox[1];",
      "        if (glyphHeight > 0) {",
      "          t3 *= glyphHeight * textState.fontMatrix[3];",
      "        }",
      "      }",
      "      const m = textState.textMatrix;",
      "      const i0 = m[0] * t0 + m[2] * 0, i1 = m[1] * t0 + m[3] * 0, i2 = m[0] * 0 + m[2] * t3;",
      "      const i3 = m[1] * 0 + m[3] * t3, i4 = m[0] * 0 + m[2] * t5 + m[4], i5 = m[1] * 0 + m[3] * t5 + m[5];",
      "      const c = textState.ctm;",
      "      return [c[0] * i0 + c[2] * i1, c[1] * i0 + c[3] * i1, c[0] * i2 + c[2] * i3, c[1] * i2 + c[3] * i3, c[0] * i4 + c[2] * i5 + c[4], c[1] * i4 + c[3] * i5 + c[5]];",
      "",
    ].join("\n"),
  },
];

/** The stock bundle's text with every replacement made, or null when one does not match exactly
 * once. `import.meta.url` becomes the stock bundle's own address, so that the WebAssembly
 * decoders pdf.js places beside it are found from the copy as from the original. */
export function readingOnlySource(stock: string, stockUrl: string): string | null {
  let source = stock;
  for (const replacement of READING_ONLY_REPLACEMENTS) {
    const start = source.indexOf(replacement.from);
    if (start < 0 || source.indexOf(replacement.from, start + 1) >= 0) return null;
    let end = start + replacement.from.length;
    if (replacement.through !== undefined) {
      const through = source.indexOf(replacement.through, end);
      if (through < 0) return null;
      end = through + replacement.through.length;
    }
    source = source.slice(0, start) + replacement.to + source.slice(end);
  }
  return source.replaceAll("import.meta.url", JSON.stringify(stockUrl));
}

/** Where the copy is written: node_modules/.cache beside pdfjs-dist, named by what it is made
 * from: the stock bundle (by its package's version, its size and its time, which a process reads
 * without reading the 2 MB bundle itself) and the changes. */
function copyPath(stockPath: string): string {
  const packageDir = path.resolve(path.dirname(stockPath), "..", "..");
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version?: string };
  const { size, mtimeMs } = fs.statSync(stockPath);
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify({ version, size, mtimeMs, replacements: READING_ONLY_REPLACEMENTS }))
    .digest("hex")
    .slice(0, 16);
  return path.join(path.dirname(packageDir), ".cache", "pdfjs-reading-only", `pdf.worker.${digest}.mjs`);
}

/** The reading-only copy of the parser bundle at `stockPath` (written on first use), or null
 * when it cannot be made here; the caller then uses the stock parser. */
export function readingOnlyParserPath(stockPath: string): string | null {
  try {
    const target = copyPath(stockPath);
    if (fs.existsSync(target)) return target;
    const stock = fs.readFileSync(stockPath, "utf8");
    const source = readingOnlySource(stock, pathToFileURL(stockPath).href);
    if (source === null) return null;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written whole under a name of this process's own, then renamed: a process that starts
    // meanwhile sees either no copy or a complete one.
    const partial = `${target}.${process.pid}.partial`;
    fs.writeFileSync(partial, source);
    fs.renameSync(partial, target);
    // Copies made from another pdf.js or other changes are not loaded again.
    for (const name of fs.readdirSync(path.dirname(target))) {
      if (/^pdf\.worker\.[0-9a-f]+\.mjs$/.test(name) && name !== path.basename(target)) {
        fs.rmSync(path.join(path.dirname(target), name), { force: true });
      }
    }
    return target;
  } catch {
    return null;
  }
}
