// Typewriter tables: a monospaced face, each line ONE text run padded with spaces, rules made of
// dashes (one per column, or one across), and dot leaders from a row label to its first number.
// The dashes and dots are drawing, not cells.
import { Canvas } from "../canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";

export const monospacedDashes: Family = {
  name: "monospaced-dashes",
  about: "typewriter table: dash rules, dot leaders, one text run per line",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.mono(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const cols = int(rng, 2, 5);
    const style = pick(rng, STYLES);
    const header = [pick(rng, ["Item", "Country", "Sector"]), ...columnNames(rng, cols)];
    const body = rowLabels(rng, int(rng, 4, 9)).map((label) => [label, ...numberRow(rng, cols, style)]);
    const leaders = variant % 2 === 0;
    const charWidth = font.regular.widthOfTextAtSize("0", size);
    // Column widths in characters; the label column leaves room for leaders.
    const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => r[c]!.length)) + (c === 0 && leaders ? 4 : 0));
    const gap = int(rng, 2, 4);
    const starts: number[] = [];
    let at = 0;
    for (const w of widths) {
      starts.push(at);
      at += w + gap;
    }
    const lineChars = at - gap;
    const x = int(rng, 50, 90);
    let y = int(rng, 80, 150);
    const pitch = size * 1.3;
    const cells: TruthCell[] = [];
    // Cell texts placed in a line of spaces; numbers right-aligned in their column.
    const drawLine = (texts: string[], row: number, fill: (c: number, text: string) => string) => {
      const chars = Array.from({ length: lineChars }, () => " ");
      texts.forEach((text, c) => {
        const padded = fill(c, text);
        const start = c === 0 ? starts[c]! : starts[c]! + widths[c]! - padded.length;
        [...padded].forEach((ch, k) => (chars[start + k] = ch));
        const textStart = c === 0 ? starts[c]! : starts[c]! + widths[c]! - text.length;
        const box = canvas.displayedBox([x + textStart * charWidth, y, x + (textStart + text.length) * charWidth, y + size]);
        cells.push({ row, col: c, rowSpan: 1, colSpan: 1, text, box });
      });
      canvas.text(chars.join("").trimEnd(), x, y, size, font.regular);
      y += pitch;
    };
    const rule = () => {
      const line = variant % 3 === 0 ? "-".repeat(lineChars) : widths.map((w) => "-".repeat(w)).join(" ".repeat(gap));
      canvas.text(line, x, y, size, font.regular);
      y += pitch;
    };
    if (variant % 3 !== 1) rule();
    drawLine(header, 0, (_c, text) => text);
    rule();
    body.forEach((row, r) =>
      drawLine(row, r + 1, (c, text) => {
        if (c !== 0 || !leaders) return text;
        // "Label ......" up to one space before the column's end.
        const dots = widths[0]! - text.length - 2;
        return dots >= 2 ? `${text} ${".".repeat(dots)}` : text;
      }),
    );
    rule();
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
