// Column bands that cover only some columns, and two-level headers: a band label over two to four
// of five to eight columns (the others named on the lower line only), or an upper level repeated
// over groups (a year over each group of the same sub-headers). Some draws rule under each band,
// some rule the table, some neither. A reader that stretches a band over every column, or drops the
// upper level and counts two groups' columns as one set, gets the header wrong.
import { Canvas } from "../canvas";
import { BANDS, int, pick, sample } from "../content";
import type { HeaderLabel } from "../draw-table";
import type { Family } from "../family";
import { drawLook, drawVaried, fitLook, variedLabel, variedNumber } from "../varied";

const SUBHEADS = [
  ["Men", "Women", "Total"],
  ["Value", "Share"],
  ["Number", "%"],
  ["Q1", "Q2", "Q3", "Q4"],
  ["Low", "High"],
  ["Exports", "Imports", "Balance"],
];

export const bandSubset: Family = {
  name: "band-subset",
  about: "bands over some of the columns, or a repeated upper header level over groups of sub-headers",
  async build({ doc, fonts, rng }) {
    const look = await drawLook(rng, fonts, { rulings: ["none", "frame-lines", "none"] });
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const upper: HeaderLabel[] = [];
    const lower: HeaderLabel[] = [{ text: pick(rng, ["", "Item", "Sector"]), col: 0, colSpan: 1 }];
    let cols: number;
    if (rng() < 0.5) {
      // Two levels: an upper label over every group of the same sub-headers.
      const sub = pick(rng, SUBHEADS);
      const groups = int(rng, 2, sub.length > 2 ? 2 : 3);
      const year = int(rng, 2000, 2020);
      for (let g = 0; g < groups; g++) {
        upper.push({ text: String(year + g * int(rng, 1, 5)), col: 1 + g * sub.length, colSpan: sub.length });
        sub.forEach((text, k) => lower.push({ text, col: 1 + g * sub.length + k, colSpan: 1 }));
      }
      cols = groups * sub.length;
    } else {
      // One band over a run of columns; the rest named below only.
      cols = int(rng, 5, 8);
      const span = int(rng, 2, Math.min(4, cols - 1));
      const start = 1 + int(rng, 0, cols - span);
      upper.push({ text: pick(rng, BANDS), col: start, colSpan: span });
      // A second band elsewhere in some draws.
      if (rng() < 0.4 && start - 1 >= 2)
        upper.push({
          text: pick(
            rng,
            BANDS.filter((b) => b !== upper[0]!.text),
          ),
          col: 1,
          colSpan: start - 1,
        });
      const names = sample(rng, ["Total", "Rate", "Change", "Units", "Value", "Share", "Stock", "Flow", "Net"], cols);
      names.forEach((text, k) => lower.push({ text, col: k + 1, colSpan: 1 }));
    }
    const rows = Array.from({ length: int(rng, 4, 10) }, () => ({
      cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, look.format))],
    }));
    const plan = { headerLines: [upper, lower], rows };
    const fitted = fitLook(plan, look, canvas.width);
    const drawn = drawVaried(canvas, plan, fitted);
    if (rng() < 0.5) {
      // A short rule under each band, over its own columns only.
      const step = fitted.size * fitted.pitch;
      for (const band of upper)
        canvas.hline(
          drawn.colX[band.col]![0],
          drawn.colX[band.col + band.colSpan - 1]![1],
          drawn.rowY[0]![1] + (step - fitted.size) / 2,
          0.5,
        );
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: 2 }];
  },
};
