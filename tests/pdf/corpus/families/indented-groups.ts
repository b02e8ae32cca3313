// One table whose body is split into groups by label-only rows: a group heading (bold or not), in
// some groups a second label-only row under it (a subgroup), then rows set in from the heading by
// a varied indent; some draws leave a gap above a group, some rule the table. It is one table: a
// reader that ends the table at a label-only row or at the gap above a group splits it in two.
import { Canvas } from "../canvas";
import { columnNames, int } from "../content";
import type { Family } from "../family";
import { drawLook, drawVaried, fitLook, headerLine, variedLabel, variedNumber, type VariedRow } from "../varied";

export const indentedGroups: Family = {
  name: "indented-groups",
  about: "one table broken into groups by label-only heading and subheading rows, indented members, varied gaps",
  async build({ doc, fonts, rng }) {
    const look = await drawLook(rng, fonts);
    const canvas = Canvas.add(doc);
    const cols = int(rng, 2, 6);
    const used = new Set<string>();
    const indent = int(rng, 4, 22);
    const gap = rng() < 0.5 ? 0 : 0.3 + rng() * 0.9;
    const boldHeadings = rng() < 0.5;
    const rows: VariedRow[] = [];
    // A few plain rows before the first group in some draws (a "Total" line, say).
    for (let k = int(rng, 0, 2); k > 0; k--)
      rows.push({ cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, look.format))] });
    for (let g = int(rng, 2, 4); g > 0; g--) {
      rows.push({
        cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => "")],
        bold: boldHeadings,
        gapBefore: rows.length > 0 ? gap : 0,
      });
      const sub = rng() < 0.6;
      if (sub) rows.push({ cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => "")], indent: Math.round(indent / 2) });
      for (let k = int(rng, 2, 5); k > 0; k--)
        rows.push({
          cells: [variedLabel(rng, used), ...Array.from({ length: cols }, () => variedNumber(rng, look.format))],
          indent: sub ? indent * 1.5 : indent,
        });
    }
    const plan = { headerLines: [headerLine(["", ...columnNames(rng, cols)])], rows };
    const drawn = drawVaried(canvas, plan, fitLook(plan, look, canvas.width));
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};
