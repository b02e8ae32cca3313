// Structure reader pdf-layout-alt: the page's text geometry read again with its ambiguous joins
// the other way. Some questions text geometry cannot settle: an indented line under a row label
// that had no room for the line's first word is the label's continuation in some reports and a
// child row in others ("Total, 16 years and over" / "16 to 19 years"). The delivered table takes
// one answer (settings.hangingWraps); this reading takes the other. It is not independent
// evidence, so it never supports a cell (objectsOnly); where the two answers make different
// cells, it objects, and the cell cannot be `verified` on text geometry's word alone: the other
// segmentation's value goes into the cell's `readings` for the reviewer.
import { layoutToModel, splitRepeatedColumns } from "../tables/build-table";
import type { TableModel } from "../types";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";

export const pdfLayoutAltReader: StructureReader = {
  name: "pdf-layout-alt",
  read({ detected, words, settings, tableRegions }) {
    const flipped = { ...settings, hangingWraps: !settings.hangingWraps };
    // Only the regions the other answer reads differently: elsewhere there is nothing to doubt.
    const tables = tableRegions
      .map((region) => ({ model: layoutToModel(region, words, flipped, detected.rulings), delivered: layoutToModel(region, words, settings, detected.rulings) }))
      .filter(({ model, delivered }) => model !== null && isSegmentation(model) && holdsNumbers(model) && shapeOf(model) !== shapeOf(delivered))
      .flatMap(({ model }) => splitRepeatedColumns(model!));
    return tables.length > 0 ? { source: "pdf-layout-alt", kind: "tables", tables, objectsOnly: true } : null;
  },
};

/** A segmentation's cells (text, place and span) as one comparable string. */
function shapeOf(model: TableModel | null): string {
  if (!model) return "";
  return JSON.stringify(model.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.text]));
}
