// A statistical table of estimates with their sampling errors, as survey reports print them, in
// three sub-variants (variant % 3):
//   0. the standard error in parentheses on the line right under each estimate, in the same
//      column, right-aligned with it (often smaller or italic-like: here the same font, sometimes
//      a point smaller). In the ICDAR convention each printed line of such a pair is its own row:
//      the truth is one row per printed line, the label on the estimate's row and the error row's
//      label cell empty;
//   1. an error column ("MOE", "SE", "±") right of each estimate column, the pair under a band
//      label spanning both (a year, a sex); the errors printed "±1.2" in some variants, "1.2" in
//      others;
//   2. a confidence interval printed as one cell, "12.3 - 15.6" or "(12.3, 15.6)", in a column
//      right of its estimate (under a band when there are two pairs).
// Numbers are right-aligned in their columns, the header's leaf names right-aligned over them, the
// bands centred over their pair; every other variant is ruled above and below the header and at
// the foot.
import type { PDFFont } from "pdf-lib";
import { Canvas } from "../canvas";
import { BANDS, int, pick, rowLabels, sample } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

const ERROR_NAMES = ["MOE", "SE", "±", "Margin of error", "Standard error"];
const ESTIMATE_NAMES = ["Estimate", "Percent", "Number", "Rate"];
const CI_NAMES = ["95% CI", "90% CI", "Confidence interval"];

function estimate(rng: () => number): number {
  return int(rng, 15, 9_500) / 10;
}

