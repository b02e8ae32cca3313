// Ruled boxes that hold unruled rows: each group of two to five rows framed by a stroked box (some
// draws divide the columns inside with vertical rules), the rows inside set apart only by space.
// Each row is a row of cells: a reader that takes each box for one cell delivers a cell of many lines.
import { Canvas } from "../canvas";
import { columnNames, int, pick } from "../content";
import type { Family } from "../family";
import { drawLook, drawVaried, fitLook, headerLine, variedLabel, variedNumber, variedWidths, type VariedRow } from "../varied";

export const ruledGroupBoxes: Family = {
  name: "ruled-group-boxes",
  about: "a ruled box around each group of rows, no rules between the rows inside",
  async build({ doc, fonts, rng }) {
    const look = await drawLook(rng, fonts, { rulings: ["none"] });
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const cols = int(rng, 2, 6);
    const groups = Array.from({ length: int(rng, 2, 4) }, () => int(rng, 2, 5));
    const gap = 0.4 + rng() * 0.6;
    const rows: VariedRow[] = [];
    groups.forEach((n, g) => {
      for (let k = 0; k < n; k++)
        rows.push({
          cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, look.format))],
          gapBefore: k === 0 && g > 0 ? gap : 0,
        });
    });
    const plan = { headerLines: [headerLine([pick(rng, ["", "Item", "Group"]), ...columnNames(rng, cols)])], rows };
    const fitted = fitLook(plan, look, canvas.width);
    const widths = variedWidths(plan, fitted);
    const step = fitted.size * fitted.pitch;
    const left = fitted.x - 4;
    const right = fitted.x + widths.reduce((a, b) => a + b, 0) + fitted.colGap * (widths.length - 1) + 4;
    const dividers = rng() < 0.4;
    const boxedHeader = rng() < 0.5;
    // The boxes are stroked outlines (no fill), drawn from the rows' places before the text.
    let y = fitted.y;
    const frame = (top: number, bottom: number) => {
      canvas.hline(left, right, top, 0.6);
      canvas.hline(left, right, bottom, 0.6);
      canvas.vline(left, top, bottom, 0.6);
      canvas.vline(right, top, bottom, 0.6);
      if (dividers) {
        let at = fitted.x;
        for (let c = 0; c < widths.length - 1; c++) {
          at += widths[c]! + fitted.colGap;
          canvas.vline(at - fitted.colGap / 2, top, bottom, 0.4);
        }
      }
    };
    const pad = (step - fitted.size) / 2;
    if (boxedHeader) frame(y - pad, y + fitted.size + pad);
    y += step;
    groups.forEach((n, g) => {
      y += (g > 0 ? gap : 0) * step;
      frame(y - pad, y + (n - 1) * step + fitted.size + pad);
      y += n * step;
    });
    const drawn = drawVaried(canvas, plan, fitted);
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: 1 }];
  },
};
