// A line chart whose legend lays its labels out in columns (a short line sample, or in every fourth
// variant a colour swatch, beside each label, in a framed box on the plot), with the chart's data as a table further down the page. Text
// geometry sees the legend as a small table of words; it is part of the drawing, and the ICDAR
// ground truth has no table there: only the data table is one.
import { Canvas } from "../canvas";
import { columnNames, COUNTRIES, int, numberRow, pick, sample, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

const COLOURS: Array<[number, number, number]> = [
  [0.2, 0.4, 0.8],
  [0.8, 0.1, 0.1],
  [0.4, 0.7, 0.2],
  [0.9, 0.2, 0.9],
  [0, 0, 0],
  [0.95, 0.85, 0.1],
];

export const chartLegend: Family = {
  name: "chart-legend",
  about: "a chart's legend laid out in columns is not a table; the chart's data table below is",
  async build({ doc, fonts, rng, variant, figures }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const series = sample(rng, COUNTRIES, int(rng, 4, 6));
    // The chart: a title, a plot area (shaded in some variants), dotted grid lines, one polyline per series.
    const x = int(rng, 70, 100);
    const y = int(rng, 70, 100);
    const w = int(rng, 360, 420);
    const h = int(rng, 180, 230);
    canvas.text(
      pick(rng, ["Spreads over time (bp)", "Monthly output index", "Prices, 2010 = 100"]),
      x + w / 4,
      y - size * 2.2,
      size + 1,
      font.bold,
    );
    if (variant % 2 === 0) canvas.fillRect(x, y, w, h, 0.85);
    for (let k = 1; k < 5; k++)
      canvas.polyline(
        [
          [x, y + (h * k) / 5],
          [x + w, y + (h * k) / 5],
        ],
        0.4,
        [0.3, 0.3, 0.3],
        [1, 2],
      );
    canvas.polyline(
      [
        [x, y],
        [x, y + h],
        [x + w, y + h],
      ],
      0.75,
      [0, 0, 0],
    );
    const steps = int(rng, 30, 60);
    series.forEach((_, s) => {
      let level = h * (0.45 + rng() * 0.4);
      const points: Array<[number, number]> = [];
      for (let k = 0; k <= steps; k++) {
        level = Math.min(h - 4, Math.max(4, level + (rng() - 0.55) * h * 0.08));
        points.push([x + (w * k) / steps, y + level]);
      }
      canvas.polyline(points, 1.2, COLOURS[s % COLOURS.length]!);
    });
    figures?.push([x, y, x + w, y + h]);
    // The legend: labels in columns, each with its line sample, in a framed box on the plot.
    const legendCols = variant % 3 === 2 ? 3 : 2;
    const sample_ = 22;
    const colWidth = sample_ + 6 + Math.max(...series.map((l) => font.regular.widthOfTextAtSize(l, size))) + int(rng, 24, 50);
    const pitch = size * (variant % 2 === 0 ? 2.6 : 1.8);
    const legendRows = Math.ceil(series.length / legendCols);
    const lx = x + int(rng, 20, 40);
    const ly = y + int(rng, 10, 18);
    canvas.framedRect(lx - 6, ly - 6, legendCols * colWidth + 6, legendRows * pitch + 4);
    series.forEach((label, s) => {
      const cx = lx + (s % legendCols) * colWidth;
      const cy = ly + Math.floor(s / legendCols) * pitch;
      // Every fourth variant keys its series by colour swatches (a small filled square) instead of line samples.
      if (variant % 4 === 3)
        canvas.swatch(cx + sample_ - size * 0.8, cy + size * 0.1, size * 0.8, size * 0.8, COLOURS[s % COLOURS.length]!);
      else
        canvas.polyline(
          [
            [cx, cy + size * 0.5],
            [cx + sample_, cy + size * 0.5],
          ],
          1.5,
          COLOURS[s % COLOURS.length]!,
        );
      canvas.text(label, cx + sample_ + 6, cy, size, font.regular);
    });
    // The chart's data: a table well below the chart.
    const cols = int(rng, 3, 5);
    const style = pick(rng, STYLES);
    const plan = simplePlan(
      [pick(rng, ["Country", "Series"]), ...columnNames(rng, cols)],
      series.map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const drawn = drawTable(canvas, plan, {
      x,
      y: y + h + int(rng, 60, 90),
      size,
      font: font.regular,
      headerFont: font.bold,
      colGap: int(rng, 16, 30),
      pitch: 1.45,
    });
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
