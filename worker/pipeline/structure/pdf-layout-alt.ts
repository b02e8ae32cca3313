// Structure reader pdf-layout-alt: the page's text geometry read again with its ambiguous joins
// the other way. Some questions text geometry cannot settle: an indented line under a row label
// that had no room for the line's first word is the label's continuation in some reports and a
// child row in others ("Total, 16 years and over" / "16 to 19 years"). The delivered table takes
// one answer (settings.hangingWraps); this reading takes the other. It is not independent
// evidence, so it never supports a cell (objectsOnly); where the two answers make different
// cells, it objects, and the cell cannot be `verified` on text geometry's word alone: the other
// segmentation's value goes into the cell's `readings` for the reviewer.
import { layoutToModel, splitRepeatedColumns } from "../tables/build-table";
import type { Box, TableModel } from "../types";
import { detectTables } from "../tables/detect-tables";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";
import { regionLayoutRun } from "./region-layout";

export const pdfLayoutAltReader: StructureReader = {
  name: "pdf-layout-alt",
  inputs: ["text-geometry", "detected-regions"],
  read(context) {
    const { detected, words, graphics, settings, tableRegions } = context;
    // It reads only the delivered regions: a page without one has nothing to read again (the
    // second detection below would only grow regions there are none of).
    if (tableRegions.length === 0) return null;
    const flipped = { ...settings, hangingWraps: !settings.hangingWraps };
    // The other answer can also reach further: a wrapped label's last line under a table's last
    // row is inside the table only if it is a continuation. Each region grows to the table the
    // other answer detects over it.
    // The flipped rule reads the text layout only: the page's rulings, grids and lines are the
    // delivered detection's (detected.geometry, when it was read from these words and graphics).
    // When no decision of the delivered detection went by the rule, the flipped detection is that
    // same computation (tables/hanging-wraps.ts), and its table boxes are the delivered ones.
    const otherRegions =
      detected.tableBoxesWithOtherHangingWraps ??
      detectTables(words, graphics, flipped, undefined, detected.geometry).tables.map((t) => t.box);
    const grown = (region: Box): Box =>
      otherRegions
        .filter((o) => overlaps(o, region))
        .reduce<Box>((b, o) => [Math.min(b[0], o[0]), Math.min(b[1], o[1]), Math.max(b[2], o[2]), Math.max(b[3], o[3])], region);
    // Only the regions the other answer reads differently: elsewhere there is nothing to doubt. A
    // region that does not grow, laid out without a decision going by the rule, lays out the same
    // with the rule flipped (the same computation): it is not laid out again.
    const tables = tableRegions
      .flatMap((region) => {
        const other = grown(region);
        const delivered = regionLayoutRun(context, region);
        if (!delivered.hangingWrapsDecided && sameBox(other, region)) return [];
        return [{ model: layoutToModel(other, words, flipped, detected.rulings), delivered: delivered.model }];
      })
      .filter(
        ({ model, delivered }) => model !== null && isSegmentation(model) && holdsNumbers(model) && shapeOf(model) !== shapeOf(delivered),
      )
      .flatMap(({ model }) => splitRepeatedColumns(model!));
    return tables.length > 0 ? { source: "pdf-layout-alt", kind: "tables", tables, objectsOnly: true } : null;
  },
};

/** A segmentation's cells (text, place and span) as one comparable string. */
function shapeOf(model: TableModel | null): string {
  if (!model) return "";
  return JSON.stringify(model.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.text]));
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function sameBox(a: Box, b: Box): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}
