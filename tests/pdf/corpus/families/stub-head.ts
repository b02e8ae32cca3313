// A multi-line header whose stub label ("Characteristic", "Area and year") is set ONCE for all
// header lines, bottom-aligned with the leaf names or vertically centred across the header block;
// column bands above the leaf names (in every third variant a band over all value columns above
// them); in some variants a units line ("(Percent)", "(Thousands)") under each band, in others
// one under the table's title; every other variant ruled only above and below the header (and
// at the foot). Truth: the bands as spanning cells of the lines above the leaf line; a units line
// under a band is part of its band's cell (one label printed on two lines, as a wrapped name is
// one cell); the title and a units line under it are not the table's. The stub label is a cell of
// the leaf line: the ICDAR ground truth spans such a label over every header line (an EU document's
// "Country"), which the result format (leaf names plus bands) cannot carry, so the truth keeps it
// where that format puts it, as the multi-level-header family does.
import { Canvas } from "../canvas";
import { BANDS, columnNames, int, numberText, pick, rowLabels, sample, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

const STUB_NAMES = ["Characteristic", "Area and year", "Country", "Selected characteristic", "Item"];
const UNITS = ["(Percent)", "(Thousands)", "(Millions of dollars)", "(Number)", "(Rate per 1,000)"];
const TOP = ["Labor force status", "Persons employed", "Households", "Value added"];

export const stubHead: Family = {
  name: "stub-head",
  about:
    "a stub label set once across a multi-line header (bottom-aligned or centred), bands over the leaf names, units lines under a band or the title",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const size = int(rng, 8, 10);
    let groups = int(rng, 2, 3);
    const per = int(rng, 2, 3);
    let cols = groups * per;
    const style = pick(rng, STYLES);
    const stubName = pick(rng, STUB_NAMES);
    const centred = variant % 2 === 0;
    const ruled = variant % 4 >= 2;
    const top = variant % 3 === 2 ? pick(rng, TOP) : "";
    const unitsUnderBand = variant % 5 === 1 || variant % 5 === 3;
    const unitsUnderTitle = !unitsUnderBand && variant % 5 !== 4;
    const bandNames = sample(rng, BANDS, groups);
    const units = pick(rng, UNITS);
    const leaves = columnNames(rng, per);
    const labels = rowLabels(rng, int(rng, 4, 8));
    const colGap = int(rng, 12, 22);
    const pitch = size * (1.25 + rng() * 0.2);
    const x = int(rng, 50, 80);
    let y = int(rng, 70, 110);
    const valueWidth = Math.max(int(rng, 34, 46), ...leaves.map((l) => font.bold.widthOfTextAtSize(l, size) + 4));
    const bandWidth = per * valueWidth + (per - 1) * colGap;
    const needBand = Math.max(
      ...bandNames.map((b) => font.bold.widthOfTextAtSize(b, size)),
      unitsUnderBand ? font.bold.widthOfTextAtSize(units, size) : 0,
    );
    const width = needBand > bandWidth ? valueWidth + (needBand - bandWidth) / per + 2 : valueWidth;
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize(stubName, size)) +
      int(rng, 12, 28);
    const colX = (c: number) => x + stubWidth + (c - 1) * (width + colGap);
    // Long leaf names on nine columns: as many bands as a landscape page holds.
    while (groups > 2 && colX(cols) + width > 832) {
      groups--;
      cols = groups * per;
      bandNames.pop();
    }
    const right = colX(cols) + width;
    // A table too wide for a portrait page on a landscape one.
    const canvas = right > 585 ? Canvas.add(doc, { width: 842, height: 595 }) : Canvas.add(doc);
    // The title (and its units line): above the table, not part of it.
    canvas.text(
      `Table ${int(rng, 1, 30)}. ${pick(rng, ["Employment", "Households", "Income", "Population"])} by ${stubName.toLowerCase()}`,
      x,
      y,
      size + 1,
      font.bold,
    );
    y += (size + 1) * 1.4;
    if (unitsUnderTitle) {
      canvas.text(units, x, y, size, font.regular);
      y += size * 1.4;
    }
    y += size * 0.8;
    const cells: TruthCell[] = [];
    const put = (row: number, col: number, colSpan: number, text: string, left: number, at: number, bold: boolean) => {
      const f = bold ? font.bold : font.regular;
      return { row, col, rowSpan: 1, colSpan, text, box: canvas.text(text, left, at, size, f) };
    };
    if (ruled) canvas.hline(x, right, y - size * 0.5);
    const headerTop = y;
    let row = 0;
    const pending: Array<ReturnType<typeof put>> = [];
    if (top) {
      const w = font.bold.widthOfTextAtSize(top, size);
      pending.push(put(row, 1, cols, top, (colX(1) + right - w) / 2, y, true));
      canvas.hline(colX(1), right, y + size * 1.15, 0.5);
      row++;
      y += pitch * 1.1;
    }
    bandNames.forEach((b, g) => {
      const x0 = colX(1 + g * per);
      const x1 = colX((g + 1) * per) + width;
      const w = font.bold.widthOfTextAtSize(b, size);
      const cell = put(row, 1 + g * per, per, b, (x0 + x1 - w) / 2, y, true);
      if (unitsUnderBand) {
        const uw = font.regular.widthOfTextAtSize(units, size);
        const ub = canvas.text(units, (x0 + x1 - uw) / 2, y + pitch, size, font.regular);
        cell.text = `${b} ${units}`;
        cell.box = [Math.min(cell.box[0], ub[0]), cell.box[1], Math.max(cell.box[2], ub[2]), ub[3]];
      }
      pending.push(cell);
      canvas.hline(x0, x1, y + (unitsUnderBand ? pitch : 0) + size * 1.15, 0.5);
    });
    row++;
    y += pitch * (unitsUnderBand ? 2.1 : 1.1);
    // Leaf names right-aligned over their numbers.
    for (let c = 1; c <= cols; c++) {
      const t = leaves[(c - 1) % per]!;
      pending.push(put(row, c, 1, t, colX(c) + width - font.bold.widthOfTextAtSize(t, size), y, true));
    }
    const headerBottom = y + size;
    // The stub label, once: on the leaf line, or centred on the whole header block.
    const stubY = centred ? (headerTop + headerBottom - size) / 2 : y;
    pending.push(put(row, 0, 1, stubName, x, stubY, true));
    const headerRows = row + 1;
    for (const p of pending) cells.push({ ...p, box: canvas.displayedBox(p.box) });
    row++;
    y += pitch;
    if (ruled) canvas.hline(x, right, y - size * 0.1);
    y += size * 0.5;
    for (const label of labels) {
      cells.push({
        row,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: label,
        box: canvas.displayedBox(canvas.text(label, x, y, size, font.regular)),
      });
      for (let c = 1; c <= cols; c++) {
        const t = numberText(rng, style);
        cells.push({
          row,
          col: c,
          rowSpan: 1,
          colSpan: 1,
          text: t,
          box: canvas.displayedBox(canvas.text(t, colX(c) + width - font.regular.widthOfTextAtSize(t, size), y, size, font.regular)),
        });
      }
      row++;
      y += pitch;
    }
    if (ruled) canvas.hline(x, right, y - size * 0.2);
    if (y > canvas.height - 20 || right > canvas.width - 10)
      throw new Error(`generated stub-head table does not fit its page: ${Math.round(right)} x ${Math.round(y)}`);
    canvas.finish();
    return [{ page: 1, cells, headerRows }];
  },
};
