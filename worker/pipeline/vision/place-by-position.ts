// A reader that gives no boxes (some models cannot localise text, and answer [0, 0, 0, 0]) can
// still be placed by grid position, but only where that is unambiguous: the reader found as many
// tables on the page as were delivered, and the paired tables have the same shape (columns; header
// rows plus body rows; no row left without a cell). Its cell at (row, col) then is the delivered cell at that place: header
// rows' last line on the header cells, the rest on the body rows. Spanning cells are left out (a
// span says nothing about which delivered cell holds the text). Anything else: no placement, so
// the reader abstains on that table rather than risk voting on the wrong cell.
import type { Table } from "../../../lib/result/schema";
import type { CellRef } from "./cell-ids";
import type { VisionTable } from "./grid-answer";
import type { PlacedWord } from "./assign";

export function placeByPosition(read: readonly VisionTable[], tables: readonly Table[], refs: readonly CellRef[]): PlacedWord[] {
  if (read.length !== tables.length) return [];
  const out: PlacedWord[] = [];
  read.forEach((vision, t) => {
    // Only a table the reader gave no box for at all: a boxed one is placed by its boxes.
    if (vision.cells.some((c) => c.box) || vision.cells.length === 0) return;
    const table = tables[t]!;
    const nCols = Math.max(...vision.cells.map((c) => c.col + c.colSpan));
    const nRows = Math.max(...vision.cells.map((c) => c.row + c.rowSpan));
    const delivered = Math.max(table.header_cells.length, ...table.rows.map((r) => r.length));
    const headerRows = table.header_cells.length > 0 ? Math.max(1, vision.headerRows) : 0;
    if (nCols !== delivered || nRows - headerRows !== table.rows.length) return;
    // A row with no cell at all is a row the reader skipped: whether it numbered the rows after it
    // on or kept their numbers, position says nothing sure about them.
    const rowsHeld = new Set(vision.cells.flatMap((c) => Array.from({ length: c.rowSpan }, (_, k) => c.row + k)));
    if (rowsHeld.size !== nRows) return;
    for (const cell of vision.cells) {
      if (cell.rowSpan !== 1 || cell.colSpan !== 1 || cell.text.trim() === "") continue;
      const row = cell.row < headerRows ? (cell.row === headerRows - 1 ? null : undefined) : cell.row - headerRows;
      if (row === undefined) continue;
      const ref = refs.find((r) => r.table === t && r.row === row && r.col === cell.col);
      if (ref) out.push({ text: cell.text, bbox: ref.box, ref });
    }
  });
  return out;
}
