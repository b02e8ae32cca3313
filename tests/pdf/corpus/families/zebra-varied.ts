// Zebra shading without rulings, its pattern drawn: every other row, pairs of rows, every third
// row, from the first body row or the second; bands across the whole table or from the first value
// column; a dark header band with white text in some draws. The shading is decoration: every row
// is one row of cells whatever its band, and a shaded rectangle is no cell.
import { Canvas } from "../canvas";
import { columnNames, int, pick } from "../content";
import type { Family } from "../family";
import { drawLook, fitLook, headerLine, variedLabel, variedNumber, variedWidths, drawVaried } from "../varied";

export const zebraVaried: Family = {
  name: "zebra-varied",
  about: "shaded row bands in varied patterns and widths, no rulings",
  async build({ doc, fonts, rng }) {
    const look = await drawLook(rng, fonts, { rulings: ["none"] });
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const cols = int(rng, 2, 7);
    const rows = Array.from({ length: int(rng, 5, 14) }, () => ({
      cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, look.format))],
    }));
    const plan = { headerLines: [headerLine([pick(rng, ["", "Item", "Area"]), ...columnNames(rng, cols)])], rows };
    const fitted = fitLook(plan, look, canvas.width);
    const period = pick(rng, [2, 2, 3, 4]);
    const run = period === 4 ? 2 : 1;
    const phase = int(rng, 0, 1);
    const fromValues = rng() < 0.3;
    const grey = 0.78 + rng() * 0.16;
    const margin = int(rng, 0, 6);
    // The bands go under the text: laid out from the same widths the drawer will use.
    const widths = variedWidths(plan, fitted);
    const step = fitted.size * fitted.pitch;
    const x0 = fromValues ? fitted.x + widths[0]! + fitted.colGap / 2 : fitted.x - margin;
    const x1 = fitted.x + widths.reduce((a, b) => a + b, 0) + fitted.colGap * (widths.length - 1) + margin;
    const bandTop = (row: number) => fitted.y + row * step - (step - fitted.size) / 2;
    rows.forEach((_, k) => {
      if ((k + phase) % period < run) canvas.fillRect(x0, bandTop(k + 1), x1 - x0, step, grey);
    });
    if (rng() < 0.3) canvas.fillRect(fitted.x - margin, bandTop(0), x1 - fitted.x + margin, step, 0.55 + rng() * 0.15);
    const drawn = drawVaried(canvas, plan, fitted);
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: 1 }];
  },
};
