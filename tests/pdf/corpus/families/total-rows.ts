// Subtotal and total rows in an unruled body: groups of rows each closed by a subtotal ("Total EU",
// "Subtotal"), the table by a grand total, set in bold in most variants, with a rule above the
// total row only: across the whole table, or a short rule over each value column (accounting
// style), sometimes a double rule under the grand total; in some variants a blank line before each
// total; in every fourth the grand total comes first (US style). The values of total rows stand in the same columns as the others. Truth: total rows are
// body rows like any other; rules are not cells and do not cut the table.
import { Canvas } from "../canvas";
import { columnNames, COUNTRIES, int, pick, PRODUCTS, sample, SECTORS, type Rng } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { fitValueColumns, placeHeader, placeValues } from "../value-columns";

/** Groups of row labels with the subtotal label each group closes with. */
function groups(rng: Rng): Array<{ total: string; labels: string[] }> {
  const n = int(rng, 2, 3);
  const kind = int(rng, 0, 2);
  const pool = sample(rng, kind === 0 ? COUNTRIES : kind === 1 ? PRODUCTS : SECTORS, n * 5);
  const names =
    kind === 0 ? ["Euro area", "Other EU", "EFTA"] : kind === 1 ? ["Crops", "Livestock", "Processed"] : ["Goods", "Services", "Public"];
  return Array.from({ length: n }, (_, g) => ({
    total: pick(rng, [`Total ${names[g]!.toLowerCase()}`, `${names[g]}, total`, "Subtotal"]),
    labels: pool.slice(g * 5, g * 5 + int(rng, 2, 5)),
  }));
}

export const totalRows: Family = {
  name: "total-rows",
  about: "groups closed by subtotal rows and a grand total, bold, with a rule above the total row only: total rows are body rows",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 2, 5);
    const parts = groups(rng);
    const grand = pick(rng, ["Total", "Grand total", "All items", "World"]);
    const header = [pick(rng, ["Item", "Country", "Sector"]), ...columnNames(rng, cols)];
    // Sub-variants: the rule above a total across the table (0) or over each value (1), a double
    // rule under the grand total (2); a blank line before totals in every other variant; totals
    // in the regular face in every fifth.
    const ruleKind = variant % 3;
    const blankBefore = variant % 2 === 1;
    const bold = variant % 5 !== 4;
    const totalFont = bold ? font.bold : font.regular;
    // Values: integers that add up (totals are the sums of their rows, as printed).
    const rows: Array<{ label: string; values: number[]; total: boolean }> = [];
    const grandValues = Array.from({ length: cols }, () => 0);
    for (const part of parts) {
      const sums = Array.from({ length: cols }, () => 0);
      for (const label of part.labels) {
        const values = Array.from({ length: cols }, () => int(rng, 5, 9_999));
        values.forEach((v, c) => (sums[c]! += v));
        rows.push({ label, values, total: false });
      }
      sums.forEach((v, c) => (grandValues[c]! += v));
      rows.push({ label: part.total, values: sums, total: true });
    }
    // Every fourth variant (from the third) prints the grand total FIRST, as US tables do, with a
    // blank line under it and no rule above it.
    const totalFirst = variant % 4 === 2;
    if (totalFirst) rows.unshift({ label: grand, values: grandValues, total: true });
    else rows.push({ label: grand, values: grandValues, total: true });
    const texts = rows.map((r) => r.values.map((v) => v.toLocaleString("en-US")));
    const stubWidth =
      Math.max(
        ...rows.map((r) => (r.total ? totalFont : font.regular).widthOfTextAtSize(r.label, size)),
        font.bold.widthOfTextAtSize(header[0]!, size),
      ) + int(rng, 12, 30);
    const gap = int(rng, 14, 26);
    const widths = header
      .slice(1)
      .map((h, c) => Math.max(font.bold.widthOfTextAtSize(h, size), ...texts.map((t) => totalFont.widthOfTextAtSize(t[c]!, size))));
    const x = int(rng, 50, 90);
    let y = int(rng, 80, 140);
    const pitch = size * (1.25 + rng() * 0.25);
    const fitted = fitValueColumns(cols, header, widths, x + stubWidth, gap, canvas.width);
    cols = fitted.cols;
    const { rights, right } = fitted;
    const cells: TruthCell[] = [];
    placeHeader(canvas, cells, header, x, rights, y, size, font.bold);
    y += pitch * 1.4;
    rows.forEach((r, k) => {
      const first = totalFirst && k === 0;
      if (r.total && blankBefore && !first) y += pitch * 0.8;
      const f = r.total ? totalFont : font.regular;
      if (r.total && !first) {
        const at = y - size * 0.35;
        if (ruleKind === 1) widths.forEach((w, c) => canvas.hline(rights[c]! - w, rights[c]!, at, 0.5));
        else canvas.hline(x, right, at, 0.5);
      }
      cells.push({
        row: k + 1,
        col: 0,
        rowSpan: 1,
        colSpan: 1,
        text: r.label,
        box: canvas.displayedBox(canvas.text(r.label, x, y, size, f)),
      });
      placeValues(canvas, cells, k + 1, texts[k]!.slice(0, cols), rights, y, size, f);
      if (r.total && k === rows.length - 1 && ruleKind === 2) {
        canvas.hline(x, right, y + size * 1.2, 0.5);
        canvas.hline(x, right, y + size * 1.2 + 2, 0.5);
      }
      y += pitch;
      // A little air after each subtotal before the next group, a blank line under a first total.
      if (r.total) y += first ? pitch : size * 0.3;
    });
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated total-rows table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
