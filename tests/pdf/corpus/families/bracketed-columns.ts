// Narrow bracketed columns beside value columns: a share "(12.3)" or an interval "[1.2-3.4]" set
// close after each value (a narrower gap than between the pairs), sometimes under a header of its
// own, sometimes with the pair under one label. Each bracket is a column: a reader that folds it
// into its neighbour counts one column too few.
import { Canvas } from "../canvas";
import { columnNames, int } from "../content";
import type { HeaderLabel } from "../draw-table";
import type { Family } from "../family";
import { drawLook, drawVaried, fitLook, variedLabel, variedNumber, type VariedLook } from "../varied";

export const bracketedColumns: Family = {
  name: "bracketed-columns",
  about: "narrow bracketed share or interval columns set close beside their value columns",
  async build({ doc, fonts, rng }) {
    const look = await drawLook(rng, fonts);
    const canvas = Canvas.add(doc);
    const used = new Set<string>();
    const pairs = int(rng, 1, 4);
    const interval = rng() < 0.4;
    const bracket = () => {
      if (!interval) return `(${(int(rng, 0, 1000) / 10).toFixed(1)})`;
      const lo = int(rng, 0, 900) / 10;
      return `[${lo.toFixed(1)}-${(lo + int(rng, 1, 90) / 10).toFixed(1)}]`;
    };
    const names = columnNames(rng, pairs);
    const ownHeader = rng() < 0.5;
    const header: HeaderLabel[] = [{ text: "", col: 0, colSpan: 1 }];
    names.forEach((name, p) => {
      header.push({ text: name, col: 1 + 2 * p, colSpan: ownHeader ? 1 : 2 });
      if (ownHeader) header.push({ text: interval ? "CI" : "%", col: 2 + 2 * p, colSpan: 1 });
    });
    const rows = Array.from({ length: int(rng, 4, 10) }, () => ({
      cells: [variedLabel(rng, used), ...Array.from({ length: pairs }, () => [variedNumber(rng, look.format), bracket()]).flat()],
    }));
    const plan = { headerLines: [header], rows };
    const near = int(rng, 3, 8);
    // The gap inside a pair is narrow, between pairs the look's gap.
    const gaps = (l: VariedLook) => Array.from({ length: 1 + 2 * pairs }, (_, c) => (c >= 1 && c % 2 === 1 ? near : l.colGap));
    const fitted = fitLook(plan, look, canvas.width, gaps);
    const drawn = drawVaried(canvas, plan, fitted, { gaps: gaps(fitted) });
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: 1 }];
  },
};
