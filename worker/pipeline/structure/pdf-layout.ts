// Structure reader pdf-layout: the page's text geometry alone: inside each region where the page has
// a table, rows from text lines and columns from whitespace gutters (tables/build-table.ts
// layoutToModel, as table detection reads unruled tables and as the structure-only eval reads a
// region it is given). Rulings only say how far a header label spans (a rule drawn under it), as in
// table detection. It reads the delivered tables' regions rather than its own runs of lines: a run
// of lines also takes in a title or a footnote block beside a ruled table, and then objects to
// every cell for the region's sake, not the cells'. So it checks rows and columns inside a table;
// where a table is (a title line, stacked tables) is the grid's and the tags' to dispute.
// A region whose words hold no number is no table to text geometry (STRUCTURE_SETTINGS
// layoutMinDigitCells): a legend or a key of abbreviations has a table's gutters without being
// one, so the reader abstains there rather than vouch for the cells.
import { splitRepeatedColumns } from "../tables/build-table";
import type { TableModel } from "../types";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { STRUCTURE_SETTINGS } from "./settings";
import { regionLayout } from "./region-layout";

const DIGIT = /\d/;

/** Whether text geometry can tell this proposed table from words that merely stand in columns. */
export function holdsNumbers(model: TableModel, min: number = STRUCTURE_SETTINGS.layoutMinDigitCells): boolean {
  return model.cells.filter((c) => DIGIT.test(c.text)).length >= min;
}

export const pdfLayoutReader: StructureReader = {
  name: "pdf-layout",
  inputs: ["text-geometry", "detected-regions"],
  read(context) {
    const tables = context.tableRegions
      .map((region) => regionLayout(context, region))
      .filter((model) => model !== null && isSegmentation(model) && holdsNumbers(model))
      .flatMap((model) => splitRepeatedColumns(model!));
    return tables.length > 0 ? { source: "pdf-layout", kind: "tables", tables } : null;
  },
};
