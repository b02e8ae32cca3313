// Proportional-font tables whose row labels are followed by leader dots running up to the first
// value column ("Total ..........", or spaced ". . . . ." in some variants; part of the label's
// text run in some variants, a run of their own in others), leaders of different lengths (they
// end at the same place, the labels do not), and some rows with values in only some columns.
// The dots are drawing: the truth is the label alone; empty cells are absent from the truth. (The
// monospaced-dashes family covers typewriter tables, one text run per line.)
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, rowLabels, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnRights, placeHeader, placeValues } from "../value-columns";

export const proportionalLeaders: Family = {
  name: "proportional-leaders",
  about: "proportional-font stub labels with dot leaders up to the first value column, some values missing",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const style = pick(rng, STYLES);
    const labels = rowLabels(rng, int(rng, 5, 10));
    const header = [pick(rng, ["Item", "Country", "Sector", "Product"]), ...columnNames(rng, cols)];
    const spaced = variant % 3 === 2;
    const ownRun = variant % 2 === 1;
    const leader = spaced ? " ." : ".";
    // Rows with a gap: some cells (never the whole row) left empty.
    const body = labels.map((label) => {
      const sparse = rng() < 0.35;
      const values = Array.from({ length: cols }, (): string => (sparse && rng() < 0.5 ? "" : numberText(rng, style)));
      if (!values.some((v) => v !== "")) values[int(rng, 0, cols - 1)] = numberText(rng, style);
      return [label, ...values];
    });
    const labelWidth = Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)));
    const stubWidth = labelWidth + int(rng, 25, 60);
    const gap = int(rng, 12, 24);
    const widths = header
      .slice(1)
      .map((h, c) => Math.max(font.bold.widthOfTextAtSize(h, size), ...body.map((r) => font.regular.widthOfTextAtSize(r[c + 1]!, size))));
    const x = int(rng, 55, 95);
    let y = int(rng, 80, 150);
    const pitch = size * (1.25 + rng() * 0.35);
    const colRight = columnRights(x + stubWidth, widths, gap);
    // The leaders end a little before the first value column's widest number.
    const leaderEnd = colRight[0]! - widths[0]! - int(rng, 3, 8);
    const cells: TruthCell[] = [];
    placeHeader(canvas, cells, header, x, colRight, y, size, font.bold);
    y += pitch * 1.5;
    body.forEach((row, r) => {
      const label = row[0]!;
      const labelW = font.regular.widthOfTextAtSize(label, size);
      const unit = font.regular.widthOfTextAtSize(leader, size);
      const space = font.regular.widthOfTextAtSize(" ", size);
      const n = Math.floor((leaderEnd - (x + labelW + space)) / unit);
      const dots = n >= 2 ? leader.repeat(n).trim() : "";
      let box: [number, number, number, number];
      if (ownRun && dots) {
        box = canvas.text(label, x, y, size, font.regular);
        const dotsW = font.regular.widthOfTextAtSize(dots, size);
        canvas.text(dots, leaderEnd - dotsW, y, size, font.regular);
      } else {
        const drawn = canvas.text(dots ? `${label} ${dots}` : label, x, y, size, font.regular);
        box = [drawn[0], drawn[1], drawn[0] + labelW, drawn[3]];
      }
      cells.push({ row: r + 1, col: 0, rowSpan: 1, colSpan: 1, text: label, box: canvas.displayedBox(box) });
      placeValues(canvas, cells, r + 1, row.slice(1), colRight, y, size, font.regular);
      y += pitch;
    });
    if (y > canvas.height - 20 || colRight[cols - 1]! > canvas.width - 15)
      throw new Error("generated proportional-leaders table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
