// A two-page PDF whose first page is a 10,000 x 10,000 pt poster (within the PDF limit of 14,400
// pt) with one line of text: its render at the 150 dpi OCR needs would be 434 M pixels, past the
// render budget (worker/pipeline/render/settings.ts), so no OCR engine reads it. Page 2 is an
// ordinary A4 page with one paragraph.
import { PDFDocument, StandardFonts } from "pdf-lib";

export const POSTER_TEXT = "A poster page with one line of ordinary text.";
export const ORDINARY_TEXT = "An ordinary upright paragraph of text.";

export async function posterBesidePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([10_000, 10_000]).drawText(POSTER_TEXT, { x: 100, y: 9_800, size: 40, font });
  doc.addPage([595, 842]).drawText(ORDINARY_TEXT, { x: 60, y: 760, size: 14, font });
  return doc.save();
}
