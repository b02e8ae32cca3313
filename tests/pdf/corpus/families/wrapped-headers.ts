// An unruled table whose column names wrap onto one to three lines over narrow value columns,
// bottom-aligned on the header's last line (or top-aligned in some variants), as many statistical
// reports print them. Each name is one cell (the ICDAR ground truth joins its lines); the lines of
// different names do not line up, so a reader that takes header lines as rows cuts them apart.
import { Canvas } from "../canvas";
import { int, numberRow, pick, rowLabels, sample, STYLES, wrapWords } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

const NAMES = [
  "Total population",
  "Persons employed full time",
  "Average hours worked per week",
  "Share of women in employment",
  "Gross value added at basic prices",
  "Exports of goods",
  "Change on previous year",
  "Number of enterprises",
  "Turnover per person employed",
  "Imports",
];

export const wrappedHeaders: Family = {
  name: "wrapped-headers",
  about: "column names wrapped onto several lines over an unruled table are one cell each",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 3, 5);
    const style = pick(rng, STYLES);
    const names = sample(rng, NAMES, cols);
    const labels = rowLabels(rng, int(rng, 4, 8));
    const stubWidth = Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size))) + int(rng, 10, 20);
    const drawnWidth = int(rng, 52, 70);
    const colGap = int(rng, 12, 20);
    const drawnX = int(rng, 60, 100);
    // A long stub with five wide columns can overrun the page: the columns narrow to fit, and below
    // 40 pt the left margin shrinks (no more draws from rng: every draw that fits is as it was).
    const widthToFit = (left: number) => Math.floor((canvas.width - 10 - left - stubWidth - cols * colGap) / cols);
    const x = widthToFit(drawnX) >= 40 ? drawnX : 40;
    const colWidth = Math.min(drawnWidth, widthToFit(x));
    const top = int(rng, 80, 140);
    const pitch = size * 1.2;
    const bottomAligned = variant % 2 === 0;
    const colX = (c: number) => x + stubWidth + colGap + (c - 1) * (colWidth + colGap);
    const wrapped = names.map((n) => wrapWords(n, font.bold, size, colWidth));
    const headerLines = Math.max(...wrapped.map((w) => w.length));
    const cells: TruthCell[] = [];
    const stubName = variant % 3 === 0 ? "" : pick(rng, ["Country", "Product", "Sector"]);
    if (stubName)
      cells.push({
        row: 0,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: stubName,
        box: canvas.displayedBox(canvas.text(stubName, x, top + (headerLines - 1) * pitch, size, font.bold)),
      });
    wrapped.forEach((lines, k) => {
      const first = bottomAligned ? headerLines - lines.length : 0;
      const boxes = lines.map((line, j) => {
        const w = font.bold.widthOfTextAtSize(line, size);
        return canvas.text(line, colX(k + 1) + (colWidth - w) / 2, top + (first + j) * pitch, size, font.bold);
      });
      const box: [number, number, number, number] = [
        Math.min(...boxes.map((b) => b[0])),
        boxes[0]![1],
        Math.max(...boxes.map((b) => b[2])),
        boxes[boxes.length - 1]![3],
      ];
      cells.push({ row: 0, col: k + 1, rowSpan: 1, colSpan: 1, text: lines.join(" "), box: canvas.displayedBox(box) });
    });
    let y = top + headerLines * pitch + size * (0.8 + rng() * 0.6);
    labels.forEach((label, r) => {
      cells.push({
        row: r + 1,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: label,
        box: canvas.displayedBox(canvas.text(label, x, y, size, font.regular)),
      });
      numberRow(rng, cols, style).forEach((text, k) => {
        const w = font.regular.widthOfTextAtSize(text, size);
        cells.push({
          row: r + 1,
          col: k + 1,
          rowSpan: 1,
          colSpan: 1,
          text,
          box: canvas.displayedBox(canvas.text(text, colX(k + 1) + colWidth - w, y, size, font.regular)),
        });
      });
      y += size * 1.45;
    });
    if (colX(cols) + colWidth > canvas.width - 10) throw new Error("generated wrapped-headers table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
