// Two or three tables stacked on one page, each repeating the same header line: the repeated
// header starts a new table (ground truth: one table per block), whether or not a caption line or
// a rule separates them.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import { columnWidths, drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";
import type { TruthTable } from "../truth";

export const stackedRepeatHeader: Family = {
  name: "stacked-repeat-header",
  about: "stacked tables that repeat their header line are separate tables",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const style = pick(rng, STYLES);
    // Every fourth variant leaves the stub column unnamed (the header line is then only the
    // column names, often years).
    const header = [variant % 4 === 2 ? "" : pick(rng, ["Country", "Item", "Sector", "Region"]), ...columnNames(rng, cols)];
    const blocks = variant % 4 === 3 ? 3 : 2;
    const plans = Array.from({ length: blocks }, () =>
      simplePlan(
        header,
        rowLabels(rng, int(rng, 3, 6)).map((label) => [label, ...numberRow(rng, cols, style)]),
      ),
    );
    const colGap = int(rng, 14, 30);
    // One set of column widths for all blocks: they line up, as stacked tables do.
    const widths = plans
      .map((p) => columnWidths(p, { size, font: font.regular, headerFont: font.bold, colGap }))
      .reduce((a, b) => a.map((w, k) => Math.max(w, b[k]!)));
    const x = int(rng, 60, 110);
    let y = int(rng, 70, 120);
    const captioned = variant % 2 === 1;
    const ruled = variant % 3 === 0;
    const tables: TruthTable[] = [];
    for (const [k, plan] of plans.entries()) {
      if (captioned) {
        canvas.text(
          `${pick(rng, ["Part", "Panel", "Section"])} ${String.fromCharCode(65 + k)}: ${pick(rng, ["first estimate", "revised", "final", "seasonally adjusted"])}`,
          x,
          y,
          size,
          font.bold,
        );
        y += size * 2;
      }
      const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch: 1.4, widths });
      if (ruled) {
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
        canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
      }
      tables.push({ page: 1, cells: drawn.cells, headerRows: drawn.headerRows });
      y = drawn.box[3] + size * (1.6 + rng() * 1.4);
    }
    canvas.finish();
    return tables;
  },
};
