// Empty cells of a scanned table that may not be empty. A scan's words all come from one OCR
// reading (ocr-1), and the second engine reads only where ocr-1 put words (line crops placed by
// its boxes), so a mark ocr-1 missed (the ":" of "not available", a lone "-", a faint number)
// leaves a cell empty that no reading looked at. The metric then relates the cells on either side
// of the hole to each other ("Female" over "53.6" where ":" stands between, an EU page on the
// EU realistic scans), and both being verified, a wrong relation is verified. On a page with a
// text layer the text layer holds every mark and the first OCR engine reads the whole page, so
// this hole has no counterpart there.
//
// Each empty slot (a body or header cell with no value that no merged region covers) is given a
// box: its column's extent (the non-empty cells of that column) across its row's (the non-empty
// cells of that row). The second engine reads that box as a crop; what it reads there becomes the
// cell's value with that one reading (`unverified`), so the cell is no longer a hole and its
// neighbours' relations pass through a cell nothing verified.
import type { BBox, Cell, Table } from "../../../lib/result/schema";
import { voteOnReadings } from "../reconcile/vote";
import { SCAN_FIRST_ENGINE, SCAN_SECOND_ENGINE } from "../ocr/engines";
import { SETTINGS, type Settings } from "../settings";
import { boxOf, isWordInBox, textInBox, wordsInBox, type BoxedWord } from "../reconcile/words-in-box";

export type SlotRef = { kind: "header"; col: number } | { kind: "body"; row: number; col: number };

export interface EmptySlot {
  ref: SlotRef;
  /** PDF points, the page the table was assembled on. */
  box: BBox;
}

/** The slot box's reach (settings.ts, `scanSlot*`). */
export type EmptySlotSettings = Pick<Settings, "scanSlotVerticalPad" | "scanSlotHorizontalPad" | "scanSlotOuterPad">;

/** Grid positions covered by a merged region other than its top-left (span_grid): not slots. */
function coveredPositions(table: Table): Set<string> {
  const covered = new Set<string>();
  for (const span of table.span_grid ?? []) {
    for (let r = span.row; r < span.row + span.row_span; r++) {
      for (let c = span.col; c < span.col + span.col_span; c++) covered.add(`${r}:${c}`);
    }
  }
  return covered;
}

function hasBox(cell: Cell | undefined): cell is Cell & { bbox: BBox } {
  return cell !== undefined && cell.value.trim() !== "" && cell.bbox !== undefined;
}

/** Every empty slot of `table` with its box; a slot whose column or row holds no other cell with
 * a box (nothing to measure it by) is left out. */
