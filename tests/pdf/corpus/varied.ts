// The varied drawer of the generated corpus: a table's look drawn from wide ranges (face, monospaced
// or not, size, line pitch, column gap, number format, label length, indents, gaps between rows,
// rulings present or not), so that a rule fitted to one draw of a family fails on another. The
// families that test where a table starts and ends, its column bands and its header levels draw
// their look here; the older families keep their own draws (their seeds stay comparable).
import type { PDFFont } from "pdf-lib";
import type { Canvas } from "./canvas";
import { int, pick, type Rng } from "./content";
import type { FontPair, FontSet } from "./fonts";
import type { HeaderLabel } from "./draw-table";
import type { TruthCell } from "./truth";

/** Number formats seen in government reports (the shared `numberText` has the first four). */
export const VARIED_FORMATS = [
  "thousands",
  "decimal",
  "signed",
  "percent",
  "spaced-thousands",
  "bracketed-negative",
  "two-decimals",
] as const;
export type VariedFormat = (typeof VARIED_FORMATS)[number];

export function variedNumber(rng: Rng, format: VariedFormat): string {
  switch (format) {
    case "thousands":
      return int(rng, 3, 987_654).toLocaleString("en-US");
    case "decimal":
      return (int(rng, 1, 99_999) / 10).toFixed(1);
    case "signed": {
      const v = (int(rng, -999, 999) / 10).toFixed(1);
      return v.startsWith("-") ? v : `+${v}`;
    }
    case "percent":
      return `${(int(rng, 0, 1000) / 10).toFixed(1)}%`;
    case "spaced-thousands":
      // A thin run of digits in groups of three split by spaces, as several statistical offices print.
      return int(rng, 1_000, 987_654).toLocaleString("en-US").replace(/,/g, " ");
    case "bracketed-negative": {
      const v = int(rng, -9_999, 9_999).toLocaleString("en-US");
      return v.startsWith("-") ? `(${v.slice(1)})` : v;
    }
    case "two-decimals":
      return (int(rng, 0, 99_999) / 100).toFixed(2);
  }
}

/** Labels of varied length: one word, two, or a long phrase. */
const HEADS = [
  "Total",
  "Wheat",
  "Manufacturing",
  "Households",
  "Public administration",
  "Retail trade",
  "Energy supply",
  "Net lending",
  "Transport",
  "Education",
  "Health",
  "Research and development",
  "Other services",
  "Agriculture, forestry and fishing",
  "Mining",
  "Water",
  "Construction",
  "Exports of goods",
  "Imports of services",
  "Central government",
  "Local government",
  "Social security funds",
];
const QUALIFIERS = ["", "", " (net)", " and related", ", total", " excl. energy", " of which: small firms", " (estimated)"];

export function variedLabel(rng: Rng, used: Set<string>): string {
  for (let tries = 0; tries < 50; tries++) {
    const label = `${pick(rng, HEADS)}${pick(rng, QUALIFIERS)}`;
    if (!used.has(label)) {
      used.add(label);
      return label;
    }
  }
  const label = `Item ${used.size + 1}`;
  used.add(label);
  return label;
}

export type Rulings = "none" | "frame-lines" | "every-row";

export interface VariedLook {
  font: FontPair;
  mono: boolean;
  size: number;
  /** Line pitch, a multiple of the size. */
  pitch: number;
  colGap: number;
  format: VariedFormat;
  rulings: Rulings;
  x: number;
  y: number;
}

/** One draw of a table's look. `allowMono` false for families whose point is a proportional face. */
export async function drawLook(
  rng: Rng,
  fonts: FontSet,
  options: { allowMono?: boolean; rulings?: readonly Rulings[] } = {},
): Promise<VariedLook> {
  const mono = (options.allowMono ?? true) && rng() < 0.3;
  const font = mono ? await fonts.mono(int(rng, 0, 1)) : await fonts.proportional(int(rng, 0, 2));
  return {
    font,
    mono,
    size: mono ? int(rng, 7, 9) : int(rng, 7, 11),
    pitch: 1.2 + rng() * 0.9,
    colGap: int(rng, 10, 34),
    format: pick(rng, VARIED_FORMATS),
    rulings: pick(rng, options.rulings ?? ["none", "frame-lines", "none"]),
    x: int(rng, 40, 90),
    y: int(rng, 60, 140),
  };
}

