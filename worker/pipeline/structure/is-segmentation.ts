// Whether a proposed table is a segmentation worth an opinion: at least two rows holding two or
// more filled cells. A box drawn around a paragraph, or a page frame, is a grid but proposes no
// cells; taking it as a reading would object to every cell inside it.
import type { TableModel } from "../types";

export function isSegmentation(model: TableModel): boolean {
  let multi = 0;
  for (let r = 0; r < model.nRows; r++) {
    if (model.cells.filter((c) => c.row === r && c.text !== "").length >= 2) multi++;
    if (multi >= 2) return true;
  }
  return false;
}
