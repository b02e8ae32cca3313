// Sparse statistical tables, unruled: many empty cells, placeholder marks standing for a value
// ("–", "—", "(NA)", "(X)", "(D)", "Z", "..."), and footnote marks attached to labels and values:
// "Total 1/", "12.3 r" in the same text run, or a superscript digit drawn as its own smaller,
// raised chunk right after a label. Empty cells are absent from the truth; a placeholder is a
// cell; a footnote mark belongs to the cell it is attached to.
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, rowLabels, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnRights, placeHeader, placeValues } from "../value-columns";

const PLACEHOLDERS = ["\u2013", "\u2014", "(NA)", "(X)", "(D)", "Z", "..."];

export const sparsePlaceholders: Family = {
  name: "sparse-placeholders",
  about: "many empty cells, placeholder marks as cells, footnote marks on labels and values",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 3, 6);
    const style = pick(rng, STYLES);
    const labels = rowLabels(rng, int(rng, 5, 10));
    const header = [pick(rng, ["Item", "Area", "Industry", "Product"]), ...columnNames(rng, cols)];
    const marks = PLACEHOLDERS.filter(() => rng() < 0.6);
    if (marks.length === 0) marks.push(pick(rng, PLACEHOLDERS));
    const body = labels.map(() =>
      Array.from({ length: cols }, (): string => {
        const u = rng();
        if (u < 0.25) return "";
        if (u < 0.45) return pick(rng, marks);
        const v = numberText(rng, style);
        return rng() < 0.1 ? `${v} ${pick(rng, ["r", "p", "e"])}` : v;
      }),
    );
    // Every column keeps at least one value, every row at least one cell beside its label.
    for (let c = 0; c < cols; c++) if (!body.some((r) => r[c] !== "")) body[int(rng, 0, body.length - 1)]![c] = numberText(rng, style);
    for (const r of body) if (!r.some((t) => t !== "")) r[int(rng, 0, cols - 1)] = pick(rng, marks);
    // Footnote marks on labels: "Label 1/" in the run, or a superscript digit as its own chunk.
    const notes = labels.map((label) => {
      const u = rng();
      if (u < 0.15) return { text: `${label} ${int(rng, 1, 4)}/`, sup: "" };
      if (u < 0.35) return { text: label, sup: String(int(rng, 1, 9)) };
      return { text: label, sup: "" };
    });
    const supSize = size * 0.6;
    const stubWidth =
      Math.max(
        ...notes.map(
          (n) => font.regular.widthOfTextAtSize(n.text, size) + (n.sup ? font.regular.widthOfTextAtSize(n.sup, supSize) + 1 : 0),
        ),
      ) + int(rng, 12, 30);
    let gap = int(rng, 14, 26);
    const widths = header
      .slice(1)
      .map((h, c) => Math.max(font.bold.widthOfTextAtSize(h, size), ...body.map((r) => font.regular.widthOfTextAtSize(r[c]!, size))));
    const x = int(rng, 50, 90);
    // Six wide columns at 10 pt may overrun the page: narrow the gutters (not below 8 pt) first.
    const overrun = x + stubWidth + widths.reduce((a, b) => a + b, 0) + gap * cols - (canvas.width - 15);
    if (overrun > 0) gap = Math.max(8, gap - Math.ceil(overrun / cols));
    let y = int(rng, 80, 150);
    const pitch = size * (1.3 + rng() * 0.3);
    const colRight = columnRights(x + stubWidth, widths, gap);
    const cells: TruthCell[] = [];
    placeHeader(canvas, cells, header, x, colRight, y, size, font.bold);
    y += pitch * 1.5;
    body.forEach((row, r) => {
      const note = notes[r]!;
      const box = canvas.text(note.text, x, y, size, font.regular);
      if (note.sup) {
        const sup = canvas.text(note.sup, box[2] + 0.5, y - size * 0.1, supSize, font.regular);
        cells.push({
          row: r + 1,
          col: 0,
          rowSpan: 1,
          colSpan: 1,
          text: `${note.text} ${note.sup}`,
          box: canvas.displayedBox([box[0], Math.min(box[1], sup[1]), sup[2], box[3]]),
        });
      } else cells.push({ row: r + 1, col: 0, rowSpan: 1, colSpan: 1, text: note.text, box: canvas.displayedBox(box) });
      placeValues(canvas, cells, r + 1, row, colRight, y, size, font.regular);
      y += pitch;
    });
    if (y > canvas.height - 20 || colRight[cols - 1]! > canvas.width - 15)
      throw new Error("generated sparse-placeholders table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
