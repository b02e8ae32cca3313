// Right-to-left text: a Hebrew table, drawn as such documents are (glyphs in visual order, the
// label column on the right, numbers left to right). pdf-lib lays text out with fontkit, which
// puts a right-to-left script's glyphs in visual order itself: the strings passed to it are
// logical; only the column order is the page's. The ground truth holds the values in LOGICAL
// order; its columns are the page's, left to right (the metric's grid is spatial). The metric
// drops non-ASCII text, so the eval scores this family on its numbers; the golden test checks the
// Hebrew values themselves.
import { Canvas } from "../canvas";
import { int, numberRow, pick, sample, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";

const CITIES = [
  "ירושלים",
  "תל אביב",
  "חיפה",
  "באר שבע",
  "אשדוד",
  "נתניה",
  "ראשון לציון",
  "פתח תקווה",
  "חולון",
  "רמת גן",
  "בני ברק",
  "רחובות",
];
const COLUMNS = ["אוכלוסייה", "שטח", "צפיפות", "משקי בית", "מועסקים", "הכנסה"];
const STUBS = ["עיר", "יישוב", "מחוז"];

export const rightToLeft: Family = {
  name: "right-to-left",
  about: "Hebrew table: values in logical order, label column on the right",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.hebrew();
    const canvas = Canvas.add(doc);
    const size = int(rng, 9, 11);
    const cols = int(rng, 2, 4);
    const style = pick(rng, STYLES);
    const header = [pick(rng, STUBS), ...sample(rng, COLUMNS, cols)];
    const logical = sample(rng, CITIES, int(rng, 4, 8)).map((city) => [city, ...numberRow(rng, cols, style)]);
    // Reading order right to left: the page's columns are the logical ones reversed.
    const plan = simplePlan(
      [...header].reverse(),
      logical.map((row) => [...row].reverse()),
    );
    const x = int(rng, 80, 140);
    const y = int(rng, 90, 150);
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 18, 34), pitch: 1.5 });
    if (variant % 2 === 1) {
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
      canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
