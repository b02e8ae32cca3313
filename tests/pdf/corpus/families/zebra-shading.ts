// Zebra shading without rules: every other body row on a grey band (sometimes the header on a
// darker one); the shading is decoration, rows come from the text.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import { columnWidths, drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

export const zebraShading: Family = {
  name: "zebra-shading",
  about: "alternate grey row bands and no rules",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 6);
    const style = pick(rng, STYLES);
    const plan = simplePlan(
      [pick(rng, ["Country", "Item", "Sector"]), ...columnNames(rng, cols)],
      rowLabels(rng, int(rng, 5, 10)).map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const x = int(rng, 60, 100);
    const y = int(rng, 80, 160);
    const pitch = 1.6 + rng() * 0.4;
    // Shading first (it lies under the text): a band per row, from half a gap above the text.
    const colGap = int(rng, 14, 30);
    const probe = drawTableBox(plan.body.length + 1, y, size, pitch);
    const shadedHeader = variant % 2 === 0;
    const widths = columnWidths(plan, { size, font: font.regular, headerFont: font.bold, colGap });
    const width = widths.reduce((a, b) => a + b, 0) + colGap * (widths.length - 1);
    for (let r = 0; r < probe.length; r++) {
      const [top, bottom] = probe[r]!;
      if (r === 0 && shadedHeader) canvas.fillRect(x - 4, top, width + 8, bottom - top, 0.72);
      else if (r > 0 && r % 2 === 1) canvas.fillRect(x - 4, top, width + 8, bottom - top, variant % 3 === 0 ? 0.9 : 0.84);
    }
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch });
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};

function drawTableBox(rows: number, y: number, size: number, pitch: number): Array<[number, number]> {
  const step = size * pitch;
  return Array.from(
    { length: rows },
    (_, r) => [y + r * step - (step - size) / 2, y + r * step + size + (step - size) / 2] as [number, number],
  );
}
