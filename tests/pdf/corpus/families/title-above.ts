// A title line above a table: bold, as large as or larger than the header, sometimes as wide; it
// names the table and is not a header line (the ground truth leaves it out).
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

export const titleAbove: Family = {
  name: "title-above",
  about: "a bold title line above the table is not its header",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 11);
    const cols = int(rng, 2, 5);
    const rows = int(rng, 4, 9);
    const style = pick(rng, STYLES);
    const header = ["", ...columnNames(rng, cols)];
    if (variant % 2 === 1) header[0] = pick(rng, ["Country", "Item", "Sector"]);
    const plan = simplePlan(
      header,
      rowLabels(rng, rows).map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const x = int(rng, 60, 110);
    let y = int(rng, 70, 140);
    // Some prose first, so the title is not simply the first line of the page.
    if (variant % 3 !== 0) {
      canvas.text("The figures below are provisional and may be revised in the next release.", x, y, size, font.regular);
      y += size * 2.5;
    }
    const titleSize = variant % 2 === 0 ? size : size + 2;
    canvas.text(
      `Table ${int(rng, 1, 40)}. ${pick(rng, ["Imports", "Output", "Employment", "Prices"])} by ${pick(rng, ["country", "product", "sector"])}, ${pick(rng, ["EUR m", "tonnes", "index 2015=100"])}`,
      x,
      y,
      titleSize,
      font.bold,
    );
    y += titleSize * (1.6 + rng());
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 14, 30), pitch: 1.45 });
    if (variant % 3 === 2) {
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
