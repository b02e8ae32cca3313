// Column names set vertically, reading bottom to top, over many narrow value columns (EU indicator
// tables, survey tables by category): each name is a single rotated run standing on the header's
// bottom line, centred over its column, the stub's name upright at the bottom left (or none).
// Sub-variants: 0 unruled with one rule under the header, 1 a full grid (every row and column
// ruled), 2 rules above and below the header and at the foot; every fifth variant two upright
// bands over the names. Truth: each rotated name is its column's header cell with its text in
// reading order; a band is a spanning cell of the line above.
import { Canvas } from "../canvas";
import { int, numberText, pick, rowLabels, sample, type NumberStyle } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

const NAMES = [
  "Agriculture",
  "Manufacturing",
  "Construction",
  "Retail trade",
  "Transport",
  "Information",
  "Finance",
  "Real estate",
  "Public sector",
  "Education",
  "Health care",
  "Households",
  "Total employment",
  "Self-employed",
  "Part-time workers",
  "Temporary contracts",
  "Unemployment rate",
  "Labour cost index",
  "Net migration",
  "Population density",
];
const STYLES: readonly NumberStyle[] = ["decimal", "percent"];

export const verticalHeader: Family = {
  name: "vertical-header",
  about: "column names rotated to read bottom to top over narrow value columns: each is its column's header cell",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 7, 9);
    const cols = int(rng, 5, 11);
    const names = sample(rng, NAMES, cols);
    const labels = rowLabels(rng, int(rng, 5, 12));
    const style = variant % 4 === 3 ? "thousands" : pick(rng, STYLES);
    const ruling = variant % 3;
    const stubName = variant % 2 === 0 ? pick(rng, ["Country", "Region", "Item"]) : "";
    // Every fifth variant (from the third) sets two upright bands over the rotated names, each
    // over half the columns with a short rule under it (Eurostat style).
    const banded = variant % 5 === 2;
    const bands = banded ? [pick(rng, ["Industry", "Goods", "Men"]), pick(rng, ["Services", "Other", "Women"])] : [];
    const body = labels.map(() => Array.from({ length: cols }, () => numberText(rng, style)));
    const pad = size * 0.4;
    // A column is as wide as its widest value (the names stand one line high across it).
    const colWidth = Math.max(size * 1.3, ...body.flat().map((t) => font.regular.widthOfTextAtSize(t, size))) + pad * 2;
    const headerHeight = Math.max(...names.map((n) => font.bold.widthOfTextAtSize(n, size))) + pad * 2;
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), stubName ? font.bold.widthOfTextAtSize(stubName, size) : 0) +
      pad * 2 +
      int(rng, 0, 10);
    const x = int(rng, 50, 90);
    const y = int(rng, 70, 120);
    const pitch = size * (ruling === 1 ? 1.6 : 1.3 + rng() * 0.2);
    const colLeft = (c: number) => x + stubWidth + (c - 1) * colWidth;
    const right = colLeft(cols + 1);
    const bandHeight = banded ? size * 1.8 : 0;
    const headerBottom = y + bandHeight + headerHeight;
    const cells: TruthCell[] = [];
    const half = Math.ceil(cols / 2);
    bands.forEach((b, k) => {
      const [c0, c1] = k === 0 ? [1, half] : [half + 1, cols];
      const x0 = colLeft(c0);
      const x1 = colLeft(c1 + 1);
      const w = font.bold.widthOfTextAtSize(b, size);
      cells.push({
        row: 0,
        col: c0,
        rowSpan: 1,
        colSpan: c1 - c0 + 1,
        text: b,
        box: canvas.displayedBox(canvas.text(b, (x0 + x1 - w) / 2, y + pad, size, font.bold)),
      });
      // A short rule under the band; in the grid it is the band cell's lower edge.
      if (ruling === 1) canvas.hline(x0, x1, y + bandHeight - size * 0.3, 0.5);
      else canvas.hline(x0 + 2, x1 - 2, y + bandHeight - size * 0.3, 0.5);
    });
    const nameRow = banded ? 1 : 0;
    names.forEach((n, k) => {
      // Centred across the column: the rotated run is one em wide.
      const left = colLeft(k + 1) + (colWidth - size) / 2;
      cells.push({
        row: nameRow,
        col: k + 1,
        rowSpan: 1,
        colSpan: 1,
        text: n,
        box: canvas.displayedBox(canvas.textUp(n, left, headerBottom - pad, size, font.bold)),
      });
    });
    if (stubName)
      cells.push({
        row: nameRow,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: stubName,
        box: canvas.displayedBox(canvas.text(stubName, x + pad, headerBottom - pad - size, size, font.bold)),
      });
    let top = headerBottom;
    body.forEach((values, r) => {
      const ty = top + (pitch - size) / 2;
      cells.push({
        row: nameRow + r + 1,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: labels[r]!,
        box: canvas.displayedBox(canvas.text(labels[r]!, x + pad, ty, size, font.regular)),
      });
      values.forEach((t, c) => {
        const w = font.regular.widthOfTextAtSize(t, size);
        cells.push({
          row: nameRow + r + 1,
          col: c + 1,
          rowSpan: 1,
          colSpan: 1,
          text: t,
          box: canvas.displayedBox(canvas.text(t, colLeft(c + 2) - pad - w, ty, size, font.regular)),
        });
      });
      top += pitch;
      if (ruling === 1) canvas.hline(x, right, top, 0.5);
    });
    // Rules: under the header always; a frame and column lines in the grid; top and foot in 2.
    canvas.hline(x, right, headerBottom, 0.75);
    if (ruling >= 1) {
      canvas.hline(x, right, y, 0.75);
      canvas.hline(x, right, top, 0.75);
    }
    // Column lines; inside a band they start under it (a band is one merged cell).
    if (ruling === 1)
      for (let c = 0; c <= cols + 1; c++)
        canvas.vline(c === 0 ? x : colLeft(c), banded && c > 1 && c <= cols && c !== half + 1 ? y + bandHeight - size * 0.3 : y, top, 0.5);
    if (top > canvas.height - 20 || right > canvas.width - 10)
      throw new Error(`generated vertical-header table does not fit its page: ${Math.round(right)} x ${Math.round(top)}`);
    canvas.finish();
    return [{ page: 1, cells, headerRows: nameRow + 1 }];
  },
};
