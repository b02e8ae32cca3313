// A table whose body is cut into panels by spanner rows: a label across the whole table inside the
// body ("Number (thousands)", "Percent distribution", "MEN", "WOMEN"), centred or flush left,
// sometimes between short rules, each panel repeating the same stub labels. Truth: a spanner is a
// row of its own with its label in column 0 and no span, as the ICDAR ground truth keeps body
// section labels (an EU document's "Effectiveness", "Processes", "Staff"); the EU set has no body label
// with a column span.
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, rowLabels, STYLES, type NumberStyle } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnsThatFit } from "../value-columns";

/** Panel titles that go together, with the number style each panel prints. */
const PANELS: Array<Array<[string, NumberStyle | null]>> = [
  [
    ["Number (thousands)", "thousands"],
    ["Percent distribution", "percent"],
  ],
  [
    ["MEN", null],
    ["WOMEN", null],
  ],
  [
    ["Both sexes", null],
    ["Men", null],
    ["Women", null],
  ],
  [
    ["Employed persons", "thousands"],
    ["Unemployment rate", "decimal"],
  ],
  [
    ["CURRENT DOLLARS", null],
    ["CONSTANT (2020) DOLLARS", null],
  ],
  [
    ["Levels", "thousands"],
    ["Change from previous year", "signed"],
    ["Percent change", "signed"],
  ],
];

export const panelSpanners: Family = {
  name: "panel-spanners",
  about:
    "spanner rows across the table body cut it into panels repeating the same stub labels: each spanner is one row, its label in column 0",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 2, 5);
    const fallback = pick(rng, STYLES);
    const panels = pick(rng, PANELS);
    const labels = rowLabels(rng, int(rng, 3, 5));
    // Sub-variants: 0 centred over the whole table, 1 flush left at the stub, 2 centred between
    // short rules; rulings above and below the header and at the foot in every other variant.
    const placement = variant % 3;
    const ruled = variant % 2 === 0;
    const fullRules = variant % 5 === 4;
    // Every fourth variant nests each panel's stub: a total, then the labels indented under it.
    const nested = variant % 4 === 3;
    const spannerFont = rng() < 0.5 ? font.bold : font.regular;
    const indent = nested ? size * 1.2 : 0;
    const stub = nested
      ? [{ label: "Total", left: 0 }, ...labels.map((label) => ({ label, left: indent }))]
      : labels.map((label) => ({ label, left: 0 }));
    const stubWidth = Math.max(...stub.map((l) => l.left + font.regular.widthOfTextAtSize(l.label, size))) + int(rng, 12, 30);
    const colGap = int(rng, 14, 26);
    const header = [pick(rng, ["Country", "Item", "Sector", "Characteristic"]), ...columnNames(rng, cols)];
    // A column at least as wide as its name (a wider name would run into the column to its left).
    const valueWidth = Math.max(int(rng, 40, 55), ...header.slice(1).map((h) => font.bold.widthOfTextAtSize(h, size) + 4));
    const x = int(rng, 50, 90);
    let y = int(rng, 80, 130);
    const pitch = size * (1.25 + rng() * 0.25);
    const colX = (c: number) => x + stubWidth + colGap + (c - 1) * (valueWidth + colGap);
    // Wide names on many columns: as many columns as the page holds.
    cols = columnsThatFit(cols, x + stubWidth, valueWidth, colGap, canvas.width);
    header.length = cols + 1;
    const right = colX(cols) + valueWidth;
    const cells: TruthCell[] = [];
    let row = 0;
    if (ruled) canvas.hline(x, right, y - size * 0.4);
    header.forEach((text, c) => {
      const w = font.bold.widthOfTextAtSize(text, size);
      const left = c === 0 ? x : colX(c) + valueWidth - w;
      cells.push({ row, col: c, rowSpan: 1, colSpan: 1, text, box: canvas.displayedBox(canvas.text(text, left, y, size, font.bold)) });
    });
    row++;
    y += pitch;
    if (ruled) canvas.hline(x, right, y);
    y += size * 0.4;
    for (const [title, panelStyle] of panels) {
      y += size * (0.3 + rng() * 0.5);
      const w = spannerFont.widthOfTextAtSize(title, size);
      const left = placement === 1 ? x : (x + right - w) / 2;
      cells.push({
        row,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: title,
        box: canvas.displayedBox(canvas.text(title, left, y, size, spannerFont)),
      });
      if (placement === 2) {
        // Short rules either side of the title, at mid-height of its letters.
        const gap = size * 0.6;
        const mid = y + size * 0.45;
        canvas.hline(Math.max(x, left - gap - size * 6), left - gap, mid, 0.5);
        canvas.hline(left + w + gap, Math.min(right, left + w + gap + size * 6), mid, 0.5);
      }
      if (fullRules) {
        // Every fifth variant sets the spanner between two rules across the whole table.
        canvas.hline(x, right, y - size * 0.35, 0.5);
        canvas.hline(x, right, y + size * 1.15, 0.5);
      }
      row++;
      y += pitch * (1 + rng() * 0.3);
      const style = panelStyle ?? fallback;
      for (const { label, left } of stub) {
        cells.push({
          row,
          col: 0,
          rowSpan: 1,
          colSpan: 1,
          text: label,
          box: canvas.displayedBox(canvas.text(label, x + left, y, size, font.regular)),
        });
        for (let c = 1; c <= cols; c++) {
          const text = numberText(rng, style);
          const tw = font.regular.widthOfTextAtSize(text, size);
          cells.push({
            row,
            col: c,
            rowSpan: 1,
            colSpan: 1,
            text,
            box: canvas.displayedBox(canvas.text(text, colX(c) + valueWidth - tw, y, size, font.regular)),
          });
        }
        row++;
        y += pitch;
      }
    }
    if (ruled) canvas.hline(x, right, y);
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated panel-spanners table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
