// Where OCR looks at a table's cells, shared by the cascade (cascade.ts) and the reading of nil
// marks the first engine missed (missed-marks.ts): the crop an engine reads for a cell, and a
// reading's words as the value vote will see them.
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { Word as PageWord } from "../types";
import { boxOf, type BoxedWord } from "../reconcile/words-in-box";
import { recutSpanningWords } from "../reconcile/recut-spanning-words";
import { isCentreIn } from "../geometry/box";
import { OCR_SETTINGS } from "./settings";

/** A table's cells with a box: header cells, then body cells. */
export function cellsOf(table: Table): Cell[] {
  return [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.bbox !== undefined);
}

/** An OCR reading's words near `table` as the vote will see them: words running across cells cut
 * at the cells' boundaries where their characters are the text layer's
 * (reconcile/recut-spanning-words.ts). */
export function asTheVoteSees(table: Table, words: readonly BoxedWord[]): BoxedWord[] {
  const near = table.bbox ? words.filter((w) => overlaps(boxOf(w), table.bbox!)) : words;
  return recutSpanningWords(
    near,
    cellsOf(table)
      .filter((cell) => cell.value.trim() !== "")
      .map((cell) => ({ value: cell.value, bbox: cell.bbox! })),
  );
}

export function overlaps(a: BBox, b: BBox): boolean {
  return Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
}

/**
 * The crop the second engine reads for a cell: its box, grown on the left and right where the text
 * layer's words in it reach that side (OCR_SETTINGS.cascade.textCutPt), by the crop's inset
 * (OCR_SETTINGS.tesseract.crops.insetPt). The inset keeps a ruled frame's line out of the crop; a
 * cell cut to its text (an unruled or row-ruled table's cell, a lone "0") has no frame there, and
 * inset it lost the glyph's sides: a lone "0" came back as "3", "a" or "J". A side whose text
 * stands off the box (a frame) keeps its inset. Top and bottom keep it too: grown there as well,
 * Tesseract read parenthesised markers at their full height as "*)" or "@" (generated seen seeds:
 * 5 such cells in the queue against none). The words read are kept by their centres, which stay in
 * the cell.
 */
export function cropOfCell(box: BBox, textWords: readonly Pick<PageWord, "box">[]): BBox {
  const inset = OCR_SETTINGS.tesseract.crops.insetPt;
  const reach = OCR_SETTINGS.cascade.textCutPt;
  const inside = textWords.filter((w) => isCentreIn(w.box, box));
  if (inside.length === 0) return box;
  const left = Math.min(...inside.map((w) => w.box[0]));
  const right = Math.max(...inside.map((w) => w.box[2]));
  return [
    left - box[0] <= reach ? Math.min(box[0], left) - inset : box[0],
    box[1],
    box[2] - right <= reach ? Math.max(box[2], right) + inset : box[2],
    box[3],
  ];
}
