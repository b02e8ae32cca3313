// Tables on a scanned page that neither OCR engine can read alike are not tables: on the EU
// realistic scans Tesseract read the hatching, bars and rotated axis labels of charts as runs of
// symbols ("+", "*", "£8", "=") that line up into rows and columns, and the page came back with a
// table of them (89 cells). PaddleOCR, reading the same cells' lines as crops,
// agrees with almost none of them; on a real table, however badly scanned, the two engines read
// a good share of cells alike. Such a table is dropped (its "cells" are the chart's ink, which the
// page image still holds). Only on scans, and only when the second engine read the page.
import type { Table } from "../../../lib/result/schema";
import { OCR_ENGINE_NAMES } from "../../../lib/ocr/engine-names";

export interface UnreadTableSettings {
  /** Fewer than this share of a table's non-empty cells read alike by both OCR engines... */
  scannedTableMinAgreement: number;
  /** ...in a table of at least this many non-empty cells (a two-cell table says too little). */
  scannedTableMinCells: number;
}

/** Non-empty cells of `table` both OCR engines read alike (the value vote kept no disagreeing
 * readings and both are among its sources; the structure vote may have lowered the confidence
 * since, which does not matter here), and all its non-empty cells. */
export function ocrAgreement(table: Table): { agreed: number; cells: number } {
  const cells = [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.value.trim() !== "");
  const agreed = cells.filter((cell) => !cell.readings && OCR_ENGINE_NAMES.every((engine) => cell.sources.includes(engine))).length;
  return { agreed, cells: cells.length };
}

/** Indexes of the tables to keep: every table except those of at least `scannedTableMinCells`
 * non-empty cells of which fewer than `scannedTableMinAgreement` both OCR engines read alike. */
export function readTableIndexes(tables: readonly Table[], settings: UnreadTableSettings): number[] {
  return tables
    .map((table, index) => ({ index, ...ocrAgreement(table) }))
    .filter(({ agreed, cells }) => cells < settings.scannedTableMinCells || agreed >= settings.scannedTableMinAgreement * cells)
    .map(({ index }) => index);
}
