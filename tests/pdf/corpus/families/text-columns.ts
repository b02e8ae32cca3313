// A classification table: a code column ("311", "21-22", "B06.1"), then a description column of
// running text wrapped onto one to four lines, then value columns; the code and the values on the
// description's first line, or (odd variants) the values on its last line, as many US reports set
// them. Sub-variants: rows separated by a little white space, by a thin rule across the table, or
// by nothing at all (the next code is the only sign of a new row); in some variants a text
// "Status" column after the values; every fifth variant without the rules above and below the
// header. Truth: a description's lines are one cell (the ICDAR ground truth joins a cell's
// lines); each printed code starts a row.
import { Canvas } from "../canvas";
import { columnNames, int, numberText, pick, sample, STYLES, wrapWords } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

const ENTRIES: Array<[string, string]> = [
  ["111", "Crop production, including oilseed and grain farming, vegetable and melon farming"],
  ["112", "Animal production and aquaculture"],
  ["113", "Forestry and logging"],
  ["211", "Oil and gas extraction"],
  ["212", "Mining (except oil and gas), including coal, metal ore and nonmetallic mineral mining and quarrying"],
  ["221", "Utilities: electric power generation, transmission and distribution; natural gas distribution; water, sewage and other systems"],
  ["236", "Construction of buildings"],
  ["311", "Food manufacturing"],
  ["325", "Chemical manufacturing, excluding pharmaceutical preparations"],
  ["334", "Computer and electronic product manufacturing"],
  ["4541", "Electronic shopping and mail-order houses"],
  ["481", "Air transportation, scheduled and nonscheduled"],
  ["5112", "Software publishers"],
  ["522", "Credit intermediation and related activities, such as commercial banking, savings institutions and credit unions"],
  ["541", "Professional, scientific, and technical services"],
  ["561", "Administrative and support services"],
  ["621", "Ambulatory health care services, such as offices of physicians, dentists and other health practitioners"],
  ["722", "Food services and drinking places"],
  ["811", "Repair and maintenance"],
  ["92", "Public administration"],
];
const STATUS = ["Revised", "Final", "Provisional", "New series", "Discontinued", "Unchanged"];

export const textColumns: Family = {
  name: "text-columns",
  about: "a code column, a description wrapped onto several lines, value columns on its first line: each description is one cell",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 2, 4);
    const style = pick(rng, STYLES);
    const entries = sample(rng, ENTRIES, int(rng, 5, 9)).sort((a, b) => a[0].localeCompare(b[0]));
    // Sub-variants: 0 a little white space between rows, 1 a thin rule between rows, 2 nothing.
    const separation = variant % 3;
    // Every fourth variant ends with a text column after the values.
    const status = variant % 4 === 3;
    // Odd variants set the values (and the status) on the description's LAST line, as many US
    // reports do; the code stays on its first.
    const onLast = variant % 2 === 1;
    // Every fifth variant has no rules above, under or below the header and the body.
    const framed = variant % 5 !== 4;
    const codeName = pick(rng, ["Code", "NAICS code", "Item"]);
    const textName = pick(rng, ["Description", "Industry", "Kind of business"]);
    const names = columnNames(rng, cols);
    const codeWidth = Math.max(
      font.bold.widthOfTextAtSize(codeName, size),
      ...entries.map((e) => font.regular.widthOfTextAtSize(e[0], size)),
    );
    let textWidth = int(rng, 120, 190);
    const gap = int(rng, 12, 22);
    const valueWidth = Math.max(int(rng, 36, 48), ...names.map((n) => font.bold.widthOfTextAtSize(n, size) + 2));
    const statusWidth = Math.max(
      ...STATUS.map((s) => font.regular.widthOfTextAtSize(s, size)),
      font.bold.widthOfTextAtSize("Status", size),
    );
    const x = int(rng, 45, 80);
    let y = int(rng, 70, 120);
    const pitch = size * (1.15 + rng() * 0.2);
    const textX = x + codeWidth + gap;
    // Too wide for the page: fewer value columns first, then a narrower description.
    const need = () => textX + textWidth + cols * (gap + valueWidth) + (status ? gap + statusWidth : 0);
    while (cols > 2 && need() > canvas.width - 15) {
      names.pop();
      cols--;
    }
    if (need() > canvas.width - 15) textWidth -= need() - (canvas.width - 15);
    const valueRight = (c: number) => textX + textWidth + c * (gap + valueWidth);
    const statusX = valueRight(cols) + gap;
    const right = status ? statusX + statusWidth : valueRight(cols);
    const cells: TruthCell[] = [];
    const put = (row: number, col: number, text: string, left: number, at: number, bold: boolean) =>
      cells.push({
        row,
        col,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: canvas.displayedBox(canvas.text(text, left, at, size, bold ? font.bold : font.regular)),
      });
    // Header: the code's and the description's names left-aligned, value names right-aligned.
    if (framed) canvas.hline(x, right, y - size * 0.5, 0.75);
    put(0, 0, codeName, x, y, true);
    put(0, 1, textName, textX, y, true);
    names.forEach((n, c) => put(0, c + 2, n, valueRight(c + 1) - font.bold.widthOfTextAtSize(n, size), y, true));
    if (status) put(0, cols + 2, "Status", statusX, y, true);
    y += pitch;
    if (framed) canvas.hline(x, right, y, 0.5);
    y += size * 0.5;
    entries.forEach(([code, text], r) => {
      const row = r + 1;
      const lines = wrapWords(text, font.regular, size, textWidth);
      put(row, 0, code, x, y, false);
      const boxes = lines.map((line, k) => canvas.text(line, textX, y + k * pitch, size, font.regular));
      const box: [number, number, number, number] = [textX, boxes[0]![1], Math.max(...boxes.map((b) => b[2])), boxes[boxes.length - 1]![3]];
      cells.push({ row, col: 1, rowSpan: 1, colSpan: 1, text: lines.join(" "), box: canvas.displayedBox(box) });
      const vy = onLast ? y + (lines.length - 1) * pitch : y;
      for (let c = 1; c <= cols; c++) {
        const v = numberText(rng, style);
        put(row, c + 1, v, valueRight(c) - font.regular.widthOfTextAtSize(v, size), vy, false);
      }
      if (status) put(row, cols + 2, pick(rng, STATUS), statusX, vy, false);
      y += lines.length * pitch;
      if (separation === 0) y += size * (0.5 + rng() * 0.4);
      else if (separation === 1 && r < entries.length - 1) {
        canvas.hline(x, right, y - size * 0.1, 0.3);
        y += size * 0.4;
      }
    });
    if (framed) canvas.hline(x, right, y, 0.75);
    if (y > canvas.height - 20 || right > canvas.width - 10)
      throw new Error(`generated text-columns table does not fit its page: ${Math.round(right)} x ${Math.round(y)}`);
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
