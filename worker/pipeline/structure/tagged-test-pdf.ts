// Test PDFs with a tagged structure tree (Tagged PDF, ISO 32000 §14.7-14.8), built with pdf-lib's
// low-level objects: each cell's text drawn inside a marked-content section (BDC /TD <</MCID n>>
// ... EMC), and a StructTreeRoot > Table > TR > TH/TD whose leaves name those MCIDs, with the
// page's ParentTree entry. `tags` may group the drawn texts differently from how they are laid
// out, to make a tree that disagrees with the page's geometry.
import { PDFDocument, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, StandardFonts, type PDFRef } from "pdf-lib";

export interface TaggedText {
  text: string;
  /** Top-left of the text, top-left page coordinates. */
  x: number;
  y: number;
}

/** `rows` are the tree's rows: each cell lists the indices (into `texts`) of the texts it holds;
 * the first `headerRows` rows are TH cells. */
export async function makeTaggedTablePdf(texts: TaggedText[], rows: number[][][], headerRows = 1, size = 10): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const context = doc.context;
  // The property list is written as raw operand text (pdf-lib's operator arguments do not take a
  // dictionary object).
  texts.forEach((t, mcid) => {
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), `<< /MCID ${mcid} >>`]));
    page.drawText(t.text, { x: t.x, y: page.getHeight() - t.y - size * 0.8, size, font });
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  });
  const rootRef = context.nextRef();
  const tableRef = context.nextRef();
  const byMcid: PDFRef[] = [];
  const rowRefs: PDFRef[] = [];
  rows.forEach((row, r) => {
    const rowRef = context.nextRef();
    const cellRefs = row.map((mcids) => {
      const cellRef = context.nextRef();
      context.assign(cellRef, context.obj({ Type: "StructElem", S: r < headerRows ? "TH" : "TD", P: rowRef, Pg: page.ref, K: mcids }));
      for (const mcid of mcids) byMcid[mcid] = cellRef;
      return cellRef;
    });
    context.assign(rowRef, context.obj({ Type: "StructElem", S: "TR", P: tableRef, K: cellRefs }));
    rowRefs.push(rowRef);
  });
  context.assign(tableRef, context.obj({ Type: "StructElem", S: "Table", P: rootRef, K: rowRefs }));
  const parentTree = context.obj({ Nums: [0, byMcid] });
  context.assign(rootRef, context.obj({ Type: "StructTreeRoot", K: [tableRef], ParentTree: parentTree }));
  page.node.set(PDFName.of("StructParents"), PDFNumber.of(0));
  doc.catalog.set(PDFName.of("StructTreeRoot"), rootRef);
  doc.catalog.set(PDFName.of("MarkInfo"), context.obj({ Marked: true }));
  return doc.save();
}
