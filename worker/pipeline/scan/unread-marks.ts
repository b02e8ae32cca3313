// Empty cells of a scanned table whose image holds a mark neither OCR engine read. The second
// engine reads every empty slot (empty-slots.ts), but a mark can escape both (an EU page on
// the EU realistic scans: one ":" of three for "not available"). The cell stays empty (nothing
// read it, so nothing is delivered there), but the metric then relates the cells on either side
// of it as neighbours, and a reader would too; with both verified, a wrong relation is verified.
// So the nearest non-empty cells left, right, above and below such a cell are capped at
// `unverified`: their values may be right, their neighbours are not known.
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Ruling } from "../types";
import type { EmptySlot, SlotRef } from "./empty-slots";
import { SETTINGS, type Settings } from "../settings";
import { nearRuling, pixelsInBlots } from "./ink-blots";

/** What counts as a mark (settings.ts, `unreadMark*`). */
export type UnreadMarkSettings = Pick<
  Settings,
  "unreadMarkInkContrast" | "unreadMarkMarginPt" | "unreadMarkMinInkPt2" | "unreadMarkMinBlotPt2"
>;

/** Ink in `box` (points) of the grey page, away from the box's edges and the page's rulings, in
 * square points, counting only blots of at least `unreadMarkMinBlotPt2`. */
export function inkAreaPt2(
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  box: BBox,
  rulings: readonly Ruling[],
  settings: UnreadMarkSettings = SETTINGS,
): number {
  const { width, height, scale } = render;
  const m = settings.unreadMarkMarginPt;
  const x0 = Math.max(0, Math.ceil((box[0] + m) * scale));
  const x1 = Math.min(width, Math.floor((box[2] - m) * scale));
  const y0 = Math.max(0, Math.ceil((box[1] + m) * scale));
  const y1 = Math.min(height, Math.floor((box[3] - m) * scale));
  if (x1 <= x0 || y1 <= y0) return 0;
  const values: number[] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(grey[y * width + x]!);
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const near = (x: number, y: number) => nearRuling(rulings, m, x, y);
  const w = x1 - x0;
  const h = y1 - y0;
  const mask = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (grey[y * width + x]! > middle - settings.unreadMarkInkContrast) continue;
      if (rulings.length > 0 && near((x + 0.5) / scale, (y + 0.5) / scale)) continue;
      mask[(y - y0) * w + (x - x0)] = 1;
    }
  }
  // Connected blots of ink (4-neighbours); scattered pixels of dust or noise are not a mark.
  const ink = pixelsInBlots(mask, w, settings.unreadMarkMinBlotPt2 * scale * scale);
  return ink / (scale * scale);
}

/** The slots (still empty after the second engine's reading) whose image holds a mark. */
export function slotsWithUnreadMarks(
  table: Table,
  slots: readonly EmptySlot[],
  grey: Uint8Array,
  render: Pick<PageRender, "width" | "height" | "scale">,
  rulings: readonly Ruling[],
  settings: UnreadMarkSettings = SETTINGS,
): EmptySlot[] {
  return slots.filter((slot) => {
    const cell = cellAt(table, slot.ref);
    return (
      cell !== undefined &&
      cell.value.trim() === "" &&
      inkAreaPt2(grey, render, slot.box, rulings, settings) >= settings.unreadMarkMinInkPt2
    );
  });
}

function cellAt(table: Table, ref: SlotRef): Cell | undefined {
  return ref.kind === "header" ? table.header_cells[ref.col] : table.rows[ref.row]?.[ref.col];
}

const RANK: Record<string, number> = { disputed: 0, unverified: 1, resolved: 2, reviewed: 3, verified: 4, confirmed: 5, exact: 6 };

/** `table` with the nearest non-empty cell left, right, above and below each of `marked` (the
 * header line counts as the line above the first body row) capped at `unverified`. */
export function doubtNeighboursOfMarks(table: Table, marked: readonly EmptySlot[]): Table {
  if (marked.length === 0) return table;
  const lines: Cell[][] = [...(table.header_cells.length > 0 ? [[...table.header_cells]] : []), ...table.rows.map((row) => [...row])];
  const offset = table.header_cells.length > 0 ? 1 : 0;
  const cap = (line: number, col: number) => {
    const cell = lines[line]?.[col];
    if (cell && (RANK[cell.confidence] ?? 0) > RANK.unverified!) lines[line]![col] = { ...cell, confidence: "unverified" };
  };
  const filled = (line: number, col: number) => (lines[line]?.[col]?.value.trim() ?? "") !== "";
  for (const slot of marked) {
    const line = slot.ref.kind === "header" ? 0 : slot.ref.row + offset;
    const col = slot.ref.col;
    for (const [dl, dc] of [
      [0, -1],
      [0, 1],
      [-1, 0],
      [1, 0],
    ] as const) {
      for (let l = line + dl, c = col + dc; l >= 0 && l < lines.length && c >= 0 && c < (lines[l]?.length ?? 0); l += dl, c += dc) {
        if (filled(l, c)) {
          cap(l, c);
          break;
        }
      }
    }
  }
  const header = offset === 1 ? lines[0]! : table.header_cells;
  return {
    ...table,
    header_cells: header,
    header: header.length > 0 ? header.map((c) => c.value) : table.header,
    rows: lines.slice(offset),
  };
}
