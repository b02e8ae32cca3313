// US Census style: a long unruled table set tight (small type, narrow gutters, line pitch close to
// the type size) whose body is broken by a blank line after every five rows, to guide the eye;
// often a total row ("United States", "Total") stands alone above the first group with a blank line
// under it. No rules at all in most variants (every third: a rule above and below the header only,
// as the Statistical Abstract prints it). Truth: every printed body line is a row; a blank line is
// not a row and does not end the table (the ICDAR ground truth numbers rows straight across them).
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, STYLES, US_STATES as STATES, type Rng } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { fitValueColumns, placeHeader, placeValues } from "../value-columns";

const YEARS = Array.from({ length: 30 }, (_, k) => String(1990 + k));
const TOTALS = ["United States", "Total", "All areas"];

/** Row labels in the order a Census table prints them: states alphabetical, or a run of years. */
function stubLabels(rng: Rng, n: number): string[] {
  if (rng() < 0.7) {
    const start = int(rng, 0, STATES.length - n);
    return STATES.slice(start, start + n);
  }
  const start = int(rng, 0, YEARS.length - n);
  return YEARS.slice(start, start + n);
}

export const blankEveryFive: Family = {
  name: "blank-every-five",
  about: "a tight unruled table with a blank line after every five body rows: blank lines are neither rows nor table ends",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 7, 9);
    let cols = int(rng, 3, 7);
    const style = pick(rng, STYLES);
    const rows = int(rng, 11, 26);
    const labels = stubLabels(rng, rows);
    // Half the variants print a total row alone above the groups of five.
    const withTotal = variant % 2 === 0;
    if (withTotal) labels.unshift(pick(rng, TOTALS));
    const header = [pick(rng, ["State", "Area", "Year", "Geographic area"]), ...columnNames(rng, cols)];
    const ruled = variant % 3 === 2;
    const group = 5;
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize(header[0]!, size)) +
      int(rng, 6, 14);
    // Tight columns: a narrow gutter, each column as wide as its widest text.
    const gap = int(rng, 6, 12);
    const body = labels.map(() => Array.from({ length: cols }, () => numberText(rng, style)));
    const widths = header
      .slice(1)
      .map((h, c) => Math.max(font.bold.widthOfTextAtSize(h, size), ...body.map((r) => font.regular.widthOfTextAtSize(r[c]!, size))));
    const x = int(rng, 45, 80);
    let y = int(rng, 60, 100);
    const pitch = size * (1.1 + rng() * 0.15);
    const fitted = fitValueColumns(cols, header, widths, x + stubWidth, gap, canvas.width);
    cols = fitted.cols;
    const { rights, right } = fitted;
    const cells: TruthCell[] = [];
    if (ruled) canvas.hline(x, right, y - size * 0.4, 0.5);
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    y += pitch;
    if (ruled) canvas.hline(x, right, y, 0.5);
    y += size * 0.4;
    labels.forEach((label, r) => {
      // The blank line: one line's pitch of white space after the total row and after every fifth
      // row of each group.
      const k = withTotal ? r - 1 : r;
      if ((withTotal && r === 1) || (k > 0 && k % group === 0)) y += pitch;
      cells.push({
        row: r + 1,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: label,
        box: canvas.displayedBox(canvas.text(label, x, y, size, font.regular)),
      });
      placeValues(canvas, cells, r + 1, body[r]!.slice(0, cols), rights, y, size, font.regular);
      y += pitch;
    });
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated blank-every-five table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