export interface VariedRow {
  cells: string[];
  /** Points the first cell's text is set in from its column's left edge. */
  indent?: number;
  /** Extra space above the row, in lines. */
  gapBefore?: number;
  /** The first cell followed by leader dots up to the column's right edge (drawing, not text). */
  leaders?: boolean;
  /** Bold row (a group heading). */
  bold?: boolean;
}

export interface VariedPlan {
  headerLines: HeaderLabel[][];
  rows: VariedRow[];
}

export interface VariedDrawn {
  cells: TruthCell[];
  colX: Array<[number, number]>;
  /** Logical top and bottom of each row (header lines first). */
  rowY: Array<[number, number]>;
  /** Logical box of the whole table. */
  box: [number, number, number, number];
  headerRows: number;
}

const NUMERIC = /^[(+-]?[\d.,% ]+\)?%?$|^\[[\d.,]+[-–][\d.,]+\]$|^\([\d.,]+\)$/;

export function isNumeric(text: string): boolean {
  return NUMERIC.test(text);
}

/** Column widths from the texts (indents and bands included); `gaps[c]` is the space after column
 * c (default the look's gap). */
export function variedWidths(plan: VariedPlan, look: VariedLook): number[] {
  const n = Math.max(...plan.rows.map((r) => r.cells.length), ...plan.headerLines.map((l) => Math.max(...l.map((h) => h.col + h.colSpan))));
  const widths = Array.from({ length: n }, () => 0);
  const w = (t: string, f: PDFFont) => f.widthOfTextAtSize(t, look.size);
  for (const row of plan.rows)
    row.cells.forEach(
      (t, c) =>
        (widths[c] = Math.max(
          widths[c]!,
          w(t, row.bold ? look.font.bold : look.font.regular) + (c === 0 ? (row.indent ?? 0) + (row.leaders ? look.size * 2 : 0) : 0),
        )),
    );
  for (const line of plan.headerLines)
    for (const h of line) if (h.colSpan === 1) widths[h.col] = Math.max(widths[h.col]!, w(h.text, look.font.bold));
  for (const line of plan.headerLines) {
    for (const h of line) {
      if (h.colSpan === 1) continue;
      const span = widths.slice(h.col, h.col + h.colSpan).reduce((a, b) => a + b, 0) + look.colGap * (h.colSpan - 1);
      const need = w(h.text, look.font.bold);
      if (need > span) widths[h.col + h.colSpan - 1]! += need - span;
    }
  }
  return widths;
}

/** Draws the plan at the look's place; labels left (after their indent), numbers right, header
 * labels centred over their columns. Rulings per the look: a rule above and below the header and
 * below the table, or one under every row. Returns the truth (row numbers count header lines). */
