// Structure reader pdf-grid: the page's rulings (stroked lines, thin and background rectangles)
// snapped into grids by table detection, each grid read cell by cell (tables/build-table.ts
// gridToModel). It has an opinion only where a grid is drawn: an unruled table gets none from it.
import { gridToModel, splitRepeatedColumns } from "../tables/build-table";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";

export const pdfGridReader: StructureReader = {
  name: "pdf-grid",
  read({ detected, words, settings }) {
    if (detected.grids.length === 0) return null;
    // A grid gridToModel refuses (too few column rulings for its text: zebra rows) says nothing
    // about columns, so it proposes nothing; table detection then takes columns from the layout.
    const tables = detected.grids
      .map((grid) => gridToModel(grid, words, settings))
      .filter((model) => model !== null && isSegmentation(model))
      .flatMap((model) => splitRepeatedColumns(model!));
    return tables.length > 0 ? { source: "pdf-grid", kind: "tables", tables } : null;
  },
};
