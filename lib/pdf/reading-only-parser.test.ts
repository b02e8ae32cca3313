// The reading-only copy of pdf.js's parser is made from the pdf.js this project ships (a pdf.js
// update that moves the code it changes fails here, not silently in the bench), and it reads what
// the stock parser reads: the same text and the same operators, page by page, on a document with
// every kind of font and image whose drawing work the copy leaves out. The one difference it may
// make is the point of it: an image's pixels are not decoded.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  StandardFonts,
  TextRenderingMode,
  beginText,
  concatTransformationMatrix,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  setTextRise,
  showText,
} from "pdf-lib";
import sharp from "sharp";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { openPdf } from "./open-pdf";
import { READING_ONLY_REPLACEMENTS, readingOnlyParserPath, readingOnlySource } from "./reading-only-parser";
import { FontSet } from "../../tests/pdf/corpus/fonts";
import { type1Program } from "../../tests/pdf/type1-font";
import { commonObjects, outlineCount, sameDocument } from "../../tests/pdf/pdfjs-objects";

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));
const STOCK_PATH = path.join(PDFJS_DIR, "legacy", "build", "pdf.worker.mjs");

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) count++;
  return count;
}

test("every change of the reading-only parser matches the shipped pdf.js exactly once", () => {
  const stock = fs.readFileSync(STOCK_PATH, "utf8");
  for (const replacement of READING_ONLY_REPLACEMENTS) {
    assert.equal(occurrences(stock, replacement.from), 1, replacement.why);
    if (replacement.through) assert.ok(stock.indexOf(replacement.through, stock.indexOf(replacement.from)) > 0, replacement.why);
  }
  const copy = readingOnlySource(stock, "file:///pdfjs/pdf.worker.mjs");
  assert.ok(copy !== null);
  for (const replacement of READING_ONLY_REPLACEMENTS) assert.equal(occurrences(copy, replacement.from), 0, replacement.why);
  assert.equal(occurrences(copy, "import.meta.url"), 0);
  assert.ok(occurrences(copy, '"file:///pdfjs/pdf.worker.mjs"') > 0, "the WebAssembly decoders are found beside the stock bundle");
  assert.ok(copy.length < stock.length);
});

test("the copy is written once under node_modules/.cache, reused, and replaces older copies", () => {
  // A package folder of its own, holding the shipped bundle, so the test owns its cache.
  const modules = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reading-only-cache-")), "node_modules");
  const build = path.join(modules, "pdfjs-dist", "legacy", "build");
  fs.mkdirSync(build, { recursive: true });
  fs.copyFileSync(path.join(PDFJS_DIR, "package.json"), path.join(modules, "pdfjs-dist", "package.json"));
  const stockPath = path.join(build, "pdf.worker.mjs");
  fs.copyFileSync(STOCK_PATH, stockPath);
  const cache = path.join(modules, ".cache", "pdfjs-reading-only");
  fs.mkdirSync(cache, { recursive: true });
  fs.writeFileSync(path.join(cache, "pdf.worker.0123456789abcdef.mjs"), "// made from another pdf.js\n");

  const first = readingOnlyParserPath(stockPath);
  assert.ok(first !== null);
  assert.equal(path.dirname(first), cache);
  const stock = fs.readFileSync(stockPath, "utf8");
  assert.equal(fs.readFileSync(first, "utf8"), readingOnlySource(stock, pathToFileURL(stockPath).href));
  assert.deepEqual(fs.readdirSync(cache), [path.basename(first)], "the older copy is removed");
  const written = fs.statSync(first).mtimeMs;
  assert.equal(readingOnlyParserPath(stockPath), first);
  assert.equal(fs.statSync(first).mtimeMs, written, "not written again");

  // A bundle the changes do not fit (another pdf.js): no copy, the stock parser is used.
  fs.appendFileSync(stockPath, READING_ONLY_REPLACEMENTS[0]!.from);
  assert.equal(readingOnlyParserPath(stockPath), null);
  fs.rmSync(path.dirname(modules), { recursive: true, force: true });
});

test("a bundle the changes do not fit is refused whole, not half changed", () => {
  const fitting = READING_ONLY_REPLACEMENTS.map((r) => `/*a*/${r.from}/*b*/${r.through ?? ""}`).join("\n");
  assert.ok(readingOnlySource(fitting, "file:///x.mjs") !== null);
  const first = READING_ONLY_REPLACEMENTS[0]!;
  assert.equal(readingOnlySource(fitting + first.from, "file:///x.mjs"), null, "a change that matches twice");
  assert.equal(readingOnlySource(fitting.replace(first.from, ""), "file:///x.mjs"), null, "a change that does not match");
  const spanning = READING_ONLY_REPLACEMENTS.find((r) => r.through)!;
  assert.equal(readingOnlySource(fitting.replace(spanning.through!, ""), "file:///x.mjs"), null, "a span without its end");
});

