// TableModel to the result Table: body rows only in `rows`; header
// lines collapse to one leaf name per column (`header_cells`, `header` derived from them) with
// column bands above (`colbands`); merged regions of the body in `span_grid`.
import type { Cell, Colband, Confidence, Span, Table } from "../../../lib/result/schema";
import type { Box, ModelCell, TableModel } from "../types";
import { boxUnion, roundBox } from "../geometry/box";

export function textCell(value: string, box: Box | null): Cell {
  // One reading (the text layer); the reconcile stage upgrades confidence when OCR agrees.
  const cell: Cell = { value, confidence: "unverified", sources: value === "" ? [] : ["pdf-text"] };
  if (box && value !== "") cell.bbox = roundBox(box);
  return cell;
}

export function modelToTable(model: TableModel, page: number, index: number): Table {
  const h = model.headerRows;
  const headerModelCells = model.cells.filter((c) => c.row < h);
  const colbands: Colband[] = [];
  const leafParts: Array<{ texts: string[]; boxes: Box[] }> = Array.from({ length: model.nCols }, () => ({ texts: [], boxes: [] }));
  const reachesLeafRow = (cell: ModelCell) => cell.row + cell.rowSpan >= h;
  const isBand = (cell: ModelCell) => cell.text !== "" && cell.colSpan > 1 && !reachesLeafRow(cell);
  // A label on a band row over one column only is a band as well when the name below it repeats
  // a name under one of that row's bands: an EU document's "hypermarkets | supermarkets | others*" over
  // "1996 | ... | 1996" are one level of the header, so "others*" does not join "1996" into
  // "others* 1996". A wrapped name ("Total" over "population") repeats nothing and stays whole.
  const bandsOnRow = (row: number) => headerModelCells.filter((x) => x.row === row && isBand(x));
  const isOneColumnBand = (cell: ModelCell) => {
    if (cell.colSpan !== 1 || reachesLeafRow(cell)) return false;
    const names = (col: number) =>
      headerModelCells.filter((x) => x.row > cell.row && x.col === col && x.colSpan === 1 && x.text !== "").map((x) => x.text);
    const below = names(cell.col);
    return bandsOnRow(cell.row).some((band) => {
      for (let col = band.col; col < band.col + band.colSpan; col++) if (names(col).some((name) => below.includes(name))) return true;
      return false;
    });
  };
  for (const cell of [...headerModelCells].sort((a, b) => a.row - b.row || a.col - b.col)) {
    if (cell.text === "") continue;
    if (isBand(cell) || isOneColumnBand(cell)) {
      colbands.push({ label: cell.text, start_col: cell.col, end_col: cell.col + cell.colSpan - 1 });
      continue;
    }
    const part = leafParts[cell.col]!;
    part.texts.push(cell.text);
    if (cell.box) part.boxes.push(cell.box);
  }
  const header_cells = leafParts.map((p) => textCell(p.texts.join(" "), boxUnion(p.boxes)));

  const nBody = model.nRows - h;
  const rows: Cell[][] = Array.from({ length: nBody }, () => Array.from({ length: model.nCols }, () => textCell("", null)));
  const spans: Span[] = [];
  for (const cell of model.cells) {
    const end = cell.row + cell.rowSpan;
    if (end <= h) continue;
    const row = Math.max(cell.row, h) - h;
    const rowSpan = end - h - row;
    rows[row]![cell.col] = textCell(cell.text, cell.box);
    if (rowSpan > 1 || cell.colSpan > 1) spans.push({ row, col: cell.col, row_span: rowSpan, col_span: cell.colSpan });
  }
  const table: Table = {
    page,
    index,
    order: null,
    kind: model.source === "pdf-grid" ? "ruled" : "unruled",
    column_major: false,
    header: header_cells.map((c) => c.value),
    header_cells: header_cells.some((c) => c.value !== "") ? header_cells : [],
    row_groups: model.rowGroups.length > 0 ? model.rowGroups.slice(h) : [],
    rows,
  };
  if (table.header_cells.length === 0) table.header = [];
  if (model.caption) table.caption = model.caption;
  if (model.disputed) table.layout_disputed = true;
  if (spans.length > 0) table.span_grid = spans;
  if (colbands.length > 0) table.colbands = colbands;
  const cellBoxes = [...table.header_cells, ...rows.flat()].map((c) => c.bbox).filter((b): b is Box => b !== undefined);
  const bbox = boxUnion(cellBoxes);
  if (bbox) table.bbox = roundBox(bbox);
  return table;
}

/** One slot of the grid view; `confidence` is the cell's own (a band label has one only when the
 * value vote judged it: OCR ran). */
export interface GridViewCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  confidence?: Confidence;
}

/** The inverse view used by the eval and by exports: the table as one grid of strings, colband
 * rows first, then the header leaf row (when any), then the body; spans from span_grid and
 * colbands. */
export function tableToGrid(table: Table): { cells: GridViewCell[]; nRows: number; nCols: number } {
  const nCols = Math.max(table.header_cells.length, ...table.rows.map((r) => r.length), 0);
  const cells: GridViewCell[] = [];
  // Colbands: place each in the first band row where it does not overlap, widest first.
  const bandRows: Array<Array<[number, number]>> = [];
  const bands = [...(table.colbands ?? [])].sort((a, b) => b.end_col - b.start_col - (a.end_col - a.start_col));
  const placed: Array<{ band: (typeof bands)[number]; level: number }> = [];
  for (const band of bands) {
    let level = 0;
    while (bandRows[level]?.some(([s, e]) => !(band.end_col < s || band.start_col > e))) level++;
    (bandRows[level] ??= []).push([band.start_col, band.end_col]);
    placed.push({ band, level });
  }
  let offset = bandRows.length;
  for (const { band, level } of placed) {
    const confidence = band.confidence;
    cells.push({
      row: level,
      col: band.start_col,
      rowSpan: 1,
      colSpan: band.end_col - band.start_col + 1,
      text: band.label,
      ...(confidence ? { confidence } : {}),
    });
  }
  if (table.header_cells.length > 0) {
    table.header_cells.forEach((c, col) =>
      cells.push({ row: offset, col, rowSpan: 1, colSpan: 1, text: c.value, confidence: c.confidence }),
    );
    offset += 1;
  }
  const covered = new Set<string>();
  for (const s of table.span_grid ?? []) {
    for (let r = 0; r < s.row_span; r++) for (let c = 0; c < s.col_span; c++) if (r || c) covered.add(`${s.row + r},${s.col + c}`);
  }
  table.rows.forEach((row, r) => {
    row.forEach((cell, col) => {
      if (covered.has(`${r},${col}`)) return;
      const span = table.span_grid?.find((s) => s.row === r && s.col === col);
      cells.push({
        row: offset + r,
        col,
        rowSpan: span?.row_span ?? 1,
        colSpan: span?.col_span ?? 1,
        text: cell.value,
        confidence: cell.confidence,
      });
    });
  });
  return { cells, nRows: offset + table.rows.length, nCols };
}

export type { ModelCell };
