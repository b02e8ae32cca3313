// A units line under a column band: "Employed" over "(Thousands)", both centred over the band's
// columns. It is a second line of the band's label (as a name wrapped onto two lines is one
// cell), not a band level of its own: read alone, every band came out twice ("Foreign" and
// "(Millions of dollars)" over the same columns). Generated family stub-head (tests/pdf/corpus).
// Only a label wholly in parentheses is joined, and only to a band spanning exactly the same
// columns on the header line right above it; a parenthesised label over other columns, or over
// the leaf names, is left as it was read.
import { boxUnion } from "../geometry/box";
import type { TableModel } from "../types";

const UNITS = /^\([^()]+\)$/;

/** Joins each units line into the band above it (in place). */
export function joinUnitLines(model: TableModel): void {
  const h = model.headerRows;
  for (const units of model.cells) {
    if (units.row < 1 || units.row >= h - 1 || units.colSpan < 2 || !units.box || !UNITS.test(units.text.trim())) continue;
    const band = model.cells.find(
      (c) =>
        c.row === units.row - 1 &&
        c.col === units.col &&
        c.colSpan === units.colSpan &&
        c.rowSpan === 1 &&
        c.text !== "" &&
        c.box &&
        !UNITS.test(c.text.trim()),
    );
    if (!band) continue;
    band.text = `${band.text} ${units.text}`;
    band.box = boxUnion([band.box!, units.box]);
    units.text = "";
    units.box = null;
  }
}
