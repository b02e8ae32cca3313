// Column bands set flush left over their columns, not centred: a band label starts where its first
// column starts ("Men" over "Number | Percent", the label's left edge at the first name's), as
// some statistical offices print spanners, with or without a rule under each band. Centred on no
// group of the columns it stands over, such a label can seem centred on a wider group reaching
// into the stub. Ground truth: the band line as a row of spanning cells, then the leaf line with
// the stub's name, as multi-level-header.
import { Canvas } from "../canvas";
import { BANDS, int, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { columnWidths, drawTable, type HeaderLabel, type TablePlan } from "../draw-table";
import type { Family } from "../family";

const PAIRS: Array<[string, string]> = [
  ["Number", "Percent"],
  ["Total", "Share"],
  ["Value", "Change"],
];

export const flushLeftBands: Family = {
  name: "flush-left-bands",
  about: "band labels set flush left over the columns they span (not centred) are bands over those columns",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc, { width: 842, height: 595 });
    const size = int(rng, 8, 10);
    const groups = int(rng, 2, 3);
    const per = 2;
    const cols = groups * per;
    const pair = pick(rng, PAIRS);
    const bandNames = sample(rng, BANDS, groups);
    const bands: HeaderLabel[] = bandNames.map((text, g) => ({ text, col: 1 + g * per, colSpan: per }));
    const leaves: HeaderLabel[] = [
      { text: pick(rng, ["Country", "Sector", "Item"]), col: 0, colSpan: 1 },
      ...Array.from({ length: cols }, (_, k) => ({ text: pair[k % per]!, col: k + 1, colSpan: 1 })),
    ];
    const style = pick(rng, STYLES);
    const body = rowLabels(rng, int(rng, 4, 8)).map((label) => [label, ...numberRow(rng, cols, style)]);
    const options = {
      x: int(rng, 50, 90),
      y: int(rng, 80, 140),
      size,
      font: font.regular,
      headerFont: font.bold,
      colGap: int(rng, 12, 24),
      pitch: 1.5,
    };
    // Columns sized with the bands' labels (a band wider than its columns widens its last one);
    // the band line is drawn here, flush left, so the drawer leaves it blank.
    const widths = columnWidths({ headerLines: [bands, leaves], body }, options);
    const plan: TablePlan = { headerLines: [bands.map((b) => ({ ...b, text: "" })), leaves], body };
    const drawn = drawTable(canvas, plan, { ...options, widths });
    const [top] = drawn.rowY[0]!;
    for (const band of bands) {
      const box = canvas.text(band.text, drawn.colX[band.col]![0], top, size, font.bold);
      drawn.cells.push({ row: 0, col: band.col, rowSpan: 1, colSpan: band.colSpan, text: band.text, box: canvas.displayedBox(box) });
      // Every other variant: a rule under each band, over its columns only.
      if (variant % 2 === 1) canvas.hline(drawn.colX[band.col]![0], drawn.colX[band.col + band.colSpan - 1]![1], drawn.rowY[0]![1] + 2);
    }
    drawn.cells.sort((a, b) => a.row - b.row || a.col - b.col);
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
