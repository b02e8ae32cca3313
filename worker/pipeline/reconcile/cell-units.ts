// The places a table's cells take part in relations, each with its box: header cells (one leaf
// name per column, joining the lines of that column's header), body cells, and column bands
// (labels spanning columns; the result gives them no box, so it is taken from the table model).
// The structure vote compares these units between segmentations by the words they hold.
import type { Table } from "../../../lib/result/schema";
import type { Box, TableModel } from "../types";

export type CellRef = { kind: "header"; col: number } | { kind: "body"; row: number; col: number } | { kind: "band"; band: number };

export interface CellUnit {
  ref: CellRef;
  value: string;
  box: Box;
  /** A band's place is the columns it spans, not only its words: the boxes of the header names
   * under it (non-empty ones), so two readings agree on a band only when the same names lie
   * under it. */
  under?: Box[];
}

export function tableUnits(table: Table, model: TableModel | null): CellUnit[] {
  const units: CellUnit[] = [];
  table.header_cells.forEach((cell, col) => {
    if (cell.value !== "" && cell.bbox) units.push({ ref: { kind: "header", col }, value: cell.value, box: cell.bbox });
  });
  table.rows.forEach((row, r) =>
    row.forEach((cell, col) => {
      if (cell.value !== "" && cell.bbox) units.push({ ref: { kind: "body", row: r, col }, value: cell.value, box: cell.bbox });
    }),
  );
  bandBoxes(table, model).forEach((box, index) => {
    if (!box) return;
    const band = table.colbands![index]!;
    const under = table.header_cells.slice(band.start_col, band.end_col + 1).flatMap((c) => (c.value !== "" && c.bbox ? [c.bbox] : []));
    units.push({ ref: { kind: "band", band: index }, value: band.label, box, under });
  });
  return units;
}

/** Each column band's box (from the model's header cell it was assembled from), or null. */
export function bandBoxes(table: Table, model: TableModel | null): Array<Box | null> {
  return (table.colbands ?? []).map((band) => {
    const source = model?.cells.find(
      (c) =>
        c.row < model.headerRows && c.box && c.text === band.label && c.col === band.start_col && c.col + c.colSpan - 1 === band.end_col,
    );
    return source?.box ?? null;
  });
}