export const standardErrors: Family = {
  name: "standard-errors",
  about:
    "estimates with their standard errors: '(1.2)' on the line under each estimate, an adjacent MOE/SE/± column under a band, or a confidence interval '12.3 - 15.6' as one cell",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const kind = variant % 3;
    const ruled = variant % 2 === 1;
    const labels = rowLabels(rng, int(rng, 4, 7));
    const stubName = pick(rng, ["Characteristic", "Country", "Item", "Sector"]);
    const colGap = int(rng, 14, 24);
    const pitch = size * (1.25 + rng() * 0.25);
    const x = int(rng, 50, 80);
    let y = int(rng, 80, 130);
    const cells: TruthCell[] = [];
    const put = (row: number, col: number, text: string, left: number, f: PDFFont, s = size, colSpan = 1) =>
      cells.push({ row, col, rowSpan: 1, colSpan, text, box: canvas.displayedBox(canvas.text(text, left, y, s, f)) });
    const stubWidth =
      Math.max(...labels.map((l) => font.regular.widthOfTextAtSize(l, size)), font.bold.widthOfTextAtSize(stubName, size)) +
      int(rng, 10, 24);
    if (kind === 0) {
      // Estimates with "(se)" under them: 2-4 columns, one header line.
      const cols = int(rng, 2, 4);
      const names = sample(rng, [...BANDS, "Total", "All ages", "Under 18", "18 to 64", "65 and over"], cols);
      const errSize = rng() < 0.5 ? size : size - 1;
      const rows = labels.map(() => Array.from({ length: cols }, () => estimate(rng)));
      const errors = rows.map((r) => r.map((v) => `(${Math.max(0.1, v * (0.02 + rng() * 0.08)).toFixed(1)})`));
      const width = Math.max(int(rng, 36, 50), ...names.map((n) => font.bold.widthOfTextAtSize(n, size) + 2));
      const colRight = (c: number) => x + stubWidth + (c + 1) * (width + colGap) - colGap;
      const right = colRight(cols - 1);
      if (ruled) canvas.hline(x, right, y - size * 0.4);
      put(0, 0, stubName, x, font.bold);
      names.forEach((n, c) => put(0, c + 1, n, colRight(c) - font.bold.widthOfTextAtSize(n, size), font.bold));
      y += pitch;
      if (ruled) canvas.hline(x, right, y);
      y += size * 0.5;
      let row = 1;
      labels.forEach((label, r) => {
        put(row, 0, label, x, font.regular);
        rows[r]!.forEach((v, c) => {
          const t = v.toFixed(1);
          put(row, c + 1, t, colRight(c) - font.regular.widthOfTextAtSize(t, size), font.regular);
        });
        row++;
        y += pitch * 0.95;
        errors[r]!.forEach((t, c) => put(row, c + 1, t, colRight(c) - font.regular.widthOfTextAtSize(t, errSize), font.regular, errSize));
        row++;
        // A little air between one pair and the next.
        y += pitch * (1.1 + rng() * 0.3);
      });
      if (ruled) canvas.hline(x, right, y - pitch * 0.4);
      if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated standard-errors table does not fit its page");
      canvas.finish();
      return [{ page: 1, cells, headerRows: 1 }];
    }
    // Pairs (estimate, error or interval) under bands: 1-3 pairs (1 pair: no band line).
    const pairs = int(rng, kind === 1 ? 2 : 1, kind === 1 ? 3 : 2);
    const bands =
      rng() < 0.5 ? Array.from({ length: pairs }, (_, k) => String(2016 + int(rng, 0, 2) * 2 + k * 1)) : sample(rng, BANDS, pairs);
    const estName = pick(rng, ESTIMATE_NAMES);
    const errName = kind === 1 ? pick(rng, ERROR_NAMES) : pick(rng, CI_NAMES);
    const plusMinus = kind === 1 && errName !== "±" && variant % 4 < 2;
    const dash = variant % 4 < 2;
    const values = labels.map(() =>
      Array.from({ length: pairs }, () => {
        const v = estimate(rng);
        const e = Math.max(0.1, v * (0.02 + rng() * 0.08));
        const second =
          kind === 1
            ? `${plusMinus ? "±" : ""}${e.toFixed(1)}`
            : dash
              ? `${(v - e).toFixed(1)} - ${(v + e).toFixed(1)}`
              : `(${(v - e).toFixed(1)}, ${(v + e).toFixed(1)})`;
        return [v.toFixed(1), second];
      }),
    );
    const leaves = Array.from({ length: pairs }, () => [estName, errName]).flat();
    const widths = leaves.map((n, k) =>
      Math.max(
        font.bold.widthOfTextAtSize(n, size) + 2,
        ...values.map((r) => font.regular.widthOfTextAtSize(r[k >> 1]![k & 1]!, size)),
        30,
      ),
    );
    // A pair's band must fit over its two columns.
    for (let p = 0; p < pairs && pairs > 1; p++) {
      const need = font.bold.widthOfTextAtSize(bands[p]!, size) - (widths[2 * p]! + widths[2 * p + 1]! + colGap);
      if (need > 0) widths[2 * p + 1]! += need;
    }
    const colLeft: number[] = [];
    let at = x + stubWidth;
    for (const w of widths) {
      colLeft.push(at);
      at += w + colGap;
    }
    const right = at - colGap;
    if (ruled) canvas.hline(x, right, y - size * 0.4);
    let row = 0;
    if (pairs > 1) {
      bands.forEach((b, p) => {
        const x0 = colLeft[2 * p]!;
        const x1 = colLeft[2 * p + 1]! + widths[2 * p + 1]!;
        put(row, 1 + 2 * p, b, (x0 + x1 - font.bold.widthOfTextAtSize(b, size)) / 2, font.bold, size, 2);
        if (variant % 6 < 3) canvas.hline(x0, x1, y + size * 1.15, 0.5);
      });
      row++;
      y += pitch * 1.1;
    }
    put(row, 0, stubName, x, font.bold);
    leaves.forEach((n, k) => put(row, k + 1, n, colLeft[k]! + widths[k]! - font.bold.widthOfTextAtSize(n, size), font.bold));
    const headerRows = row + 1;
    row++;
    y += pitch;
    if (ruled) canvas.hline(x, right, y);
    y += size * 0.5;
    values.forEach((pairValues, r) => {
      put(row, 0, labels[r]!, x, font.regular);
      pairValues
        .flat()
        .forEach((t, k) => put(row, k + 1, t, colLeft[k]! + widths[k]! - font.regular.widthOfTextAtSize(t, size), font.regular));
      row++;
      y += pitch;
    });
    if (ruled) canvas.hline(x, right, y);
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated standard-errors table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows }];
  },
};