export function drawVaried(
  canvas: Canvas,
  plan: VariedPlan,
  look: VariedLook,
  options: { gaps?: number[]; y?: number; rowOffset?: number; typedRule?: boolean; widths?: readonly number[] } = {},
): VariedDrawn {
  // Stacked blocks of one layout pass the widths of them all, so their columns line up.
  const widths = options.widths ? [...options.widths] : variedWidths(plan, look);
  const colX: Array<[number, number]> = [];
  let at = look.x;
  widths.forEach((w, c) => {
    colX.push([at, at + w]);
    at += w + (options.gaps?.[c] ?? look.colGap);
  });
  const step = look.size * look.pitch;
  const cells: TruthCell[] = [];
  const rowY: Array<[number, number]> = [];
  let y = options.y ?? look.y;
  let row = 0;
  const place = (text: string, col: number, colSpan: number, font: PDFFont, align: "left" | "right" | "centre", indent = 0) => {
    const x0 = colX[col]![0] + indent;
    const x1 = colX[col + colSpan - 1]![1];
    const width = font.widthOfTextAtSize(text, look.size);
    const left = align === "centre" ? (x0 + x1 - width) / 2 : align === "right" ? x1 - width : x0;
    const box = canvas.text(text, left, y, look.size, font);
    cells.push({ row: row + (options.rowOffset ?? 0), col, rowSpan: 1, colSpan, text, box: canvas.displayedBox(box) });
    return box;
  };
  const left = colX[0]![0] - 2;
  const right = colX[colX.length - 1]![1] + 2;
  const rule = (at: number) => canvas.hline(left, right, at, 0.6);
  if (look.rulings !== "none") rule(y - (step - look.size) / 2 - 1);
  for (const line of plan.headerLines) {
    rowY.push([y, y + look.size]);
    for (const h of line)
      if (h.text !== "") place(h.text, h.col, h.colSpan, look.font.bold, h.col === 0 && h.colSpan === 1 ? "left" : "centre");
    y += step;
    row++;
  }
  if (look.rulings !== "none" && plan.headerLines.length > 0) rule(y - (step - look.size) / 2 - 1);
  if (options.typedRule) {
    // A rule of typed dashes under the header: text on a line of its own, not a cell.
    const dash = look.font.regular.widthOfTextAtSize("-", look.size);
    canvas.text("-".repeat(Math.max(3, Math.floor((right - left - 4) / dash))), left + 2, y, look.size, look.font.regular);
    y += step;
  }
  plan.rows.forEach((r, k) => {
    y += (r.gapBefore ?? 0) * step;
    rowY.push([y, y + look.size]);
    r.cells.forEach((t, c) => {
      if (t === "") return;
      const font = r.bold ? look.font.bold : look.font.regular;
      const box = place(t, c, 1, font, c > 0 && isNumeric(t) ? "right" : "left", c === 0 ? (r.indent ?? 0) : 0);
      if (c === 0 && r.leaders) {
        const dot = font.widthOfTextAtSize(".", look.size);
        const room = colX[0]![1] - box[2] - dot * 2;
        if (room > dot * 3) canvas.text(".".repeat(Math.floor(room / dot)), box[2] + dot, y, look.size, font);
      }
    });
    y += step;
    row++;
    if (look.rulings === "every-row" || (look.rulings === "frame-lines" && k === plan.rows.length - 1))
      rule(y - (step - look.size) / 2 - 1);
  });
  const box: [number, number, number, number] = [colX[0]![0], rowY[0]![0], colX[colX.length - 1]![1], rowY[rowY.length - 1]![1]];
  if (box[2] > canvas.width - 10 || box[3] > canvas.height - 10)
    throw new Error(`generated table does not fit its page: ${box.map(Math.round).join(",")} on ${canvas.width}x${canvas.height}`);
  return { cells, colX, rowY, box, headerRows: plan.headerLines.length };
}

/** A header line naming every column (a stub name, then the columns' names). */
export function headerLine(names: readonly string[]): HeaderLabel[] {
  return names.map((text, col) => ({ text, col, colSpan: 1 }));
}

/** Shrinks the look (size, then gap) until the plan fits the page's width from its x. */
export function fitLook(plan: VariedPlan, look: VariedLook, pageWidth: number, gaps?: (look: VariedLook) => number[]): VariedLook {
  let fitted = look;
  for (let k = 0; k < 12; k++) {
    const widths = variedWidths(plan, fitted);
    const g = gaps?.(fitted) ?? widths.map(() => fitted.colGap);
    const total = widths.reduce((a, b) => a + b, 0) + g.slice(0, -1).reduce((a, b) => a + b, 0);
    if (fitted.x + total <= pageWidth - 24) return fitted;
    fitted = {
      ...fitted,
      size: Math.max(6, fitted.size - 1),
      colGap: Math.max(8, Math.round(fitted.colGap * 0.8)),
      x: Math.max(30, fitted.x - 10),
    };
  }
  return fitted;
}
