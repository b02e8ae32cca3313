// A table ruled between its columns and around, with a rule under the header and none between the
// rows (the US Census and BLS layout): the grid's rulings give the columns, but its body is one
// ruled row holding every line, so rows come from the text lines alone, and row labels wrap onto
// two or three lines with the values on the first line (or the last, in odd variants). A wrapped
// label is one cell, as in wrapped-labels; here the rulings make it look like a grid.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, sample, STYLES, wrapWords } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { placeHeader, placeValues } from "../value-columns";

const LONG_LABELS = [
  "Total, 16 years and over",
  "Civilian noninstitutional population",
  "Employed persons in nonagricultural industries",
  "Unemployed, looking for full-time work",
  "Not in labor force, want a job now",
  "Part time for economic reasons",
  "Self-employed workers, unincorporated",
  "Government workers, State and local",
];
const SHORT_LABELS = ["Men", "Women", "White", "Black", "Hispanic", "Asian", "Agriculture", "Other"];

export const columnRuled: Family = {
  name: "column-ruled",
  about: "a table ruled between columns only: rows come from its text lines, wrapped labels are one cell",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 4);
    const style = pick(rng, STYLES);
    const labels = [...sample(rng, LONG_LABELS, int(rng, 2, 4)), ...sample(rng, SHORT_LABELS, int(rng, 2, 4))].sort(() => rng() - 0.5);
    const stubWidth = int(rng, 90, 120);
    const colGap = int(rng, 16, 26);
    const valueWidth = int(rng, 40, 55);
    const x = int(rng, 60, 100);
    const top = int(rng, 80, 140);
    let y = top + size * 0.6;
    const pitch = size * 1.25;
    const rowGap = size * (0.3 + rng() * 0.3);
    const onLast = variant % 2 === 1;
    const cells: TruthCell[] = [];
    const colX = (c: number) => x + stubWidth + colGap + (c - 1) * (valueWidth + colGap);
    // Each value column's right edge: its values and name are right-aligned on it.
    const rights = Array.from({ length: cols }, (_, k) => colX(k + 1) + valueWidth);
    const header = [pick(rng, ["Characteristic", "Population group", "Status"]), ...columnNames(rng, cols)];
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    const underHeader = y + pitch + size * 0.1;
    y = underHeader + size * 0.6;
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
    const bottom = y;
    const left = x - colGap / 2;
    const right = colX(cols) + valueWidth + colGap / 2;
    if (bottom > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated column-ruled table does not fit its page");
    // The frame, the rule under the header, and a rule between every two columns.
    canvas.hline(left, right, top);
    canvas.hline(left, right, underHeader);
    canvas.hline(left, right, bottom);
    canvas.vline(left, top, bottom);
    canvas.vline(right, top, bottom);
    for (let c = 1; c <= cols; c++) canvas.vline(colX(c) - colGap / 2, top, bottom);
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
