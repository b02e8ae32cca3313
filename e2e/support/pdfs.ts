// Test documents made by test code (no files from outside the repository).
import { randomBytes } from "node:crypto";
import { PDFDocument, PDFHexString, PDFName, PDFRef, StandardFonts } from "pdf-lib";

/** A born-digital PDF with a heading and a few paragraphs on each page. */
export async function makeTextPdf(pages = 1, label = "Document"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${label} page ${i}`, { x: 72, y: 770, size: 18, font: bold });
    page.drawText(`This is the first paragraph of page ${i}.`, { x: 72, y: 730, size: 11, font });
    page.drawText("It has two lines of ordinary body text.", { x: 72, y: 716, size: 11, font });
    page.drawText("A second paragraph after a blank line.", { x: 72, y: 680, size: 11, font });
  }
  return doc.save();
}

/** A PDF protected by a user password: pdf.js cannot open it without one. The /Encrypt entry's
 * O and U values are random, so no password (and certainly not the empty one) matches. */
export async function makePasswordPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const context = doc.context;
  const encrypt = context.obj({ Filter: "Standard", V: 2, R: 3, Length: 128, P: -44 });
  encrypt.set(PDFName.of("O"), PDFHexString.of(randomHex(32)));
  encrypt.set(PDFName.of("U"), PDFHexString.of(randomHex(32)));
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = context.obj([PDFHexString.of(randomHex(16)), PDFHexString.of(randomHex(16))]);
  return doc.save({ useObjectStreams: false });
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/** A text PDF whose page `brokenPage` (1-based) points at an object that does not exist: that
 * page cannot be read by any reading (a partly failed document). pdf.js, recovering from the
 * broken page tree, also loses every page after it, so pass the last page for exactly one. */
export async function makePartlyBrokenPdf(pages: number, brokenPage: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makeTextPdf(pages, "Partly broken"));
  doc.catalog
    .Pages()
    .Kids()
    .set(brokenPage - 1, PDFRef.of(999_999));
  return doc.save({ useObjectStreams: false });
}
