// Figure confidence: "ocr" joins a figure's sources when the OCR layout
// independently finds non-text ink overlapping it, and only that makes the figure verified;
// an embedded image object (pdf-image) is not a second opinion.
import type { BBox, Image } from "../../../lib/result/schema";
import { RECONCILE_SETTINGS } from "./settings";
import { area, intersectionArea } from "./words-in-box";

type ImageSource = Image["sources"][number];

export interface FigureVerdict {
  confidence: Extract<Image["confidence"], "verified" | "unverified">;
  sources: ImageSource[];
}

/** `found` are the sources that located the figure (layout and/or pdf-image); `ocrRegions` are the
 * non-text regions of the page's OCR readings (OcrPageReading.nonTextRegions of each). */
export function verifyFigure(box: BBox, found: readonly ImageSource[], ocrRegions: readonly BBox[]): FigureVerdict {
  const sources: ImageSource[] = [...new Set(found.filter((s) => s !== "ocr"))];
  const isSeenByOcr = ocrRegions.some((region) => {
    const smaller = Math.min(area(box), area(region));
    return smaller > 0 && intersectionArea(box, region) / smaller >= RECONCILE_SETTINGS.figureOverlapShare;
  });
  if (isSeenByOcr) sources.push("ocr");
  return { confidence: isSeenByOcr && sources.length >= 2 ? "verified" : "unverified", sources };
}
