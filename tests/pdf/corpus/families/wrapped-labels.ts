// An unruled table whose row labels wrap onto two or three lines in a narrow stub column, the
// values standing on the label's first line (or, in some variants, its last line, as many US
// reports print them). A wrapped label is one cell (the ICDAR ground truth joins its lines); text
// geometry has to join the lines, and nothing in the image says whether two stacked lines are one
// cell or two rows.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, sample, STYLES, wrapWords } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { placeHeader, placeValues } from "../value-columns";

const LONG_LABELS = [
  "Manufacture of food products and beverages",
  "Wholesale and retail trade, repair of motor vehicles",
  "Electricity, gas, steam and air conditioning supply",
  "Water supply, sewerage and waste management",
  "Accommodation and food service activities",
  "Professional, scientific and technical activities",
  "Public administration and defence, compulsory social security",
  "Households as employers of domestic personnel",
  "Arts, entertainment and recreation",
  "Transportation and storage services",
];
const SHORT_LABELS = ["Mining", "Construction", "Education", "Finance", "Real estate", "Other"];

export const wrappedLabels: Family = {
  name: "wrapped-labels",
  about: "row labels wrapped onto several lines in an unruled table are one cell each",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 4);
    const style = pick(rng, STYLES);
    const labels = [...sample(rng, LONG_LABELS, int(rng, 3, 5)), ...sample(rng, SHORT_LABELS, int(rng, 1, 3))].sort(() => rng() - 0.5);
    const stubWidth = int(rng, 95, 130);
    const colGap = int(rng, 18, 30);
    const valueWidth = int(rng, 40, 55);
    const x = int(rng, 60, 100);
    let y = int(rng, 80, 140);
    const pitch = size * 1.25;
    const rowGap = size * (0.6 + rng() * 0.4);
    const onLast = variant % 2 === 1;
    const cells: TruthCell[] = [];
    const colX = (c: number) => x + stubWidth + colGap + (c - 1) * (valueWidth + colGap);
    // Each value column's right edge: its values and name are right-aligned on it.
    const rights = Array.from({ length: cols }, (_, k) => colX(k + 1) + valueWidth);
    // Header line: the stub's name and the value columns' names, right-aligned over the values.
    const header = [pick(rng, ["Activity", "Sector", "Industry"]), ...columnNames(rng, cols)];
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    y += pitch + rowGap;
    labels.forEach((label, r) => {
      const lines = wrapWords(label, font.regular, size, stubWidth);
      const boxes = lines.map((line, k) => canvas.text(line, x, y + k * pitch, size, font.regular));
      const labelBox: [number, number, number, number] = [
        Math.min(...boxes.map((b) => b[0])),
        boxes[0]![1],
        Math.max(...boxes.map((b) => b[2])),
        boxes[boxes.length - 1]![3],
      ];
      cells.push({ row: r + 1, col: 0, rowSpan: 1, colSpan: 1, text: lines.join(" "), box: canvas.displayedBox(labelBox) });
      const vy = onLast ? y + (lines.length - 1) * pitch : y;
      placeValues(canvas, cells, r + 1, numberRow(rng, cols, style), rights, vy, size, font.regular);
      y += lines.length * pitch + rowGap;
    });
    if (y > canvas.height - 20 || colX(cols) + valueWidth > canvas.width - 10)
      throw new Error("generated wrapped-labels table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
