// A header printed in reverse: white (bold) text on a dark or mid-grey fill over the column
// names, the house style of many agency reports (a band line over years and a line of "N" /
// "% Pos" under it in some variants), the body in black on white; ruled in some variants, each
// header cell then its own dark box. On a page with a text layer the white text is text like any
// other; on a scan it is light glyphs inside a darker block, which OCR reads only once the block
// is turned light.
import { Canvas } from "../canvas";
import { BANDS, columnNames, int, numberRow, pick, rowLabels, sample, STYLES } from "../content";
import { columnWidths, drawTable, type HeaderLabel } from "../draw-table";
import type { Family } from "../family";

export const reversedHeader: Family = {
  name: "reversed-header",
  about: "white header text on a dark fill: on a scan, read once the fill is turned light",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const banded = variant % 3 === 1;
    const ruled = variant % 3 === 2;
    const groups = banded ? int(rng, 2, 3) : 1;
    const per = banded ? 2 : int(rng, 3, 5);
    const cols = groups * per;
    const stub = pick(rng, ["Country", "Region", "Item"]);
    const headerLines: HeaderLabel[][] = [];
    if (banded) {
      headerLines.push(sample(rng, BANDS, groups).map((text, g) => ({ text, col: 1 + g * per, colSpan: per })));
      headerLines.push([
        { text: stub, col: 0, colSpan: 1 },
        ...Array.from({ length: cols }, (_, k) => ({ text: k % 2 === 0 ? "N" : "% Pos", col: k + 1, colSpan: 1 })),
      ]);
    } else {
      headerLines.push([
        { text: stub, col: 0, colSpan: 1 },
        ...columnNames(rng, cols).map((text, k) => ({ text, col: k + 1, colSpan: 1 })),
      ]);
    }
    const style = pick(rng, STYLES);
    const body = rowLabels(rng, int(rng, 5, 10)).map((label) => [label, ...numberRow(rng, cols, style)]);
    const plan = { headerLines, body };
    const x = int(rng, 60, 100);
    const y = int(rng, 90, 160);
    const colGap = int(rng, 14, 26);
    const pitch = 1.7;
    const options = { x, y, size, font: font.regular, headerFont: font.bold, colGap, pitch, headerGray: 1 };
    // The fill goes down first (the text lies on it): from half a line gap above the first header
    // line to half a gap below the last, a little wider than the columns.
    const widths = columnWidths(plan, options);
    const right = x + widths.reduce((a, b) => a + b, 0) + colGap * (widths.length - 1);
    const gap = size * pitch - size;
    const fillTop = y - gap / 2;
    const fillBottom = y + headerLines.length * size * pitch - gap / 2;
    // From near black to a mid-grey tint: reports print white headings on both, and on a scan the
    // light glyphs on a mid-grey fill stand only some 60 levels above it.
    const fill = 0.2 + rng() * 0.5;
    // Column partings: half way between columns, and the fill's edges.
    const xs = [
      x - 5,
      ...widths.slice(1).map((_, k) => {
        const left = x + widths.slice(0, k + 1).reduce((a, b) => a + b, 0) + colGap * k;
        return left + colGap / 2;
      }),
      right + 5,
    ];
    if (ruled) {
      // Each header cell its own dark box, a hairline of paper between them (the way such
      // headers are printed: the partings are the paper showing through).
      for (let c = 0; c + 1 < xs.length; c++) canvas.fillRect(xs[c]! + 0.4, fillTop, xs[c + 1]! - xs[c]! - 0.8, fillBottom - fillTop, fill);
    } else canvas.fillRect(x - 5, fillTop, right - x + 10, fillBottom - fillTop, fill);
    const drawn = drawTable(canvas, plan, { ...options, widths });
    if (ruled) {
      // A grid over the body in black.
      const ys = [fillBottom, ...drawn.rowY.slice(headerLines.length + 1).map(([top]) => top - gap / 2), drawn.box[3] + gap / 2];
      for (const yy of ys) canvas.hline(xs[0]!, xs[xs.length - 1]!, yy);
      for (const xx of xs) canvas.vline(xx, fillBottom, ys[ys.length - 1]!);
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
