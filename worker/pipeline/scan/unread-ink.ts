// Ink beside a verified cell's words that no reading holds. On a scan both OCR engines read the
// same pixels, and the second reads only where the first put words (line crops placed by its
// boxes): a small mark the first engine left outside its word box (the leading "." of ".4%", a
// decimal point before a lone digit) is often lost by the second as well, and the two agree on
// "4%"; a header's second line, "kg/year", neither read). Agreement of two readings that both
// missed the mark is no check of it; on a page with a text layer the text layer holds the mark,
// so this has no counterpart there.
//
// So a verified cell of a scanned table whose line, a little to either side of its words, holds
// ink outside every word box of the page (and away from the rulings) is capped at `unverified`:
// its value may lack a mark both readings missed. Measured on the EU realistic scans (settings
// warm cache): 17 of 1,974 verified cells capped, 1 of them wrong; wrong verified
// relations 11 -> 9 of 3,251 -> 3,215 (99.66% -> 99.72% right). It does not catch ".4%" and
// ".0%": there Tesseract's word box takes in the stop it did not read, so the
// ink is inside a word box, which this leaves alone.
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Ruling } from "../types";
import { SETTINGS, type Settings } from "../settings";
import { nearRuling, pixelsInBlots } from "./ink-blots";

export type UnreadInkSettings = Pick<
  Settings,
  "unreadMarkInkContrast" | "unreadInkBesidePad" | "unreadInkWordGapPt" | "unreadInkMinPt2" | "unreadMarkMinBlotPt2"
>;

/** Square points of ink in `region` (points) of the grey page outside every box of `words` grown
 * by `unreadInkWordGapPt` and away from `rulings`, counting blots of at least
 * `unreadMarkMinBlotPt2` (the `unreadMarkInkContrast` below the region's paper, scaled by its level). */
export function inkBesideWordsPt2(
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  region: BBox,
  words: readonly BBox[],
  rulings: readonly Ruling[],
  settings: UnreadInkSettings = SETTINGS,
): number {
  const { width, height, scale } = render;
  const x0 = Math.max(0, Math.floor(region[0] * scale));
  const x1 = Math.min(width, Math.ceil(region[2] * scale));
  const y0 = Math.max(0, Math.floor(region[1] * scale));
  const y1 = Math.min(height, Math.ceil(region[3] * scale));
  if (x1 <= x0 || y1 <= y0) return 0;
  const w = x1 - x0;
  const h = y1 - y0;
  // The paper: the region's brightest half (a line's words are a fraction of it).
  const values = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values[(y - y0) * w + (x - x0)] = grey[y * width + x]!;
  const paper = [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.75)]!;
  const g = settings.unreadInkWordGapPt;
  const near = words.filter((b) => b[0] - g < region[2] && b[2] + g > region[0] && b[1] - g < region[3] && b[3] + g > region[1]);
  const m = 1.5;
  const lines = rulings.filter((r) =>
    r.orientation === "v" ? r.pos > region[0] - m && r.pos < region[2] + m : r.pos > region[1] - m && r.pos < region[3] + m,
  );
  // On a tint the print is darkened by the tint as much as the paper is, so the contrast asked of
  // ink shrinks with the paper's level (white paper: the full `unreadMarkInkContrast`).
  const inkAtMost = paper - (settings.unreadMarkInkContrast * paper) / 255;
  const mask = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (values[(y - y0) * w + (x - x0)]! > inkAtMost) continue;
      const px = (x + 0.5) / scale;
      const py = (y + 0.5) / scale;
      if (near.some((b) => px >= b[0] - g && px <= b[2] + g && py >= b[1] - g && py <= b[3] + g)) continue;
      if (nearRuling(lines, m, px, py)) continue;
      mask[(y - y0) * w + (x - x0)] = 1;
    }
  }
  const ink = pixelsInBlots(mask, w, settings.unreadMarkMinBlotPt2 * scale * scale);
  return ink / (scale * scale);
}

const isVerified = (cell: Cell) => cell.confidence === "verified";

/** `table` with each verified cell whose line holds unread ink beside its words capped at
 * `unverified`. `words`: every word box of the page (the first reading's), in the table's points. */
export function doubtCellsBesideUnreadInk(
  table: Table,
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  words: readonly BBox[],
  rulings: readonly Ruling[],
  settings: UnreadInkSettings = SETTINGS,
): Table {
  const verticals = rulings.filter((r) => r.orientation === "v");
  // `before` / `after`: the right edge of the cell to the left on its line, the left edge of the
  // cell to its right (the reach never crosses into a neighbour's words).
  const check = (cell: Cell, before: number, after: number): Cell => {
    if (!isVerified(cell) || !cell.bbox || cell.value.trim() === "") return cell;
    const box = cell.bbox;
    const own = words.filter(
      (b) => (b[0] + b[2]) / 2 >= box[0] && (b[0] + b[2]) / 2 <= box[2] && (b[1] + b[3]) / 2 >= box[1] && (b[1] + b[3]) / 2 <= box[3],
    );
    if (own.length === 0) return cell;
    const lineHeight = [...own.map((b) => b[3] - b[1])].sort((a, b) => a - b)[Math.floor(own.length / 2)]!;
    const pad = settings.unreadInkBesidePad * lineHeight;
    // In a ruled grid the cell's slot runs from ruling to ruling: a word both readings missed
    // ("Net" of "Net lending") may lie further from the words read than a mark's reach.
    const across = verticals.filter((r) => r.start < box[3] && r.end > box[1]);
    const lefts = across.filter((r) => r.pos <= box[0] && r.pos >= before).map((r) => r.pos);
    const rights = across.filter((r) => r.pos >= box[2] && r.pos <= after).map((r) => r.pos);
    const region: BBox = [
      Math.min(box[0] - pad, lefts.length > 0 ? Math.max(...lefts) : box[0]),
      box[1],
      Math.max(box[2] + pad, rights.length > 0 ? Math.min(...rights) : box[2]),
      box[3],
    ];
    return inkBesideWordsPt2(grey, render, region, words, rulings, settings) >= settings.unreadInkMinPt2
      ? { ...cell, confidence: "unverified" }
      : cell;
  };
  const line = (cells: Cell[]): Cell[] =>
    cells.map((cell, i) =>
      check(cell, cells[i - 1]?.bbox?.[2] ?? Number.NEGATIVE_INFINITY, cells[i + 1]?.bbox?.[0] ?? Number.POSITIVE_INFINITY),
    );
  return { ...table, header_cells: line(table.header_cells), rows: table.rows.map(line) };
}
