// Whether a proposed table is a segmentation worth an opinion, by the rule table detection applies
// to its own candidates (tables/detect-tables.ts isTableLike, repeated here so the readers do not
// reach into detection's internals): at least two rows, and at least segmentationRowShare of the rows, hold two or
// more filled cells. A box around a paragraph, a page frame, or rows ruled with no column rulings
// (each whole row one "cell") is a grid but no segmentation; taking it as a reading would object
// to every cell inside it.
import type { TableModel } from "../types";
import { STRUCTURE_SETTINGS } from "./settings";

export function isSegmentation(model: TableModel): boolean {
  if (model.nRows < 2) return false;
  let multi = 0;
  for (let r = 0; r < model.nRows; r++) {
    if (model.cells.filter((c) => c.row === r && c.text !== "").length >= 2) multi++;
  }
  return multi >= 2 && multi >= model.nRows * STRUCTURE_SETTINGS.segmentationRowShare;
}
