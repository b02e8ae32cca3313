// A long table running over a page break: page 1 has the title, the header and as many rows as fit,
// closed by "See footnotes at end of table." or "Continued on next page" in some variants; page 2
// repeats the title with "(continued)" or "—Con." and repeats the header, then the rest of the rows
// and the notes (every fourth variant: the rows only, no header repeated). Both pages carry a
// running head and a page number. Sub-variants: unruled, rules above and below the header and at
// the table's foot, or a band over the value columns. Truth: one table per page (as the ICDAR
// ground truth keeps a table's parts on each page), each with the header lines printed over it;
// titles, "continued" lines, notes and page furniture are not the table's.
import { Canvas } from "../canvas";
import { columnNames, COUNTRIES, int, numberText, pick, PRODUCTS, STYLES, US_STATES, type Rng } from "../content";
import type { Family } from "../family";
import type { TruthCell, TruthTable } from "../truth";
import { columnRights, columnsThatFit, placeValues } from "../value-columns";

const SUBJECTS = [
  "Resident population",
  "Households and families",
  "Employment by industry",
  "Personal income",
  "Housing units",
  "Farms and land in farms",
];
const NOTES = [
  "Source: U.S. Census Bureau, annual estimates.",
  "X Not applicable.",
  "1 Includes persons of all ages.",
  "NA Not available.",
  "Note: Data are as of July 1.",
];

/** Row labels: states and then other places, or years in order (a time series). */
function labelsOf(rng: Rng, n: number): string[] {
  if (rng() < 0.6) return [...US_STATES, ...COUNTRIES, ...PRODUCTS].slice(0, n);
  const start = int(rng, 1900, 1950);
  return Array.from({ length: n }, (_, k) => String(start + k));
}

export const continuedTable: Family = {
  name: "continued-table",
  about: "a table running over a page break, the second page repeating the title with '(continued)' and the header: one table per page",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const size = int(rng, 8, 10);
    let cols = int(rng, 3, 6);
    const style = pick(rng, STYLES);
    const subject = pick(rng, SUBJECTS);
    const number = int(rng, 1, 60);
    const stubName = pick(rng, ["State", "Area", "Year", "Geographic area"]);
    const names = columnNames(rng, cols);
    // Sub-variants: 0 unruled, 1 rules above and below the header and at the foot, 2 a band over
    // the value columns with its own rule under it; "(continued)" or "—Con."; a closing line on
    // page 1 in two of three variants.
    const rules = variant % 3;
    const conTitle = variant % 2 === 0 ? " (continued)" : "\u2014Con.";
    const closing = variant % 3 === 1 ? "" : pick(rng, ["See footnotes at end of table.", "Continued on next page."]);
    const band = pick(rng, ["Number", "Percent change", "Rate per 1,000 population", "Thousands"]);
    // Every fourth variant does not repeat the header (nor the band) on page 2: the part there
    // is body rows only.
    const repeatHeader = variant % 4 !== 3;
    const pitch = size * (1.2 + rng() * 0.25);
    const x = int(rng, 50, 80);
    const top = int(rng, 60, 90);
    // Enough labels for the smallest type's two pages (~70 rows on page 1, up to 14 on page 2).
    const labels = labelsOf(rng, 99);
    const widths = names.map((n) => Math.max(font.bold.widthOfTextAtSize(n, size), font.regular.widthOfTextAtSize("88,888", size)));
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize(stubName, size)) +
      int(rng, 10, 24);
    const gap = int(rng, 12, 22);
    cols = columnsThatFit(cols, x + stubWidth, Math.max(...widths), gap, 595);
    names.length = cols;
    widths.length = cols;
    const rights = columnRights(x + stubWidth, widths, gap);
    const right = rights[cols - 1]!;
    const bottom = 842 - 70;
    const secondRows = int(rng, 4, 14);
    const tables: TruthTable[] = [];
    let next = 0;
    for (const page of [1, 2]) {
      const canvas = Canvas.add(doc);
      canvas.text(pick(rng, ["Population", "Statistical Abstract", "Annual Report 2024"]), x, 30, size - 1, font.regular);
      const pageNo = String(int(rng, 2, 400));
      canvas.text(pageNo, 595 - 40 - font.regular.widthOfTextAtSize(pageNo, size - 1), 842 - 40, size - 1, font.regular);
      let y = top;
      canvas.text(`Table ${number}. ${subject} by ${stubName.toLowerCase()}${page === 2 ? conTitle : ""}`, x, y, size + 1, font.bold);
      y += (size + 1) * 1.8;
      const cells: TruthCell[] = [];
      if (rules >= 1) canvas.hline(x, right, y - size * 0.4, 0.5);
      let row = 0;
      const withHeader = page === 1 || repeatHeader;
      if (rules === 2 && withHeader) {
        const w = font.bold.widthOfTextAtSize(band, size);
        const x0 = rights[0]! - widths[0]!;
        cells.push({
          row,
          col: 1,
          rowSpan: 1,
          colSpan: cols,
          text: band,
          box: canvas.displayedBox(canvas.text(band, (x0 + right - w) / 2, y, size, font.bold)),
        });
        canvas.hline(x0, right, y + size * 1.15, 0.5);
        row++;
        y += pitch * 1.1;
      }
      // The header line: the stub's name left, the column names right-aligned on their edges.
      let headerRows = 0;
      if (withHeader) {
        cells.push({
          row,
          col: 0,
          rowSpan: 1,
          colSpan: 1,
          text: stubName,
          box: canvas.displayedBox(canvas.text(stubName, x, y, size, font.bold)),
        });
        names.forEach((n, c) =>
          cells.push({
            row,
            col: c + 1,
            rowSpan: 1,
            colSpan: 1,
            text: n,
            box: canvas.displayedBox(canvas.text(n, rights[c]! - font.bold.widthOfTextAtSize(n, size), y, size, font.bold)),
          }),
        );
        headerRows = row + 1;
        row++;
        y += pitch;
        if (rules >= 1) canvas.hline(x, right, y, 0.5);
      }
      y += size * 0.5;
      // Page 1 fills to its foot; page 2 takes the rest.
      const last = page === 1 ? Infinity : next + secondRows;
      while (next < last && y + pitch < bottom - (page === 1 && closing ? size * 3 : 0)) {
        const label = labels[next]!;
        cells.push({
          row,
          col: 0,
          rowSpan: 1,
          colSpan: 1,
          text: label,
          box: canvas.displayedBox(canvas.text(label, x, y, size, font.regular)),
        });
        placeValues(
          canvas,
          cells,
          row,
          Array.from({ length: cols }, () => numberText(rng, style)),
          rights,
          y,
          size,
          font.regular,
        );
        row++;
        next++;
        y += pitch;
      }
      if (rules >= 1) canvas.hline(x, right, y - size * 0.1, 0.5);
      y += size;
      if (page === 1 && closing) canvas.text(closing, x, y, size - 1, font.regular);
      if (page === 2) {
        for (const note of NOTES.filter(() => rng() < 0.5)) {
          canvas.text(note, x, y, size - 1, font.regular);
          y += (size - 1) * 1.35;
        }
      }
      if (y > 842 - 20 || right > 595 - 10) throw new Error("generated continued-table table does not fit its page");
      canvas.finish();
      tables.push({ page, cells, headerRows });
    }
    return tables;
  },
};
