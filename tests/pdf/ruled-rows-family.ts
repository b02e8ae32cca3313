// A layout family for the ink grid's tests, kept out of the generated corpus (adding it there would
// change every generated eval set): an unruled-column table with a thin horizontal rule between its
// text lines. Some publishers set a hairline under every row, or under the header and every row;
// others underline each row just under its baseline. On a scan such a rule is a run of a few inked
// pixel rows across the whole table, as many of them as there are text lines or one more, and it
// must not be taken for a line of text (it would close every gutter).
// Varied per draw: face (proportional or typewriter), size, pitch, column gap, column and row
// counts, the rule's thickness, where it stands (midway between rows, or just under the baseline),
// whether it runs under every row or every other, dashed or solid, and how far past the text it
// reaches. Truth: the rules are not cells.
import { Canvas } from "./corpus/canvas";
import { columnNames, int, numberRow, pick, rowLabels, STYLES } from "./corpus/content";
import { drawTable, simplePlan } from "./corpus/draw-table";
import type { Family } from "./corpus/family";

export const ruledRowsFamily: Family = {
  name: "ruled-rows",
  about: "unruled columns with a thin horizontal rule between every text line (or every other), or an underline under each row",
  async build({ doc, fonts, rng, variant }) {
    const face = variant % 4 === 3 ? await fonts.mono(variant) : await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 7, 11);
    const cols = int(rng, 2, 6);
    const style = pick(rng, STYLES);
    const plan = simplePlan(
      [pick(rng, ["Country", "Item", "Sector"]), ...columnNames(rng, cols)],
      rowLabels(rng, int(rng, 5, 12)).map((label) => [label, ...numberRow(rng, cols, style)]),
    );
    const x = int(rng, 50, 90);
    const y = int(rng, 80, 160);
    const pitch = 1.5 + rng() * 0.7;
    const colGap = int(rng, 12, 30);
    const drawn = drawTable(canvas, plan, { x, y, size, font: face.regular, headerFont: face.bold, colGap, pitch });
    // Sub-variants: rules midway between rows (0), an underline just under each row's text (1),
    // midway again but under every other row only (2); in every third draw the rule is dashed.
    const placement = variant % 3;
    const thickness = 0.3 + rng() * 0.9;
    const reach = rng() * 6;
    const dashed = int(rng, 0, 2) === 0;
    const [left, , right] = drawn.box;
    const step = size * pitch;
    const rows = drawn.rowY.length;
    for (let r = 0; r <= rows; r++) {
      if (placement === 2 && r % 2 === 1 && r < rows) continue;
      // Midway in the leading above row r (r = rows: under the last row), or just under row r - 1.
      const at = placement === 1 ? (r === 0 ? null : drawn.rowY[r - 1]![1] + 1 + rng()) : y + r * step - (step - size) / 2;
      if (at === null) continue;
      if (dashed)
        canvas.polyline(
          [
            [left - reach, at],
            [right + reach, at],
          ],
          thickness,
          [0, 0, 0],
          [3, 2],
        );
      else canvas.hline(left - reach, right + reach, at, thickness);
    }
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
