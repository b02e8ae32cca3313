// Row-group headers in the stub: a label with no values heading each group of data rows ("Males",
// "Region: North", "PERSONS AGED 65 AND OVER"), flush left like the rows under it (no indent), set
// in italic, bold or capitals, sometimes with a little white space above it; in some variants a
// long label of five to eight words ("Households with one or more persons aged 65"); the first
// group label right under the header. Sub-variants: unruled, or rules above and below the header
// and at the foot. Truth: each group header is a row of its own with its label in column 0 and
// nothing else (as the ICDAR ground truth keeps an EU document's section heads).
import type { PDFFont } from "pdf-lib";
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, sample, STYLES, type Rng } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { fitValueColumns, placeHeader, placeValues } from "../value-columns";

const SETS: Array<{ groups: string[]; rows: string[] }> = [
  {
    groups: ["Males", "Females"],
    rows: ["Under 25 years", "25 to 34 years", "35 to 44 years", "45 to 54 years", "55 to 64 years", "65 years and over"],
  },
  {
    groups: ["Region: North", "Region: South", "Region: East", "Region: West"],
    rows: ["Urban areas", "Rural areas", "Capital city", "Other cities"],
  },
  {
    groups: ["Employed persons", "Unemployed persons", "Persons outside the labour force"],
    rows: ["Primary education", "Secondary education", "Tertiary education", "No answer"],
  },
  {
    groups: [
      "Households with one or more persons aged 65",
      "Households with dependent children under 18",
      "Households of one adult with no children",
    ],
    rows: ["Owner occupied", "Rented, private", "Rented, social", "Rent free"],
  },
  { groups: ["Public sector", "Private sector"], rows: ["Full-time", "Part-time", "Temporary", "Self-employed", "Family workers"] },
];

function labelsFor(rng: Rng): { groups: string[]; rows: string[][] } {
  const set = pick(rng, SETS);
  const groups = set.groups.slice(0, int(rng, 2, set.groups.length));
  return { groups, rows: groups.map(() => sample(rng, set.rows, int(rng, 2, Math.min(5, set.rows.length)))) };
}

export const rowGroupHeaders: Family = {
  name: "row-group-headers",
  about:
    "labels without values heading groups of rows in the stub (italic, bold or capitals, not indented): each a row of its own in column 0",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const italic = await fonts.italic(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 2, 5);
    const style = pick(rng, STYLES);
    const { groups, rows } = labelsFor(rng);
    // Sub-variants: 0 italic, 1 bold, 2 capitals (regular); white space above each group label in
    // every other variant; rules above and below the header and at the foot in every third.
    const look = variant % 3;
    const air = variant % 2 === 0;
    const ruled = variant % 4 === 3;
    const groupFont: PDFFont = look === 0 ? italic : look === 1 ? font.bold : font.regular;
    const groupText = (g: string) => (look === 2 ? g.toUpperCase() : g);
    const header = [pick(rng, ["Characteristic", "", "Category"]), ...columnNames(rng, cols)];
    const body = rows.map((group) => group.map(() => Array.from({ length: cols }, () => numberText(rng, style))));
    // The stub fits its row labels; a long group label runs on over the value columns (it is alone
    // on its line), as statistical tables print them.
    const stubWidth =
      Math.max(...rows.flat().map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize(header[0]!, size)) +
      int(rng, 12, 30);
    const gap = int(rng, 14, 26);
    const widths = header
      .slice(1)
      .map((h, c) =>
        Math.max(font.bold.widthOfTextAtSize(h, size), ...body.flat().map((r) => font.regular.widthOfTextAtSize(r[c]!, size))),
      );
    const x = int(rng, 50, 90);
    let y = int(rng, 80, 140);
    const pitch = size * (1.25 + rng() * 0.25);
    const fitted = fitValueColumns(cols, header, widths, x + stubWidth, gap, canvas.width);
    cols = fitted.cols;
    const { rights, right } = fitted;
    const cells: TruthCell[] = [];
    if (ruled) canvas.hline(x, right, y - size * 0.4, 0.5);
    const named = header[0] !== "";
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    if (!named)
      cells.splice(
        cells.findIndex((c) => c.col === 0),
        1,
      );
    y += pitch;
    if (ruled) canvas.hline(x, right, y, 0.5);
    y += size * 0.4;
    let row = 1;
    groups.forEach((g, k) => {
      if (air && k > 0) y += size * 0.6;
      const label = groupText(g);
      cells.push({ row, col: 0, rowSpan: 1, colSpan: 1, text: label, box: canvas.displayedBox(canvas.text(label, x, y, size, groupFont)) });
      row++;
      y += pitch;
      rows[k]!.forEach((l, r) => {
        cells.push({ row, col: 0, rowSpan: 1, colSpan: 1, text: l, box: canvas.displayedBox(canvas.text(l, x, y, size, font.regular)) });
        placeValues(canvas, cells, row, body[k]![r]!.slice(0, cols), rights, y, size, font.regular);
        row++;
        y += pitch;
      });
    });
    if (ruled) canvas.hline(x, right, y - size * 0.2, 0.5);
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated row-group-headers table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