/** A bare CFF program (pdf.js's own serif face, which it ships as one), as a PDF embeds a
 * "Type1C" font. */
function cffProgram(): Uint8Array {
  const bytes = fs.readFileSync(path.join(PDFJS_DIR, "standard_fonts", "FoxitSerif.pfb"));
  assert.deepEqual([...bytes.subarray(0, 2)], [1, 0], "a CFF header (major version 1)");
  return bytes;
}

async function rgbImage(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.set([(i % width) * 3, Math.floor(i / width) * 3, 90], i * 3);
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/** A simple font's character codes, as a string operand. */
function bytesOf(text: string): PDFHexString {
  return PDFHexString.of(Buffer.from(text, "latin1").toString("hex"));
}

/** A simple font embedding `program` (its FontFile stream) with one advance per character code
 * from 32 on. */
function embeddedFont(doc: PDFDocument, name: string, program: PDFRef, fileKey: "FontFile" | "FontFile3", widths: number[]): PDFRef {
  const descriptor = doc.context.register(
    doc.context.obj({
      Type: "FontDescriptor",
      FontName: name,
      Flags: 34,
      FontBBox: [-200, -250, 1100, 900],
      ItalicAngle: 0,
      Ascent: 700,
      Descent: -220,
      CapHeight: 660,
      StemV: 80,
      [fileKey]: program,
    }),
  );
  return doc.context.register(
    doc.context.obj({
      Type: "Font",
      Subtype: "Type1",
      BaseFont: name,
      FirstChar: 32,
      LastChar: 31 + widths.length,
      Widths: widths.map((w) => PDFNumber.of(w)),
      FontDescriptor: descriptor,
    }),
  );
}

/** Three pages: a standard font, an embedded TrueType subset, an embedded CFF program and an
 * embedded Type 1 program; text drawn as a clipping path; a PNG and a JPEG, the JPEG on every
 * page (pdf.js caches an image used on several pages for the whole document). */
async function mixedPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const dejavu = (await new FontSet(doc).proportional(2)).regular;
  const cffFile = doc.context.register(doc.context.stream(cffProgram(), { Subtype: "Type1C" }));
  const cff = embeddedFont(
    doc,
    "FoxitSerif",
    cffFile,
    "FontFile3",
    Array.from({ length: 95 }, () => 520),
  );
  const program = type1Program("BoxOne", { space: 300, one: 550, two: 550, A: 700, B: 650 });
  const type1File = doc.context.register(
    doc.context.stream(program.bytes, { Length1: program.lengths[0], Length2: program.lengths[1], Length3: program.lengths[2] }),
  );
  const codes: Record<string, number> = { space: 32, one: 49, two: 50, A: 65, B: 66 };
  const type1Widths = Array.from({ length: 35 }, (_, i) => Object.entries(codes).find(([, code]) => code === 32 + i)?.[0]);
  const type1 = embeddedFont(
    doc,
    "BoxOne",
    type1File,
    "FontFile",
    type1Widths.map((glyph) => (glyph ? program.widths[glyph]! : 0)),
  );
  const png = await doc.embedPng(await rgbImage(40, 30, "png"));
  const jpeg = await doc.embedJpg(await rgbImage(64, 48, "jpeg"));
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([400, 300]);
    page.drawText(`Revenue ${2024 + p} 1,204.5`, { x: 20, y: 260, size: 12, font: helvetica });
    page.drawText(`Embedded face ${p}0123`, { x: 20, y: 240, size: 11, font: dejavu });
    page.node.setFontDictionary(PDFName.of("FC1"), cff);
    page.pushOperators(beginText(), setFontAndSize("FC1", 12), moveText(20, 220), showText(bytesOf(`CFF face ${p} 456`)), endText());
    page.node.setFontDictionary(PDFName.of("FT1"), type1);
    page.pushOperators(
      beginText(),
      setFontAndSize("FT1", 12),
      moveText(200, 220),
      showText(bytesOf(p === 1 ? "BA 21" : "AB 12")),
      endText(),
    );
    page.node.setFontDictionary(PDFName.of("FH"), helvetica.ref);
    page.pushOperators(
      beginText(),
      setTextRenderingMode(TextRenderingMode.Clip),
      setFontAndSize("FH", 14),
      moveText(20, 200),
      showText(helvetica.encodeText("Clipped words")),
      endText(),
    );
    // Each glyph's place is the text matrix, the font size, horizontal scaling and rise taken
    // through the page's transform: all of them other than the identity here.
    const turn = (p + 1) * 0.2;
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(0.9, 0.1 * p, -0.2, 1.1, 15, 5),
      beginText(),
      setFontAndSize("FH", 9 + p),
      setCharacterSqueeze(80 + 10 * p),
      setTextRise(1.5 * p),
      setTextMatrix(Math.cos(turn), Math.sin(turn), -Math.sin(turn), Math.cos(turn), 120 + p, 60),
      showText(helvetica.encodeText(`Turned ${p} 7.25`)),
      endText(),
      popGraphicsState(),
    );
    page.drawImage(jpeg, { x: 200, y: 150, width: 128, height: 96 });
    if (p === 0) page.drawImage(png, { x: 20, y: 40, width: 80, height: 60 });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reading-only-")), "mixed.pdf");
  fs.writeFileSync(file, await doc.save());
  return file;
}