export function emptySlotsOf(table: Table, settings: EmptySlotSettings = SETTINGS): EmptySlot[] {
  const covered = coveredPositions(table);
  const spanned = new Set((table.span_grid ?? []).map((s) => `${s.row}:${s.col}`));
  const nCols = Math.max(table.header_cells.length, ...table.rows.map((r) => r.length));
  // Lines of the table in grid order: the header line (if any), then the body rows.
  const lines: Array<{ cells: readonly Cell[]; ref: (col: number) => SlotRef; bodyRow: number | null }> = [];
  if (table.header_cells.length > 0) lines.push({ cells: table.header_cells, ref: (col) => ({ kind: "header", col }), bodyRow: null });
  table.rows.forEach((row, r) => lines.push({ cells: row, ref: (col) => ({ kind: "body", row: r, col }), bodyRow: r }));
  // A cell counts toward its column's and row's extent only when it is one slot wide and high.
  const single = (bodyRow: number | null, col: number) => bodyRow === null || !spanned.has(`${bodyRow}:${col}`);
  const columns: Array<[number, number] | null> = [];
  for (let col = 0; col < nCols; col++) {
    const boxes = lines.flatMap((line) => (hasBox(line.cells[col]) && single(line.bodyRow, col) ? [line.cells[col]!.bbox!] : []));
    columns.push(boxes.length === 0 ? null : [Math.min(...boxes.map((b) => b[0])), Math.max(...boxes.map((b) => b[2]))]);
  }
  // Each line's vertical extent (its one-slot cells) and line height (its shortest cell: a wrapped
  // cell spans several lines), or null when it has no cell to measure it by.
  const extents = lines.map((line) => {
    const boxes = line.cells.flatMap((cell, col) => (hasBox(cell) && single(line.bodyRow, col) ? [cell.bbox] : []));
    if (boxes.length === 0) return null;
    return {
      top: Math.min(...boxes.map((b) => b[1])),
      bottom: Math.max(...boxes.map((b) => b[3])),
      height: Math.min(...boxes.map((b) => b[3] - b[1])),
    };
  });
  const slots: EmptySlot[] = [];
  for (const [k, line] of lines.entries()) {
    const extent = extents[k];
    if (!extent) continue;
    const { top, bottom, height } = extent;
    // Up and down at most half the gap to the line above and below, so the crop never takes in
    // a neighbouring row's words.
    const above = extents
      .slice(0, k)
      .reverse()
      .find((e) => e !== null);
    const below = extents.slice(k + 1).find((e) => e !== null);
    const padTop = Math.min(settings.scanSlotVerticalPad * height, above ? Math.max(0, (top - above.bottom) / 2) : Infinity);
    const padBottom = Math.min(settings.scanSlotVerticalPad * height, below ? Math.max(0, (below.top - bottom) / 2) : Infinity);
    for (let col = 0; col < nCols; col++) {
      const cell = line.cells[col];
      const span = columns[col];
      if (!span || (cell !== undefined && cell.value.trim() !== "")) continue;
      // Inside a merged region (its top-left included: its extent is not one slot's).
      if (line.bodyRow !== null && covered.has(`${line.bodyRow}:${col}`)) continue;
      const left = neighbourEdge(columns, col, -1);
      const right = neighbourEdge(columns, col, 1);
      const padLeft =
        left === null
          ? settings.scanSlotOuterPad * height
          : Math.min(settings.scanSlotHorizontalPad * height, Math.max(0, (span[0] - left) / 2));
      const padRight =
        right === null
          ? settings.scanSlotOuterPad * height
          : Math.min(settings.scanSlotHorizontalPad * height, Math.max(0, (right - span[1]) / 2));
      slots.push({ ref: line.ref(col), box: [span[0] - padLeft, top - padTop, span[1] + padRight, bottom + padBottom] });
    }
  }
  return slots;
}

/** The nearest edge of the next column with cells in `direction` (-1: its right edge, 1: its left). */
function neighbourEdge(columns: ReadonlyArray<[number, number] | null>, col: number, direction: -1 | 1): number | null {
  for (let c = col + direction; c >= 0 && c < columns.length; c += direction) {
    const extent = columns[c];
    if (extent) return direction < 0 ? extent[1] : extent[0];
  }
  return null;
}

/**
 * `table` with each of `slots` that the second reading (`words`, its crops) found text in filled
 * with that text, as the vote makes it: one reading, `unverified`, its source, the words' box.
 * The first reading, whose silence left the slot empty, abstains (vote.ts). Slots where the
 * second reading found nothing stay as they were.
 */
export function fillEmptySlots(table: Table, slots: readonly EmptySlot[], words: readonly BoxedWord[]): Table {
  if (slots.length === 0) return table;
  // The second engine's words read for the table's other cells (their line crops) are theirs,
  // wherever the crop placed them: only the rest can be a missed mark.
  const taken = [...table.header_cells, ...table.rows.flat()].flatMap((cell) => (hasBox(cell) ? [cell.bbox] : []));
  words = words.filter((word) => !taken.some((box) => isWordInBox(word, box)));
  const out: Table = { ...table, header_cells: [...table.header_cells], rows: table.rows.map((row) => [...row]) };
  for (const slot of slots) {
    const text = textInBox(words, slot.box);
    if (text.trim() === "") continue;
    const inside = wordsInBox(words, slot.box);
    const boxes = inside.map(boxOf);
    const verdict = voteOnReadings({ [SCAN_FIRST_ENGINE]: "", [SCAN_SECOND_ENGINE]: text });
    const cell: Cell = {
      value: verdict.value,
      confidence: verdict.confidence,
      sources: verdict.sources,
      ...(boxes.length > 0
        ? {
            bbox: [
              Math.min(...boxes.map((b) => b[0])),
              Math.min(...boxes.map((b) => b[1])),
              Math.max(...boxes.map((b) => b[2])),
              Math.max(...boxes.map((b) => b[3])),
            ] as BBox,
          }
        : {}),
    };
    if (slot.ref.kind === "header") {
      if (slot.ref.col < out.header_cells.length) out.header_cells[slot.ref.col] = cell;
    } else {
      const row = out.rows[slot.ref.row];
      if (row && slot.ref.col < row.length) row[slot.ref.col] = cell;
    }
  }
  out.header = out.header_cells.length > 0 ? out.header_cells.map((c) => c.value) : out.header;
  return out;
}
