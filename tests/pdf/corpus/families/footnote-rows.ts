// Footnote lines right under a table (smaller text, notes, source line, sometimes a rule between):
// they are not rows of the table (the ICDAR ground truth leaves notes out).
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

const NOTES = [
  "* Provisional figures.",
  "(1) Break in series in 2015.",
  "Source: national statistical offices.",
  "Note: totals may not add up due to rounding.",
  "e = estimate; p = provisional.",
  "(2) Excluding overseas departments.",
];

export const footnoteRows: Family = {
  name: "footnote-rows",
  about: "footnote lines under a table are not table rows",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const style = pick(rng, STYLES);
    const labels = rowLabels(rng, int(rng, 4, 8));
    // A note marker on one row label, as printed tables do.
    const marked = int(rng, 0, labels.length - 1);
    labels[marked] = `${labels[marked]} (1)`;
    const plan = simplePlan(
      [pick(rng, ["Country", "Item", "Sector"]), ...columnNames(rng, cols)],
      labels.map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const x = int(rng, 60, 110);
    const y = int(rng, 80, 160);
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 14, 30), pitch: 1.45 });
    const ruled = variant % 2 === 0;
    if (ruled) {
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
    }
    let noteY = drawn.box[3] + size * (variant % 3 === 0 ? 0.9 : 1.4);
    const noteSize = Math.max(6, size - int(rng, 1, 2));
    for (const note of sample(rng, NOTES, int(rng, 1, 3))) {
      canvas.text(note, x, noteY, noteSize, font.regular);
      noteY += noteSize * 1.35;
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
