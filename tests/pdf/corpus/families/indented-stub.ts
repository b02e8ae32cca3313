// An unruled statistical table (some variants: only top, header and bottom rules) whose stub shows
// a hierarchy by indentation, two or three levels about 1-2 em apart: parent rows such as "All
// persons" or "Total, all industries" carry totals, section heads such as "Male:" carry no values,
// children stand indented below; in some variants a long child label wraps onto a second line with
// a hanging indent (the continuation further indented), its values on the first or the last line.
// Truth: each label's lines are one row; a section head is a row of its own with empty values
// (as the ICDAR ground truth keeps an EU document's "Effectiveness" / "Processes" heads in column 0).
// Every fifth variant runs spaced dot leaders from each label to its values (text of the stub
// cell as printed: the ICDAR ground truth's content is the text inside a cell).
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, STYLES, wrapWords, type Rng } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnsThatFit, placeValues } from "../value-columns";

/** One stub line-group: its label, its level (0 = flush left) and whether it carries values. */
interface StubRow {
  label: string;
  level: number;
  values: boolean;
}

const AGES = [
  "16 to 19 years",
  "20 to 24 years",
  "25 to 34 years",
  "35 to 44 years",
  "45 to 54 years",
  "55 to 64 years",
  "65 years and over",
];
const INDUSTRIES: Array<[string, string[]]> = [
  ["Goods-producing:", ["Mining and logging", "Construction", "Manufacturing, durable goods and nondurable goods combined"]],
  [
    "Service-providing:",
    [
      "Trade, transportation, and utilities",
      "Information",
      "Financial activities",
      "Professional and business services",
      "Education and health services",
      "Leisure and hospitality",
    ],
  ],
  ["Government:", ["Federal", "State government, excluding education", "Local government, excluding education"]],
];
const REGIONS: Array<[string, string[]]> = [
  ["Northeast:", ["New England", "Middle Atlantic"]],
  ["Midwest:", ["East North Central", "West North Central"]],
  ["South:", ["South Atlantic", "East South Central", "West South Central"]],
  ["West:", ["Mountain", "Pacific"]],
];
const HOUSEHOLDS = [
  "Married-couple households with own children under 18 years",
  "Other family households, no spouse present",
  "Persons living alone",
  "Persons living with nonrelatives only",
];

/** The hierarchy of one variant: a total row, sections (a head without values or a subtotal with
 * values), children, and in some variants a third level. */
function hierarchy(rng: Rng): StubRow[] {
  const kind = int(rng, 0, 2);
  const rows: StubRow[] = [];
  if (kind === 0) {
    rows.push({ label: pick(rng, ["All persons", "Total, 16 years and over", "Both sexes"]), level: 0, values: true });
    const ages = AGES.slice(int(rng, 0, 2)).slice(0, int(rng, 3, 5));
    for (const sex of ["Male:", "Female:"]) {
      const withTotal = rng() < 0.5;
      rows.push({ label: withTotal ? sex.replace(":", "s") : sex, level: 0, values: withTotal });
      for (const age of ages) rows.push({ label: age, level: 1, values: true });
    }
  } else if (kind === 1) {
    rows.push({ label: "Total, all industries", level: 0, values: true });
    for (const [head, children] of INDUSTRIES.slice(0, int(rng, 2, 3))) {
      // A section head carries no values and ends with a colon; a subtotal has values and no colon.
      const subtotal = rng() < 0.5;
      rows.push({ label: subtotal ? head.replace(":", "") : head, level: 0, values: subtotal });
      for (const child of children.slice(0, int(rng, 2, 4))) rows.push({ label: child, level: 1, values: true });
    }
  } else {
    rows.push({ label: "United States", level: 0, values: true });
    for (const [head, divisions] of REGIONS.slice(0, int(rng, 2, 3))) {
      const subtotal = rng() < 0.5;
      rows.push({ label: subtotal ? head.replace(":", "") : head, level: 0, values: subtotal });
      for (const division of divisions) {
        rows.push({ label: division, level: 1, values: true });
        // A third level under one division: household types (long labels that may wrap).
        if (rng() < 0.3) for (const h of HOUSEHOLDS.slice(0, int(rng, 1, 2))) rows.push({ label: h, level: 2, values: true });
      }
    }
  }
  return rows;
}

/** `text` wrapped into the stub: the first line `width` wide, the next ones set `hanging` further
 * right and so that much narrower (all end at the stub's right edge). */
function hangingWrap(
  text: string,
  font: { widthOfTextAtSize(text: string, size: number): number },
  size: number,
  width: number,
  hanging: number,
): string[] {
  const [first, ...rest] = wrapWords(text, font, size, width);
  return rest.length === 0 ? [first!] : [first!, ...wrapWords(rest.join(" "), font, size, width - hanging)];
}

