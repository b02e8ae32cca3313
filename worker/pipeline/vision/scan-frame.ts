// Vision readers see the page as displayed; a scan's cells are worked on in its prepared frame
// (upright, deskewed: scan/prepare-scan.ts) until the end of the page. These map boxes between.
import { preparedBoxToPage, type ScanTransform } from "../scan/prepare-scan";
import { pagePointToPrepared } from "../scan/map-to-page";
import type { Box } from "../types";
import type { BoxMap } from "./page-vision";

export function visionFrame(transform: ScanTransform | null): { toWork: BoxMap; toPage: BoxMap } {
  if (!transform) return { toWork: (box) => box, toPage: (box) => box };
  const toWork = (box: Box): Box => {
    const corners = [
      pagePointToPrepared(box[0], box[1], transform),
      pagePointToPrepared(box[2], box[1], transform),
      pagePointToPrepared(box[0], box[3], transform),
      pagePointToPrepared(box[2], box[3], transform),
    ];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  };
  return { toWork, toPage: (box) => preparedBoxToPage(box, transform) };
}
