// A vision reader's cells placed on the delivered cells, so they enter the same value vote as the
// OCR readings (reconcile/vote.ts). A vision model's boxes are rough (often a grid cell's frame
// rather than its text), so a vision cell is not looked up by its centre: it goes to the delivered
// cell its box overlaps most, and its word takes the part of its box inside that cell. A vision
// cell spanning two delivered cells (a merged column) thus reads "a b" in one and abstains in the
// other, which the vote shows as a disagreement; a cell it left out abstains.
import type { BBox } from "../../../lib/result/schema";
import { intersectionArea } from "../reconcile/words-in-box";
import type { Box } from "../types";
import type { CellRef } from "./cell-ids";
import type { VisionCell } from "./grid-answer";

export interface PlacedWord {
  text: string;
  /** The part of the reader's box inside the delivered cell (working frame): the vote's word box. */
  bbox: BBox;
  ref: CellRef;
}

/** Each boxed, non-empty vision cell on the delivered cell it overlaps most; `toWork` maps a page
 * box into the frame the delivered cells are in (a scan's prepared page). */
export function placeOnCells(cells: readonly VisionCell[], refs: readonly CellRef[], toWork: (box: Box) => Box): PlacedWord[] {
  const out: PlacedWord[] = [];
  for (const cell of cells) {
    if (!cell.box || cell.text.trim() === "") continue;
    const box = toWork(cell.box);
    let best: CellRef | null = null;
    let bestArea = 0;
    for (const ref of refs) {
      const area = intersectionArea(box, ref.box);
      if (area > bestArea) {
        best = ref;
        bestArea = area;
      }
    }
    if (!best) continue;
    const inside: BBox = [
      Math.max(box[0], best.box[0]),
      Math.max(box[1], best.box[1]),
      Math.min(box[2], best.box[2]),
      Math.min(box[3], best.box[3]),
    ];
    out.push({ text: cell.text, bbox: inside, ref: best });
  }
  return out;
}
