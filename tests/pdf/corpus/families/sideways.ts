// Sideways and upside-down tables: the same kind of table drawn turned on a portrait page, with and
// without /Rotate: text at 90 or 270 degrees on the displayed page (turned content, or upright
// content on a page with /Rotate 90 or 270), and upside down (turned 180). Read in its own reading
// direction it is an ordinary table; the ground truth is the table as read. The page number is
// upright on the displayed page: it must come out as prose, not be lost with the turn.
import { Canvas, type Quarter } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

/** Content turn and page /Rotate per sub-variant, and the displayed reading direction. */
export const SIDEWAYS_VARIANTS: ReadonlyArray<{ turn: Quarter; rotate: Quarter; width?: number; height?: number }> = [
  { turn: 90, rotate: 0 },
  { turn: 270, rotate: 0 },
  // Upright content on a landscape user space, shown portrait by /Rotate: the text runs down
  // (or up) the displayed page.
  { turn: 0, rotate: 90, width: 842, height: 595 },
  { turn: 0, rotate: 270, width: 842, height: 595 },
  { turn: 180, rotate: 0 },
];

export const sideways: Family = {
  name: "sideways",
  about: "tables drawn at 90, 270 or 180 degrees, with and without /Rotate",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc, SIDEWAYS_VARIANTS[variant % SIDEWAYS_VARIANTS.length]);
    const size = int(rng, 8, 10);
    const cols = int(rng, 3, 7);
    const style = pick(rng, STYLES);
    const plan = simplePlan(
      [pick(rng, ["Country", "Item", "Sector"]), ...columnNames(rng, cols)],
      rowLabels(rng, int(rng, 5, 10)).map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const x = int(rng, 60, 100);
    let y = int(rng, 60, 100);
    canvas.text(
      `Table ${int(rng, 1, 30)}. ${pick(rng, ["Annual figures", "Quarterly figures", "Main indicators"])} by ${pick(rng, ["country", "product", "sector"])}`,
      x,
      y,
      size + 2,
      font.bold,
    );
    y += size * 3;
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 16, 32), pitch: 1.5 });
    if (variant % 2 === 1) {
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
    }
    canvas.finish();
    // The page number stays upright on the displayed page, as printed reports keep it.
    const [width, height] = canvas.displayedSize();
    canvas.uprightText(`Page ${int(rng, 2, 300)}`, width / 2 - 15, height - 30, 8, font.regular);
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
