// Two tables side by side, each with its own header, separated by a gutter a little wider than
// their column gaps: two tables, not one with a wide gap.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

export const sideBySide: Family = {
  name: "side-by-side",
  about: "two tables next to each other are two tables",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc, { width: 842, height: 595 });
    const size = int(rng, 8, 10);
    const colGap = int(rng, 12, 20);
    const titled = variant % 2 === 0;
    const y0 = int(rng, 70, 120);
    let x = int(rng, 40, 70);
    const tables = [];
    for (let k = 0; k < 2; k++) {
      const cols = int(rng, 2, 3);
      const style = pick(rng, STYLES);
      const plan = simplePlan(
        [pick(rng, ["Country", "Item", "Sector"]), ...columnNames(rng, cols)],
        rowLabels(rng, int(rng, 4, 8)).map((label) => [label, ...numberRow(rng, cols, style)]),
      );
      let y = y0;
      if (titled) {
        canvas.text(`Table ${k + 1}: ${pick(rng, ["imports", "exports", "output", "stocks"])}`, x, y, size + 1, font.bold);
        y += size * 2.4;
      }
      const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch: 1.45 });
      if (variant % 3 === 1) {
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
      }
      tables.push({ page: 1, cells: drawn.cells, headerRows: drawn.headerRows });
      x = drawn.box[2] + colGap * (2.5 + rng() * 2);
    }
    canvas.finish();
    return tables;
  },
};
