// US-style money tables, unruled: the "$" sign drawn as its own text chunk at the LEFT edge of a
// value column (on the first body row and on the total row only, as US reports print it) while
// the digits stand right-aligned; some columns a percentage with "%" after the number; negatives
// in parentheses, in some variants with the closing parenthesis hanging past the digits' right
// edge; a bold "Total" row with a short rule above each of its values. The "$" belongs to the
// cell of its number (the ICDAR ground truth joins them; the metric drops whitespace, so the
// truth writes them as the pipeline joins words: "$ 1,234").
import type { PDFFont } from "pdf-lib";
import { Canvas } from "../canvas";
import { columnNames, int, pick, rowLabels } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnRights } from "../value-columns";

type Kind = "money" | "percent";

function money(v: number): string {
  const t = Math.abs(v).toLocaleString("en-US");
  return v < 0 ? `(${t})` : t;
}

function percent(v: number): string {
  const t = Math.abs(v).toFixed(1);
  return v < 0 ? `(${t})%` : `${t}%`;
}

export const currencyColumns: Family = {
  name: "currency-columns",
  about: "money columns: a '$' chunk at the column's left edge, right-aligned digits, (negatives), % columns, a bold total row",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 4);
    const kinds: Kind[] = Array.from({ length: cols }, (_, c) => (c === 0 || rng() < 0.6 ? "money" : "percent"));
    const labels = rowLabels(rng, int(rng, 4, 8));
    const header = [pick(rng, ["Item", "Category", "Program", "Source"]), ...columnNames(rng, cols)];
    const hanging = variant % 2 === 1;
    const values = labels.map(() =>
      kinds.map((k) =>
        k === "money" ? int(rng, -9_999, 99_999) * (rng() < 0.2 ? -1 : 1) : (int(rng, -300, 999) / 10) * (rng() < 0.15 ? -1 : 1),
      ),
    );
    const totals = kinds.map((k, c) => (k === "money" ? values.reduce((s, r) => s + r[c]!, 0) : int(rng, 0, 999) / 10));
    const text = (k: Kind, v: number) => (k === "money" ? money(v) : percent(v));
    const body = [...values.map((r) => r.map((v, c) => text(kinds[c]!, v))), totals.map((v, c) => text(kinds[c]!, v))];
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize("Total", size)) +
      int(rng, 10, 30);
    const dollar = font.regular.widthOfTextAtSize("$", size);
    const gap = int(rng, 14, 28);
    // A value column: room for "$", a space, the widest number (digits right-aligned at its right).
    const widths = kinds.map((k, c) =>
      Math.max(
        font.bold.widthOfTextAtSize(header[c + 1]!, size),
        Math.max(...body.map((r) => font.bold.widthOfTextAtSize(r[c]!, size))) + (k === "money" ? dollar + int(rng, 4, 12) : 0),
      ),
    );
    const x = int(rng, 55, 95);
    let y = int(rng, 80, 150);
    const pitch = size * (1.3 + rng() * 0.3);
    const colRight = columnRights(x + stubWidth, widths, gap);
    const cells: TruthCell[] = [];
    const closing = (f: PDFFont) => f.widthOfTextAtSize(")", size);
    // Header: the stub's name left, the column names right-aligned over the digits.
    header.forEach((h, c) => {
      const w = font.bold.widthOfTextAtSize(h, size);
      const left = c === 0 ? x : colRight[c - 1]! - w;
      cells.push({ row: 0, col: c, rowSpan: 1, colSpan: 1, text: h, box: canvas.displayedBox(canvas.text(h, left, y, size, font.bold)) });
    });
    y += pitch * 1.4;
    const last = body.length - 1;
    body.forEach((row, r) => {
      const total = r === last;
      const f = total ? font.bold : font.regular;
      if (total) y += size * 0.5;
      const label = total ? "Total" : labels[r]!;
      cells.push({ row: r + 1, col: 0, rowSpan: 1, colSpan: 1, text: label, box: canvas.displayedBox(canvas.text(label, x, y, size, f)) });
      row.forEach((t, c) => {
        const w = f.widthOfTextAtSize(t, size);
        // Hanging parentheses: the digits of "(1,234)" line up with "1,234" above and below.
        const right = colRight[c]! + (hanging && t.endsWith(")") ? closing(f) : 0);
        const box = canvas.text(t, right - w, y, size, f);
        if (total) canvas.hline(colRight[c]! - widths[c]! + (kinds[c] === "money" ? dollar + 2 : 0), colRight[c]!, y - size * 0.35, 0.5);
        if (kinds[c] === "money" && (r === 0 || total)) {
          const left = colRight[c]! - widths[c]!;
          const sign = canvas.text("$", left, y, size, f);
          cells.push({
            row: r + 1,
            col: c + 1,
            rowSpan: 1,
            colSpan: 1,
            text: `$ ${t}`,
            box: canvas.displayedBox([sign[0], box[1], box[2], box[3]]),
          });
        } else cells.push({ row: r + 1, col: c + 1, rowSpan: 1, colSpan: 1, text: t, box: canvas.displayedBox(box) });
      });
      y += pitch;
    });
    if (y > canvas.height - 20 || colRight[cols - 1]! > canvas.width - 15)
      throw new Error("generated currency-columns table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