export const indentedStub: Family = {
  name: "indented-stub",
  about: "a stub column showing a hierarchy by indentation: each label is one row, a section head without values is a row of its own",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 2, 4);
    const style = pick(rng, STYLES);
    // Sub-variants: wrapping labels in two of three, values on a wrapped label's last line in half,
    // top, header and bottom rules in every other.
    const wrap = variant % 3 !== 1;
    // Labels too long for one line at these sizes appear only where the stub wraps them.
    // Every sixth variant prints its section heads without the colon (as an EU report does).
    const bareHeads = variant % 6 === 5;
    const rows = hierarchy(rng)
      .filter((r) => wrap || r.level === 0 || font.regular.widthOfTextAtSize(r.label, size) < 170)
      .map((r) => (bareHeads && !r.values ? { ...r, label: r.label.replace(/:$/, "") } : r));
    const indent = size * (1 + rng());
    const onLast = variant % 4 >= 2;
    const ruled = variant % 2 === 1;
    const leaders = variant % 5 === 4;
    // Every fifth variant (another one) sets the flush-left rows (totals, section heads) in bold.
    const boldHeads = variant % 5 === 3;
    const fontOf = (row: StubRow) => (boldHeads && row.level === 0 ? font.bold : font.regular);
    // A wrapping stub is narrow (its long labels break); otherwise it fits its longest label.
    const widest = Math.max(...rows.map((r) => r.level * indent + fontOf(r).widthOfTextAtSize(r.label, size)));
    const stubWidth = wrap ? int(rng, 130, 160) : widest + int(rng, 10, 20);
    const colGap = int(rng, 16, 28);
    const header = [pick(rng, ["Characteristic", "Industry", "Area", ""]), ...columnNames(rng, cols)];
    // A column at least as wide as its name (a wider name would run into the column to its left).
    const valueWidth = Math.max(int(rng, 38, 52), ...header.slice(1).map((h) => font.bold.widthOfTextAtSize(h, size) + 4));
    const x = int(rng, 50, 90);
    let y = int(rng, 80, 130);
    const pitch = size * (1.2 + rng() * 0.25);
    const hanging = size * (0.8 + rng() * 0.7);
    const colX = (c: number) => x + stubWidth + colGap + (c - 1) * (valueWidth + colGap);
    // Wide names on many columns: as many columns as the page holds.
    cols = columnsThatFit(cols, x + stubWidth, valueWidth, colGap, canvas.width);
    header.length = cols + 1;
    // Each value column's right edge: its values and name are right-aligned on it.
    const rights = Array.from({ length: cols }, (_, k) => colX(k + 1) + valueWidth);
    const right = rights[cols - 1]!;
    const cells: TruthCell[] = [];
    if (ruled) canvas.hline(x, right, y - size * 0.4);
    header.forEach((text, c) => {
      if (!text) return;
      const w = font.bold.widthOfTextAtSize(text, size);
      const left = c === 0 ? x : rights[c - 1]! - w;
      cells.push({ row: 0, col: c, rowSpan: 1, colSpan: 1, text, box: canvas.displayedBox(canvas.text(text, left, y, size, font.bold)) });
    });
    y += pitch;
    if (ruled) canvas.hline(x, right, y);
    y += size * 0.5;
    rows.forEach((row, r) => {
      const left = x + row.level * indent;
      const lines = wrap ? hangingWrap(row.label, fontOf(row), size, stubWidth - row.level * indent, hanging) : [row.label];
      const boxes = lines.map((line, k) => canvas.text(line, k === 0 ? left : left + hanging, y + k * pitch, size, fontOf(row)));
      const vy = onLast ? y + (lines.length - 1) * pitch : y;
      // Every fifth variant leads the eye from a label with values to them with spaced dots (US
      // Census style), after the label's line that carries the values. They lie inside the stub
      // cell, so they are part of its text as printed (the ICDAR ground truth's content is the
      // text inside a cell; the EU set has no leaders to say more).
      const texts = [...lines];
      if (leaders && row.values) {
        const k = onLast ? lines.length - 1 : 0;
        const from = boxes[k]![2] + size * 0.3;
        const n = Math.floor((x + stubWidth + colGap * 0.4 - from) / font.regular.widthOfTextAtSize(". ", size));
        if (n >= 3) {
          const dots = Array.from({ length: n }, () => ".").join(" ");
          boxes.push(canvas.text(dots, from, vy, size, font.regular));
          texts[k] = `${texts[k]} ${dots}`;
        }
      }
      const box: [number, number, number, number] = [
        Math.min(...boxes.map((b) => b[0])),
        Math.min(...boxes.map((b) => b[1])),
        Math.max(...boxes.map((b) => b[2])),
        Math.max(...boxes.map((b) => b[3])),
      ];
      cells.push({ row: r + 1, col: 0, rowSpan: 1, colSpan: 1, text: texts.join(" "), box: canvas.displayedBox(box) });
      if (row.values) {
        placeValues(canvas, cells, r + 1, numberRow(rng, cols, style), rights, vy, size, font.regular);
      }
      y += lines.length * pitch;
    });
    if (ruled) canvas.hline(x, right, y + size * 0.1);
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated indented-stub table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
