// Multi-level headers: band labels spanning two or three columns above the leaf names, sometimes two
// band levels, sometimes a rule under each band. Ground truth: the band line(s) as rows with
// spanning cells, then the leaf line holding the stub's name.
import { Canvas } from "../canvas";
import { BANDS, int, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { drawTable, type DrawnTable, type HeaderLabel } from "../draw-table";
import type { Canvas as CanvasType } from "../canvas";
import type { Family } from "../family";

export const multiLevelHeader: Family = {
  name: "multi-level-header",
  about: "spanning band labels over several columns are bands, not merged header cells",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc, { width: 842, height: 595 });
    const size = int(rng, 8, 10);
    const groups = int(rng, 2, 3);
    const per = int(rng, 2, 3);
    const cols = groups * per;
    const start = int(rng, 1998, 2018);
    const bandNames = sample(rng, BANDS, groups);
    const leaves = Array.from({ length: cols }, (_, k) => String(start + (k % per)));
    const bands: HeaderLabel[] = bandNames.map((text, g) => ({ text, col: 1 + g * per, colSpan: per }));
    const headerLines: HeaderLabel[][] = [];
    if (variant % 3 === 2)
      headerLines.push([{ text: pick(rng, ["Persons employed", "Value added", "Households"]), col: 1, colSpan: cols }]);
    headerLines.push(bands, [
      { text: pick(rng, ["Country", "Sector", "Item"]), col: 0, colSpan: 1 },
      ...leaves.map((text, k) => ({ text, col: k + 1, colSpan: 1 })),
    ]);
    const style = pick(rng, STYLES);
    const body = rowLabels(rng, int(rng, 4, 8)).map((label) => [label, ...numberRow(rng, cols, style)]);
    const x = int(rng, 50, 90);
    const y = int(rng, 80, 140);
    const drawn = drawTable(
      canvas,
      { headerLines, body },
      { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 12, 24), pitch: 1.5 },
    );
    if (variant % 4 === 3) {
      // Fully ruled: every cell boxed, a band's box spanning its columns.
      drawGrid(canvas, drawn, headerLines);
    } else if (variant % 2 === 0) {
      // A rule under each band, over its columns only (the usual print layout).
      const bandRow = headerLines.length - 2;
      for (const band of bands)
        canvas.hline(drawn.colX[band.col]![0], drawn.colX[band.col + band.colSpan - 1]![1], drawn.rowY[bandRow]![1] + 2);
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};

/** Cell borders half way between rows and columns; inside a header line a band's box has no
 * vertical lines between its columns. */
function drawGrid(canvas: CanvasType, drawn: DrawnTable, headerLines: HeaderLabel[][]): void {
  const xs = [
    drawn.colX[0]![0] - 4,
    ...drawn.colX.slice(1).map(([x0], k) => (drawn.colX[k]![1] + x0) / 2),
    drawn.colX[drawn.colX.length - 1]![1] + 4,
  ];
  const pitch = drawn.rowY.length > 1 ? drawn.rowY[1]![0] - drawn.rowY[0]![0] : 12;
  const ys = [
    ...drawn.rowY.map(([top]) => top - (pitch - (drawn.rowY[0]![1] - drawn.rowY[0]![0])) / 2),
    drawn.rowY[drawn.rowY.length - 1]![0] + pitch - (pitch - (drawn.rowY[0]![1] - drawn.rowY[0]![0])) / 2,
  ];
  for (const y of ys) canvas.hline(xs[0]!, xs[xs.length - 1]!, y);
  for (let r = 0; r + 1 < ys.length; r++) {
    const line = headerLines[r];
    for (let c = 0; c < xs.length; c++) {
      // Inside a band: no line between its columns.
      const inside = line?.some((h) => h.colSpan > 1 && c > h.col && c < h.col + h.colSpan);
      if (!inside) canvas.vline(xs[c]!, ys[r]!, ys[r + 1]!);
    }
  }
}
