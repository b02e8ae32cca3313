// Structure reader pdf-layout: the page's text geometry alone: runs of lines whose whitespace lines
// up in columns (the layout regions table detection found over all the page's lines, ruled or
// not), each read into rows and columns by tables/build-table.ts layoutToModel. Rulings only say
// how far a header label spans (a rule drawn under it), as in table detection.
import { layoutToModel, splitRepeatedColumns } from "../tables/build-table";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";

export const pdfLayoutReader: StructureReader = {
  name: "pdf-layout",
  read({ detected, words, settings }) {
    const tables = detected.layoutRegions
      .map((region) => layoutToModel(region, words, settings, detected.rulings))
      .filter((model) => model !== null && isSegmentation(model))
      .flatMap((model) => splitRepeatedColumns(model!));
    return tables.length > 0 ? { source: "pdf-layout", kind: "tables", tables } : null;
  },
};
