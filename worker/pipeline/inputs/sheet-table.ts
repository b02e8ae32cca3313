// A sheet as a result table (one per sheet, on the sheet's own page). Its values are read from
// the file, not interpreted, so every cell is `exact` with the one source `source-data`; a formula
// the file keeps no result for has no value anyone saw: `unverified`, its formula the only reading.
// The header is the rows the sheet marks (sheet-grid.ts): the last of them names the columns,
// the ones above become column bands over the columns they span. Merged ranges in the body are
// `span_grid` entries, the value in the range's top-left cell.
import type { Cell, Colband, Span, Table } from "../../../lib/result/schema";
import type { GridCell, SheetGrid } from "./sheet-grid";
import { cellBox, type SheetLayout } from "./sheet-layout";

function resultCell(cell: GridCell, bbox: Cell["bbox"]): Cell {
  if (cell.formulaWithoutResult !== undefined) {
    return { value: "", confidence: "unverified", sources: ["source-data"], bbox, readings: { "source-data": cell.formulaWithoutResult } };
  }
  return { value: cell.text, confidence: "exact", sources: ["source-data"], bbox };
}

export function sheetToTable(grid: SheetGrid, layout: SheetLayout, page: number): Table {
  const width = grid.rows[0]?.length ?? 0;
  const h = Math.min(grid.headerRows, Math.max(0, grid.rows.length - 1));
  // The merge (if any) covering each cell, to give a cell its merged rectangle and a header
  // column its label from a range above it.
  const mergeAt = new Map<string, (typeof grid.merges)[number]>();
  for (const m of grid.merges)
    for (let r = 0; r < m.rowSpan; r++) for (let c = 0; c < m.colSpan; c++) mergeAt.set(`${m.row + r}:${m.col + c}`, m);
  const boxOf = (r: number, c: number) => {
    const m = mergeAt.get(`${r}:${c}`);
    return m && m.row === r && m.col === c ? cellBox(layout, r, c, m.rowSpan, m.colSpan) : cellBox(layout, r, c);
  };

  let header_cells: Cell[] = [];
  const colbands: Colband[] = [];
  if (h > 0) {
    const leaf = h - 1;
    header_cells = Array.from({ length: width }, (_, c) => {
      const m = mergeAt.get(`${leaf}:${c}`);
      // A label merged down into the leaf row (or across it) names every column it covers.
      const [r0, c0] = m ? [m.row, m.col] : [leaf, c];
      return resultCell(grid.rows[r0]![c0]!, m ? cellBox(layout, m.row, m.col, m.rowSpan, m.colSpan) : cellBox(layout, leaf, c));
    });
    for (let r = 0; r < leaf; r++) {
      for (let c = 0; c < width; c++) {
        const m = mergeAt.get(`${r}:${c}`);
        if (m && (m.row !== r || m.col !== c)) continue;
        // A label that reaches down to the leaf row is a column name, not a band.
        if (m && m.row + m.rowSpan > leaf) continue;
        const text = grid.rows[r]![c]!.text;
        if (text.trim() === "") continue;
        colbands.push({ label: text, start_col: c, end_col: c + (m?.colSpan ?? 1) - 1, confidence: "exact" });
      }
    }
  }

  const rows = grid.rows.slice(h).map((row, i) => row.map((cell, c) => resultCell(cell, boxOf(h + i, c))));
  const span_grid: Span[] = grid.merges
    .filter((m) => m.row + m.rowSpan > h)
    .map((m) => {
      const top = Math.max(m.row, h);
      return { row: top - h, col: m.col, row_span: m.row + m.rowSpan - top, col_span: m.colSpan };
    })
    .filter((s) => s.row_span > 1 || s.col_span > 1);
  // A range that starts in the header and runs into the body holds its value in the header.
  const table: Table = {
    page,
    index: 0,
    order: 0,
    kind: null,
    column_major: false,
    header: header_cells.map((cell) => cell.value),
    header_cells,
    row_groups: [],
    rows,
    sheet: grid.name,
    bbox: [layout.xs[0]!, layout.ys[0]!, layout.xs[width]!, layout.ys[grid.rows.length]!],
  };
  if (span_grid.length > 0) table.span_grid = span_grid;
  if (colbands.length > 0) table.colbands = colbands;
  return table;
}
