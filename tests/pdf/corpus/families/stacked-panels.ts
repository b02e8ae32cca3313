// Two or three stacked blocks of one statistical table, each under its OWN line of column names
// that does not repeat the first (a block of counts under "Country | 2019 2020 2021", then a block
// of percentages under "Share (%) | 2019 2020 2021"; or a second panel naming other measures),
// set as close as the rows: detection's repeated-header cut (splitAtRepeatedHeader) does not see
// them, so they come out of it as ONE region. Ground truth: one table per block, as in
// stacked-repeat-header: each block's header line is its own.
import { Canvas } from "../canvas";
import { columnNames, int, MEASURES, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { columnWidths, drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";
import type { TruthTable } from "../truth";

export const stackedPanels: Family = {
  name: "stacked-panels",
  about: "stacked blocks under their own, different lines of column names, one region to detection, are separate tables",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const stubs = ["Country", "Item", "Sector", "Region", "Number", "Total"];
    const names = columnNames(rng, cols);
    const blocks = variant % 3 === 2 ? 3 : 2;
    // Even variants: the same column names under another stub head (counts, then shares); odd
    // variants: every block names other measures.
    const headers = Array.from({ length: blocks }, (_, k) => {
      if (variant % 2 === 0)
        return [k === 0 ? pick(rng, stubs.slice(0, 4)) : pick(rng, ["Share (%)", "Percent", "Index", "Change (%)"]), ...names];
      return [pick(rng, stubs), ...sample(rng, MEASURES, cols)];
    });
    const plans = headers.map((header, k) => {
      const style = k === 0 ? pick(rng, STYLES) : "percent";
      return simplePlan(
        header,
        rowLabels(rng, int(rng, 3, 6)).map((label) => [label, ...numberRow(rng, cols, style)]),
      );
    });
    const colGap = int(rng, 14, 30);
    // One set of column widths for all blocks: one table's layout.
    const widths = plans
      .map((p) => columnWidths(p, { size, font: font.regular, headerFont: font.bold, colGap }))
      .reduce((a, b) => a.map((w, k) => Math.max(w, b[k]!)));
    const x = int(rng, 60, 110);
    let y = int(rng, 70, 120);
    const pitch = 1.4;
    const tables: TruthTable[] = [];
    for (const plan of plans) {
      const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch, widths });
      tables.push({ page: 1, cells: drawn.cells, headerRows: drawn.headerRows });
      // The next block's header line follows at one to two line pitches: as close as its rows.
      y = drawn.box[3] + size * (pitch - 1 + rng() * 1.0) + size * 0.4;
    }
    canvas.finish();
    return tables;
  },
};
