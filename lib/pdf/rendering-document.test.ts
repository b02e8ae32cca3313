// A document opened for reading only builds no glyph outlines, reads the same operators and text
// as one opened to render, and its pages render (from a second document) to the same pixels. A
// standard font (pdf.js's own font file) and an embedded TrueType subset, so both of pdf.js's
// font paths are covered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPdf, type OpenedPdf } from "./open-pdf";
import { isReadingOnlyPage } from "./rendering-document";
import { TestPdf } from "../../tests/pdf/make-pdf";
import { FontSet } from "../../tests/pdf/corpus/fonts";
import { renderPage } from "../../worker/pipeline/figures/page-canvas";
import { outlineCount, sameDocument } from "../../tests/pdf/pdfjs-objects";

async function samplePdf(): Promise<string> {
  const pdf = await TestPdf.create();
  const page = pdf.addPage(300, 200);
  pdf.text(page, "Revenue 2025", 20, 20, 14, true);
  pdf.table(page, {
    x: 20,
    y: 50,
    colWidths: [90, 60, 60],
    rowHeight: 18,
    rows: [
      ["Item", "Q1", "Q2"],
      ["Apples", "1,204", "1,310"],
    ],
    style: "grid",
  });
  const dejavu = await new FontSet(pdf.doc).proportional(2);
  page.drawText("Embedded face 0123", { x: 20, y: 40, size: 11, font: dejavu.regular });
  return pdf.save("rendering-document");
}

async function withDocuments<T>(file: string, read: (reading: OpenedPdf, rendering: OpenedPdf) => Promise<T>): Promise<T> {
  const reading = await openPdf(file);
  const rendering = await openPdf(file, { rendersEveryPage: true });
  try {
    return await read(reading, rendering);
  } finally {
    await reading.close();
    await rendering.close();
  }
}

test("a reading-only document reads the same operators and text, without glyph outlines", async () => {
  const file = await samplePdf();
  await withDocuments(file, async (reading, rendering) => {
    const [a, b] = [await reading.doc.getPage(1), await rendering.doc.getPage(1)];
    assert.equal(isReadingOnlyPage(a), true);
    assert.equal(isReadingOnlyPage(b), false);
    const [opsA, opsB] = [await a.getOperatorList(), await b.getOperatorList()];
    assert.deepEqual(opsA.fnArray, opsB.fnArray);
    assert.equal(sameDocument(opsA.argsArray), sameDocument(opsB.argsArray));
    const [textA, textB] = [await a.getTextContent({ includeMarkedContent: true }), await b.getTextContent({ includeMarkedContent: true })];
    assert.equal(sameDocument(textA), sameDocument(textB));
    assert.ok(textA.items.some((item) => "str" in item && item.str.includes("Embedded face")));
    assert.ok(outlineCount(b) > 0, "the rendering document builds outlines as it reads");
    assert.equal(outlineCount(a), 0);
  });
});

test("a page of a reading-only document renders to the pixels of one opened to render", async () => {
  const file = await samplePdf();
  await withDocuments(file, async (reading, rendering) => {
    const fromReading = await renderPage(await reading.doc.getPage(1), 2);
    const fromRendering = await renderPage(await rendering.doc.getPage(1), 2);
    const [a, b] = [fromReading.canvas.data(), fromRendering.canvas.data()];
    assert.equal(a.length, b.length);
    assert.ok(a.equals(b), "identical pixels");
    // Text was drawn: dark pixels outside the table's rulings' share alone.
    let dark = 0;
    for (let i = 0; i < a.length; i += 4) if (a[i]! < 100) dark++;
    assert.ok(dark > 500, `dark pixels: ${dark}`);
    // Rendering again (the rendering page was cleaned up after the first render) gives the same.
    assert.ok((await renderPage(await reading.doc.getPage(1), 2)).canvas.data().equals(a));
  });
});

test("a reading-only document refuses to render once closed", async () => {
  const file = await samplePdf();
  const reading = await openPdf(file);
  const page = await reading.doc.getPage(1);
  await reading.close();
  await assert.rejects(renderPage(page, 1));
});
