// A multi-page test document for the job page's "pages as they finish": every page has
// a heading and a ruled table whose values name the page, so a test can tell page 1's table from
// page 2's (and see that page 2's is not there yet).
import fs from "node:fs";
import { TestPdf } from "../../tests/pdf/make-pdf";

/** The item in the first body row of page `page`'s table. */
export const firstItemOf = (page: number) => `Apples p${page}`;

export async function tablePagesPdfBytes(pages: number): Promise<Uint8Array> {
  const pdf = await TestPdf.create();
  for (let k = 1; k <= pages; k++) {
    const page = pdf.addPage();
    pdf.text(page, `Stock on page ${k}`, 60, 60, 16, true);
    pdf.table(page, {
      x: 60,
      y: 100,
      colWidths: [120, 80, 80],
      rowHeight: 20,
      style: "grid",
      rows: [
        ["Item", "Qty", "Price"],
        [firstItemOf(k), String(k + 2), "1.20"],
        [`Pears p${k}`, "12", "0.80"],
        [`Plums p${k}`, "7", "2.10"],
      ],
    });
  }
  return new Uint8Array(fs.readFileSync(await pdf.save(`table-pages-${pages}`)));
}