/** What an image object resolves to on the reading side: pixels, or null when none were sent. */
function imageObject(page: PDFPageProxy, id: string): Promise<unknown> {
  const objects = id.startsWith("g_") || /^d\d+_img_/.test(id) ? page.commonObjs : page.objs;
  return new Promise((resolve) => objects.get(id, resolve));
}

test("the reading-only parser reads the text and operators the stock parser reads", async () => {
  const file = await mixedPdf();
  const copy = await openPdf(file);
  const stock = await openPdf(file, { stockParser: true });
  const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  try {
    assert.equal(copy.doc.numPages, 3);
    let images = 0;
    for (let n = 1; n <= 3; n++) {
      const [a, b] = [await copy.doc.getPage(n), await stock.doc.getPage(n)];
      const [opsA, opsB] = [await a.getOperatorList(), await b.getOperatorList()];
      assert.deepEqual(opsA.fnArray, opsB.fnArray, `page ${n} operators`);
      assert.equal(sameDocument(opsA.argsArray), sameDocument(opsB.argsArray), `page ${n} operands`);
      const [textA, textB] = [
        await a.getTextContent({ includeMarkedContent: true }),
        await b.getTextContent({ includeMarkedContent: true }),
      ];
      assert.equal(sameDocument(textA), sameDocument(textB), `page ${n} text`);
      const turned = textA.items.filter((item) => "transform" in item && item.transform[1] !== 0 && item.transform[2] !== 0);
      assert.ok(turned.length > 0, `page ${n} has text placed through a turned, scaled matrix`);
      const strings = textA.items.map((item) => ("str" in item ? item.str : "")).join(" ");
      const boxes = n === 2 ? "BA 21" : "AB 12";
      for (const expected of [`Revenue ${2023 + n}`, `Embedded face ${n - 1}0123`, `CFF face ${n - 1} 456`, boxes, "Clipped words"]) {
        assert.ok(strings.includes(expected), `page ${n} reads "${expected}": ${strings}`);
      }
      // The difference the copy exists for: the stock parser sent the pixels, the copy did not.
      for (let i = 0; i < opsA.fnArray.length; i++) {
        if (opsA.fnArray[i] !== OPS.paintImageXObject) continue;
        const id = (opsA.argsArray[i] as unknown[])[0] as string;
        const idStock = (opsB.argsArray[i] as unknown[])[0] as string;
        assert.equal(await imageObject(a, id), null, `page ${n} image ${id} decoded by the reading-only parser`);
        const pixels = (await imageObject(b, idStock)) as { width: number; height: number } | null;
        assert.ok(pixels && pixels.width > 0 && pixels.height > 0, `page ${n} image ${idStock} decoded by the stock parser`);
        images++;
      }
    }
    assert.equal(images, 4, "a PNG on page 1 and the JPEG on every page");
    const [first, firstStock] = [await copy.doc.getPage(1), await stock.doc.getPage(1)];
    for (const page of [first, firstStock]) {
      // Both embedded programs were read as fonts (not replaced by a fallback when unreadable).
      const fonts = commonObjects(page).map(([, value]) => value as { name?: string; missingFile?: boolean; mimetype?: string });
      for (const name of ["FoxitSerif", "BoxOne"]) {
        const font = fonts.find((f) => f?.name === name);
        assert.ok(font && font.missingFile === false && font.mimetype === "font/opentype", `${name} read from its program`);
      }
    }
    // The clipped words' glyph outlines: built by the stock parser, left out by the copy.
    assert.ok(outlineCount(firstStock) > 0);
    assert.equal(outlineCount(first), 0);
  } finally {
    await copy.close();
    await stock.close();
  }
});
