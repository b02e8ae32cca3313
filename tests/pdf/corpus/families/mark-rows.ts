// Unruled tables in which a row holds a placeholder mark in every value column ("NA", "Z",
// "(NA)", "(X)", "–", "..."), right-aligned as the numbers are: a category with no data, or
// withheld, for every column. A row of marks is a row of values (its marks hold their columns'
// places), not a line of column names starting a second table under the first. Ground truth:
// one table, the marks as cells.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { fitValueColumns, placeHeader, placeValues } from "../value-columns";

// Bare "NA" and "Z" first: marks the table reader (tables/placeholders.ts) knows without
// parentheses; variants cycle through the list.
const MARKS = ["NA", "Z", "(NA)", "(X)", "\u2013", "..."];

export const markRows: Family = {
  name: "mark-rows",
  about: "rows holding a placeholder mark in every value column are rows of values, not a new table's header",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const style = pick(rng, STYLES);
    const header = [pick(rng, ["Item", "Area", "Industry", "Product"]), ...columnNames(rng, int(rng, 2, 5))];
    const labels = rowLabels(rng, int(rng, 5, 9));
    // The rows the mark fills: one or two, never the first (a first row of marks under the header
    // is sparse-placeholders' question).
    const mark = MARKS[variant % MARKS.length]!;
    const marked = new Set([int(rng, 1, labels.length - 1), ...(rng() < 0.5 ? [int(rng, 1, labels.length - 1)] : [])]);
    const cols = header.length - 1;
    const body = labels.map((_, r) => (marked.has(r) ? Array.from({ length: cols }, () => mark) : numberRow(rng, cols, style)));
    const stubWidth = Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size))) + int(rng, 12, 30);
    const widths = header
      .slice(1)
      .map((h, c) => Math.max(font.bold.widthOfTextAtSize(h, size), ...body.map((r) => font.regular.widthOfTextAtSize(r[c]!, size))));
    const x = int(rng, 50, 90);
    const { rights } = fitValueColumns(cols, header, widths, x + stubWidth, int(rng, 14, 26), canvas.width);
    let y = int(rng, 80, 150);
    const pitch = size * (1.3 + rng() * 0.3);
    const cells: TruthCell[] = [];
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    y += pitch * 1.5;
    body.forEach((row, r) => {
      cells.push({
        row: r + 1,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: labels[r]!,
        box: canvas.displayedBox(canvas.text(labels[r]!, x, y, size, font.regular)),
      });
      placeValues(canvas, cells, r + 1, row.slice(0, rights.length), rights, y, size, font.regular);
      y += pitch;
    });
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
