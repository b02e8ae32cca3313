// How a table's grid is drawn with its merged cells: `colbands` become header rows
// above the leaf header line (one cell spanning its columns), and `span_grid` regions of the body
// become one cell with rowSpan/colSpan anchored at the region's top-left cell, the covered cells
// not drawn at all. `rows` stays the flattened grid (covered cells empty), so a cell keeps its
// (row, col) reference whether or not it is merged. Pure: the result page, the review grid, the
// review queue and their tests all read the same layout.
import type { Colband, Span, Table } from "./schema";

export type LayoutTable = Pick<Table, "header_cells" | "rows"> & Partial<Pick<Table, "span_grid" | "colbands">>;

/** One drawn cell. `col` is the grid column it starts in; `row` the body row (body cells only). */
export type LayoutCell =
  | { kind: "band"; col: number; colSpan: number; rowSpan: 1; label: string }
  | { kind: "gap"; col: number; colSpan: number; rowSpan: 1 }
  | { kind: "header"; col: number; colSpan: 1; rowSpan: number }
  | { kind: "body"; row: number; col: number; colSpan: number; rowSpan: number };

export interface TableLayout {
  /** Header lines top to bottom: band rows, then the leaf line (header_cells). Empty without a header. */
  head: LayoutCell[][];
  /** One line per body row; covered cells are left out. */
  body: Array<Array<Extract<LayoutCell, { kind: "body" }>>>;
  /** Body positions "row,col" hidden under a merged cell. */
  covered: Set<string>;
  /** The merges actually drawn (bad input left out; see bodySpans). */
  spans: Span[];
  nCols: number;
}

export function tableWidth(table: LayoutTable): number {
  return Math.max(table.header_cells.length, ...table.rows.map((row) => row.length), 0);
}

/** The span_grid regions that can be drawn: clipped to the table, single cells dropped, and
 * skipped (the cells drawn flat) when a region overlaps an earlier one or would hide a covered
 * cell that holds a value: the value stays visible rather than the shape (the xlsx export makes the
 * same choice). */
export function bodySpans(table: LayoutTable): { spans: Span[]; covered: Set<string> } {
  const width = tableWidth(table);
  const taken = new Set<string>();
  const covered = new Set<string>();
  const spans: Span[] = [];
  for (const span of table.span_grid ?? []) {
    if (span.row >= table.rows.length || span.col >= width) continue;
    const rowSpan = Math.min(span.row_span, table.rows.length - span.row);
    const colSpan = Math.min(span.col_span, width - span.col);
    if (rowSpan <= 1 && colSpan <= 1) continue;
    const keys: string[] = [];
    let hidesValue = false;
    for (let r = span.row; r < span.row + rowSpan; r++) {
      for (let c = span.col; c < span.col + colSpan; c++) {
        keys.push(`${r},${c}`);
        if ((r !== span.row || c !== span.col) && (table.rows[r]?.[c]?.value ?? "") !== "") hidesValue = true;
      }
    }
    if (hidesValue || keys.some((key) => taken.has(key))) continue;
    for (const key of keys) taken.add(key);
    for (const key of keys.slice(1)) covered.add(key);
    spans.push({ row: span.row, col: span.col, row_span: rowSpan, col_span: colSpan });
  }
  return { spans, covered };
}

/** Colbands stacked into rows: each in the first row where it overlaps nothing, widest first
 * (the same placement as the worker's tableToGrid). Bands off the table or reversed are left out. */
export function bandRows(colbands: Colband[] | undefined, width: number): Colband[][] {
  const rows: Colband[][] = [];
  const valid = (colbands ?? [])
    .filter((band) => band.start_col <= band.end_col && band.start_col < width)
    .map((band) => ({ ...band, end_col: Math.min(band.end_col, width - 1) }));
  const bands = valid
    .map((band, order) => ({ band, order }))
    .sort((a, b) => b.band.end_col - b.band.start_col - (a.band.end_col - a.band.start_col) || a.order - b.order);
  for (const { band } of bands) {
    let level = 0;
    while (rows[level]?.some((other) => !(band.end_col < other.start_col || band.start_col > other.end_col))) level++;
    (rows[level] ??= []).push(band);
  }
  for (const row of rows) row.sort((a, b) => a.start_col - b.start_col);
  return rows;
}

export function tableLayout(table: LayoutTable): TableLayout {
  const nCols = tableWidth(table);
  const { spans, covered } = bodySpans(table);
  const head: LayoutCell[][] = [];
  if (table.header_cells.length > 0) {
    const bands = bandRows(table.colbands, nCols);
    // A column with no band over it at any level: its leaf name fills the whole header height.
    const banded = new Set<number>();
    for (const row of bands) for (const band of row) for (let c = band.start_col; c <= band.end_col; c++) banded.add(c);
    const tall = (col: number) => bands.length > 0 && !banded.has(col);
    bands.forEach((bandsOfRow, level) => {
      const line: LayoutCell[] = [];
      let col = 0;
      const gapUntil = (end: number) => {
        // Empty stretches are broken at tall leaf cells, which sit in the first band row.
        while (col < end) {
          if (tall(col)) {
            if (level === 0) line.push({ kind: "header", col, colSpan: 1, rowSpan: bands.length + 1 });
            col += 1;
            continue;
          }
          let stop = col;
          while (stop < end && !tall(stop)) stop++;
          line.push({ kind: "gap", col, colSpan: stop - col, rowSpan: 1 });
          col = stop;
        }
      };
      for (const band of bandsOfRow) {
        gapUntil(band.start_col);
        line.push({ kind: "band", col: band.start_col, colSpan: band.end_col - band.start_col + 1, rowSpan: 1, label: band.label });
        col = band.end_col + 1;
      }
      gapUntil(table.header_cells.length);
      head.push(line);
    });
    head.push(table.header_cells.flatMap((_, col): LayoutCell[] => (tall(col) ? [] : [{ kind: "header", col, colSpan: 1, rowSpan: 1 }])));
  }
  const body = table.rows.map((row, r) =>
    row.flatMap((_, col) => {
      if (covered.has(`${r},${col}`)) return [];
      const span = spans.find((s) => s.row === r && s.col === col);
      return [{ kind: "body" as const, row: r, col, rowSpan: span?.row_span ?? 1, colSpan: span?.col_span ?? 1 }];
    }),
  );
  return { head, body, covered, spans, nCols };
}

/** Whether body cell (row, col) is hidden under a merged cell, so it is neither drawn nor queued. */
export function coveredCells(table: LayoutTable): Set<string> {
  return bodySpans(table).covered;
}
