// Structure reader ocr-2-lines: a pixel reading of structure from the OCR engine's own text-line
// detection on the page render. PaddleOCR's detector (DB) finds each run of text the image shows
// as one piece: words a space apart join, text a wide gutter apart does not (a gutter narrower
// than about a line height joins too). So a segmentation whose cell holds two detected lines side
// by side on one row, or whose cell boundary cuts through a word the recogniser read in one line,
// is contradicted by the image (reconcile/structure-vote.ts). It says nothing about how lines
// stack into cells vertically (a wrapped cell and two rows look alike to it). Only when OCR ran.
//
// Only ocr-2 is read: ocr-1 (Tesseract) gives word boxes, and its lines (which often run across a
// whole table row) are not kept in the reading; a word never crossing a boundary is too weak to
// count as support.
import type { Word as OcrWord } from "../ocr/types";
import type { Box } from "../types";
import { boxUnion } from "../geometry/box";
import type { Fragment, StructureReader } from "./types";
import { STRUCTURE_SETTINGS } from "./settings";

export const ocrLinesReader: StructureReader = {
  name: "ocr-2-lines",
  inputs: ["page-image"],
  read({ ocr }) {
    const reading = ocr["ocr-2"];
    // Lines cut from the text layer's words are the text layer's segmentation, not the image's.
    if (!reading || reading.words.length === 0 || reading.linesFrom === "text-layer") return null;
    return { source: "ocr-2-lines", kind: "fragments", fragments: ocrWordsToLines(reading.words) };
  },
};

/** The detected lines PaddleOCR's words were cut from: words sharing a line's exact top and bottom
 * and following each other at most a line height apart. */
export function ocrWordsToLines(words: readonly OcrWord[], settings = STRUCTURE_SETTINGS): Fragment[] {
  const sorted = words
    .filter((w) => w.text.trim() !== "")
    .slice()
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[3] - b.bbox[3] || a.bbox[0] - b.bbox[0]);
  const lines: Array<{ boxes: Box[]; texts: string[]; top: number; bottom: number; right: number }> = [];
  for (const word of sorted) {
    const [x0, y0, x1, y1] = word.bbox;
    const height = Math.max(1, y1 - y0);
    const line = lines.find(
      (l) =>
        Math.abs(l.top - y0) <= settings.lineEdgeTolerancePt &&
        Math.abs(l.bottom - y1) <= settings.lineEdgeTolerancePt &&
        x0 - l.right <= height * settings.lineWordGapHeights &&
        x0 >= l.right - height * settings.lineWordOverlapHeights,
    );
    if (line) {
      line.boxes.push([x0, y0, x1, y1]);
      line.texts.push(word.text);
      line.right = Math.max(line.right, x1);
    } else {
      lines.push({ boxes: [[x0, y0, x1, y1]], texts: [word.text], top: y0, bottom: y1, right: x1 });
    }
  }
  return lines.map((l) => ({ box: boxUnion(l.boxes)!, text: l.texts.join(" "), words: l.boxes }));
}
