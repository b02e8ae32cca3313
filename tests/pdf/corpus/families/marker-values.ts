// Values carrying revision and status markers as US and EU releases print them: the digits stay
// right-aligned while the marker hangs past the column's edge: a small raised letter ("1,234" with
// a superscript "r", "p", "e"), an asterisk ("12.5*"), a bracketed flag ("(p)", "(r)") after a
// space; placeholders standing for a value ("—", "(NA)", "(X)", "(S)", "(Z)", "(D)") right-aligned
// where the digits end; a preliminary year over the last column ("2023p", or a raised "p"); raised
// footnote digits after some stub labels. Sub-variants cycle the marker styles and fonts. Truth: a
// marker belongs to the cell of its value, written after it with a space where it is a chunk of
// its own (the metric drops whitespace); a placeholder is a cell.
import type { PDFFont } from "pdf-lib";
import { Canvas } from "../canvas";
import { int, numberText, pick, rowLabels, STYLES } from "../content";
import type { Family } from "../family";
import type { TruthCell } from "../truth";
import { columnRights, columnsThatFit } from "../value-columns";

type Marker =
  | { kind: "none" }
  | { kind: "sup"; mark: string }
  | { kind: "star" }
  | { kind: "flag"; mark: string }
  | { kind: "placeholder"; mark: string };

const PLACEHOLDERS = ["\u2014", "(NA)", "(X)", "(S)", "(Z)", "(D)"];

export const markerValues: Family = {
  name: "marker-values",
  about:
    "values with revision/preliminary markers hanging past the digits (raised letters, *, (p)), placeholders, a preliminary year, footnote digits on labels",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    let cols = int(rng, 3, 6);
    const style = pick(rng, STYLES);
    const labels = rowLabels(rng, int(rng, 5, 10));
    const start = int(rng, 2012, 2019);
    // Sub-variants: which hanging marker the table uses (0 raised letters, 1 asterisks, 2 flags
    // in brackets, 3 all three); the last year marked preliminary in the run ("2023p") or raised.
    const kinds = [["sup"], ["star"], ["flag"], ["sup", "star", "flag"]][variant % 4]!;
    const raisedYear = variant % 2 === 1;
    const years = Array.from({ length: cols }, (_, k) => String(start + k));
    const supSize = size * 0.65;
    const marker = (): Marker => {
      const u = rng();
      if (u < 0.12) return { kind: "placeholder", mark: pick(rng, PLACEHOLDERS) };
      if (u < 0.4) {
        const kind = pick(rng, kinds);
        if (kind === "sup") return { kind, mark: pick(rng, ["r", "p", "e"]) };
        if (kind === "flag") return { kind, mark: pick(rng, ["(p)", "(r)", "(e)"]) };
        return { kind: "star" };
      }
      return { kind: "none" };
    };
    const body = labels.map(() => Array.from({ length: cols }, () => ({ value: numberText(rng, style), marker: marker() })));
    const notes = labels.map(() => (rng() < 0.25 ? String(int(rng, 1, 6)) : ""));
    const stubWidth =
      Math.max(
        ...labels.map(
          (l, r) => font.regular.widthOfTextAtSize(l, size) + (notes[r] ? font.regular.widthOfTextAtSize(notes[r], supSize) + 1 : 0),
        ),
        font.bold.widthOfTextAtSize("Item", size),
      ) + int(rng, 12, 26);
    // The gutter holds the widest hanging marker plus a clear gap.
    const hang = Math.max(font.regular.widthOfTextAtSize("(p)", size) + size * 0.25, font.regular.widthOfTextAtSize("*", size));
    const gap = int(rng, 12, 20) + hang;
    const lastName = raisedYear ? years[cols - 1]! : `${years[cols - 1]}p`;
    const widths = years.map((y, c) =>
      Math.max(
        font.bold.widthOfTextAtSize(c === cols - 1 ? lastName : y, size),
        ...body.map((r) =>
          font.regular.widthOfTextAtSize(r[c]!.marker.kind === "placeholder" ? (r[c]!.marker as { mark: string }).mark : r[c]!.value, size),
        ),
      ),
    );
    const x = int(rng, 50, 80);
    let y = int(rng, 80, 140);
    const pitch = size * (1.3 + rng() * 0.3);
    cols = columnsThatFit(cols, x + stubWidth, Math.max(...widths) + hang, gap, canvas.width - hang);
    years.length = cols;
    widths.length = cols;
    const rights = columnRights(x + stubWidth, widths, gap);
    const cells: TruthCell[] = [];
    const put = (row: number, col: number, text: string, boxes: Array<[number, number, number, number]>) =>
      cells.push({
        row,
        col,
        rowSpan: 1,
        colSpan: 1,
        text,
        box: canvas.displayedBox([
          Math.min(...boxes.map((b) => b[0])),
          Math.min(...boxes.map((b) => b[1])),
          Math.max(...boxes.map((b) => b[2])),
          Math.max(...boxes.map((b) => b[3])),
        ]),
      });
    /** Text right-aligned on `right`, then a raised mark hanging after it. */
    const withRaised = (text: string, mark: string, right: number, at: number, f: PDFFont) => {
      const main = canvas.text(text, right - f.widthOfTextAtSize(text, size), at, size, f);
      const sup = canvas.text(mark, right + 0.6, at - size * 0.15, supSize, f);
      return [main, sup];
    };
    // Header: "Item" left, years right-aligned, the last one preliminary.
    put(0, 0, "Item", [canvas.text("Item", x, y, size, font.bold)]);
    years.forEach((yr, c) => {
      if (c === cols - 1 && raisedYear) put(0, c + 1, `${yr} p`, withRaised(yr, "p", rights[c]!, y, font.bold));
      else {
        const t = c === cols - 1 ? lastName : yr;
        put(0, c + 1, t, [canvas.text(t, rights[c]! - font.bold.widthOfTextAtSize(t, size), y, size, font.bold)]);
      }
    });
    y += pitch * 1.5;
    labels.forEach((label, r) => {
      const row = r + 1;
      const main = canvas.text(label, x, y, size, font.regular);
      if (notes[r])
        put(row, 0, `${label} ${notes[r]}`, [main, canvas.text(notes[r], main[2] + 0.5, y - size * 0.15, supSize, font.regular)]);
      else put(row, 0, label, [main]);
      body[r]!.slice(0, cols).forEach(({ value, marker: m }, c) => {
        const right = rights[c]!;
        const plain = (t: string) => [canvas.text(t, right - font.regular.widthOfTextAtSize(t, size), y, size, font.regular)];
        switch (m.kind) {
          case "none":
            return put(row, c + 1, value, plain(value));
          case "placeholder":
            return put(row, c + 1, m.mark, plain(m.mark));
          case "sup":
            return put(row, c + 1, `${value} ${m.mark}`, withRaised(value, m.mark, right, y, font.regular));
          case "star": {
            // The asterisk in the same run as the digits, hanging: the digits stay aligned.
            const t = `${value}*`;
            return put(row, c + 1, t, [canvas.text(t, right - font.regular.widthOfTextAtSize(value, size), y, size, font.regular)]);
          }
          case "flag": {
            const digits = plain(value)[0]!;
            const flag = canvas.text(m.mark, right + size * 0.25, y, size, font.regular);
            return put(row, c + 1, `${value} ${m.mark}`, [digits, flag]);
          }
        }
      });
      y += pitch;
    });
    const right = rights[cols - 1]! + hang;
    if (y > canvas.height - 20 || right > canvas.width - 10) throw new Error("generated marker-values table does not fit its page");
    canvas.finish();
    return [{ page: 1, cells, headerRows: 1 }];
  },
};
