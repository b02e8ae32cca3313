// XLSX export: confidence made visible. Written with exceljs' streaming
// WorkbookWriter: each sheet is committed before the next one starts, so memory holds one table
// (or one row of the audit sheets) at a time, not the workbook; a 500-page result stays bounded.
// Sheets, in this order:
//   legend        what the colours, notes and sheets mean (first, so it is what a person sees first)
//   Table {i+1} on page {page}  one per table (lib/result/table-name.ts: the result page's words),
//                 sorted by page then index: colbands row (merged over its columns),
//                 header row, body rows; span_grid regions merged; disputed cells red with their
//                 readings in a note, unverified cells yellow; header rows bold on a blue-grey fill
//   prose         page, index, role, level, text, confidence, sources
//   cells         flat audit list of every header and body cell (row "header" for header cells)
// Values: a body cell whose text a number format can show unchanged ("1,250", "12.50") is written
// as a number with that format (lib/export/excel-number.ts), so SUM works and the sheet still
// shows exactly what the document says; everything else ("007", "(3.4)", dates, codes, header
// names, the audit sheet) is a text cell exactly as extracted, never a date or a formula.
// Excel refuses cells longer than 32,767 characters, so longer text is cut with a visible marker
// (the json export keeps it whole). Row and column numbers in the cells sheet are 0-based, as in
// the JSON (rows[r][c], span_grid), so an audit can go straight from a line to the data.
import ExcelJS from "exceljs";
import { bodySpans } from "../result/span-layout";
import { once, type EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import type { Cell, Confidence, Result, Table } from "../result/schema";
import { tableSheetName, uniqueSheetName } from "./sheet-names";
import { excelNumber } from "./excel-number";
import { headerValues, tableWidth, tablesInOrder } from "./tables-in-order";

export { tableSheetName, uniqueSheetName } from "./sheet-names";

type Fill = ExcelJS.Fill;
type Worksheet = ExcelJS.Worksheet;

/** Excel's own "Bad" and "Neutral" cell-style colours, so the meaning reads at a glance. */
export const DISPUTED_ARGB = "FFFFC7CE";
export const UNVERIFIED_ARGB = "FFFFEB9C";
export const HEADER_ARGB = "FFD9E1F2";

const solid = (argb: string): Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
const DISPUTED_FILL = solid(DISPUTED_ARGB);
const UNVERIFIED_FILL = solid(UNVERIFIED_ARGB);
const HEADER_FILL = solid(HEADER_ARGB);
const BOLD = { bold: true } as const;

/** Excel's limits: text per cell, rows per sheet, characters per sheet name. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
export const EXCEL_MAX_ROWS = 1_048_576;
const TRUNCATED_MARKER = " [...truncated; the json export has the full text]";

const AUDIT_HEADER = ["page", "table", "row", "column", "value", "confidence", "sources", "readings", "bbox"];
const PROSE_HEADER = ["page", "index", "role", "level", "text", "confidence", "sources"];

export interface XlsxOptions {
  /** Rows per audit sheet before it continues on "cells 2", ...; only lowered by tests. */
  maxAuditRows?: number;
}

/** Text for one cell, cut to Excel's limit with a visible marker. */
export function excelText(value: string): string {
  if (value.length <= EXCEL_MAX_CELL_CHARS) return value;
  return value.slice(0, EXCEL_MAX_CELL_CHARS - TRUNCATED_MARKER.length) + TRUNCATED_MARKER;
}

/** Red for disputed, yellow for unverified; every other level is left unshaded. */
export function confidenceFill(confidence: Confidence): Fill | undefined {
  if (confidence === "disputed") return DISPUTED_FILL;
  if (confidence === "unverified") return UNVERIFIED_FILL;
  return undefined;
}

/** The note on a disputed cell: every reading, one per line, keyed by source. */
export function readingsNote(cell: Cell): string {
  const lines = Object.entries(cell.readings ?? {}).map(([source, value]) => `${source}: ${value}`);
  const head = "Disputed: independent readings disagree. Check against the original page.";
  return excelText(lines.length > 0 ? `${head}\nReadings:\n${lines.join("\n")}` : head);
}

/** A body value: a number when a number format shows it unchanged, otherwise text. */
function writeValue(target: ExcelJS.Cell, text: string): void {
  const number = excelNumber(text);
  if (number) {
    target.value = number.value;
    target.numFmt = number.numFmt;
  } else {
    target.value = excelText(text);
  }
}

function styleCell(target: ExcelJS.Cell, cell: Cell | undefined, isHeader: boolean): void {
  if (isHeader) {
    target.font = BOLD;
    target.fill = HEADER_FILL;
  }
  if (!cell) return;
  // Confidence wins over the header fill: a disputed header name must be as visible as a value.
  const fill = confidenceFill(cell.confidence);
  if (fill) target.fill = fill;
  if (cell.confidence === "disputed") target.note = readingsNote(cell);
}

function writeLegend(workbook: ExcelJS.stream.xlsx.WorkbookWriter, used: Set<string>): void {
  const sheet = workbook.addWorksheet(uniqueSheetName("legend", used));
  sheet.columns = [{ width: 16 }, { width: 100 }];
  const rows: Array<[string, string, Fill | undefined]> = [
    [
      "disputed",
      "Red: independent readings disagree. The value is provisional; the cell note lists every reading. Check it against the original page before importing it anywhere.",
      DISPUTED_FILL,
    ],
    ["unverified", "Yellow: only one reading exists, so nothing could cross-check it.", UNVERIFIED_FILL],
    [
      "other levels",
      "Unshaded: exact, verified, confirmed, reviewed or resolved (see the confidence column of the cells sheet).",
      undefined,
    ],
    ["header", "Bold on blue-grey: header rows (column bands above the column names).", HEADER_FILL],
    [
      "values",
      "A table value is a number only when its number format shows exactly the extracted text (1,250 or 12.50, so SUM works); everything else (007, (3.4), -5%, dates, codes) is text exactly as extracted. Nothing is rounded or reformatted.",
      undefined,
    ],
    [
      "sheets",
      "One sheet per table, named 'Table <n> on page <p>' as on the result page (n counts from 1; the JSON's index from 0); 'prose' holds headings and paragraphs; 'cells' lists every cell as text with confidence, sources, readings and bbox (row and column numbers count from 0, as in the JSON).",
      undefined,
    ],
  ];
  const title = sheet.addRow(["colour / item", "meaning"]);
  title.eachCell((c) => {
    c.font = BOLD;
    c.fill = HEADER_FILL;
  });
  title.commit();
  for (const [label, meaning, fill] of rows) {
    const row = sheet.addRow([label, meaning]);
    if (fill) row.getCell(1).fill = fill;
    row.getCell(2).alignment = { wrapText: true, vertical: "top" };
    row.commit();
  }
  sheet.commit();
}

/** Column widths from the header and the first rows, so a wide table is readable on opening. */
function columnWidths(table: Table, width: number): Array<{ width: number }> {
  const header = headerValues(table);
  const widths: Array<{ width: number }> = [];
  for (let col = 0; col < width; col++) {
    let longest = (header[col] ?? "").length;
    for (const row of table.rows.slice(0, 50)) longest = Math.max(longest, (row[col]?.value ?? "").length);
    widths.push({ width: Math.min(60, Math.max(8, longest + 2)) });
  }
  return widths;
}

function writeTableSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, table: Table, used: Set<string>): void {
  const width = tableWidth(table);
  const colbands = table.colbands ?? [];
  const header = headerValues(table);
  const headerRowCount = (colbands.length > 0 ? 1 : 0) + (header.length > 0 ? 1 : 0);
  const sheet = workbook.addWorksheet(uniqueSheetName(tableSheetName(table), used), {
    views: headerRowCount > 0 ? [{ state: "frozen", ySplit: headerRowCount }] : [],
  });
  if (width > 0) sheet.columns = columnWidths(table, width);
  // Merges may not overlap (exceljs throws, Excel repairs the file); occupancy catches bad input.
  const taken = new Set<string>();
  const tryMerge = (top: number, left: number, bottom: number, right: number): boolean => {
    const keys: string[] = [];
    for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) keys.push(`${r}:${c}`);
    if (keys.some((key) => taken.has(key))) return false;
    for (const key of keys) taken.add(key);
    sheet.mergeCells(top, left, bottom, right);
    return true;
  };

  let rowNumber = 0;
  if (colbands.length > 0) {
    rowNumber += 1;
    const bandRow = sheet.getRow(rowNumber);
    for (let col = 1; col <= width; col++) styleCell(bandRow.getCell(col), undefined, true);
    for (const band of colbands) bandRow.getCell(band.start_col + 1).value = excelText(band.label);
    for (const band of colbands) {
      if (band.end_col > band.start_col) tryMerge(rowNumber, band.start_col + 1, rowNumber, band.end_col + 1);
    }
  }
  if (header.length > 0) {
    rowNumber += 1;
    const headerRow = sheet.getRow(rowNumber);
    for (let col = 0; col < width; col++) {
      const target = headerRow.getCell(col + 1);
      target.value = excelText(header[col] ?? "");
      styleCell(target, table.header_cells[col], true);
    }
  }
  const bodyTop = rowNumber + 1;
  for (const cells of table.rows) {
    rowNumber += 1;
    const row = sheet.getRow(rowNumber);
    cells.forEach((cell, col) => {
      const target = row.getCell(col + 1);
      writeValue(target, cell.value);
      styleCell(target, cell, false);
    });
  }
  // The merges the pages draw (lib/result/span-layout.ts): clipped to the table, and none that
  // would hide a covered cell still holding a value or overlap an earlier merge.
  for (const span of bodySpans(table).spans) {
    tryMerge(bodyTop + span.row, span.col + 1, bodyTop + span.row + span.row_span - 1, span.col + span.col_span);
  }
  // Rows stay uncommitted until the merges are placed (merging reaches into committed rows badly);
  // one table's rows are small. Committing the sheet flushes them.
  sheet.commit();
}

function auditRow(page: number, table: number, row: number | "header", col: number, cell: Cell): ExcelJS.CellValue[] {
  return [
    page,
    table,
    row,
    col,
    excelText(cell.value),
    cell.confidence,
    cell.sources.length > 0 ? cell.sources.join(", ") : null,
    cell.readings ? excelText(JSON.stringify(cell.readings)) : null,
    cell.bbox ? JSON.stringify(cell.bbox) : null,
  ];
}

/** Rows between two backpressure checks in a long sheet. */
const ROWS_PER_CHECK = 256;

/** Rows of a flat sheet; continues on "name 2", "name 3" when Excel's row limit is reached. */
class FlatSheets {
  private sheet: Worksheet | null = null;
  private rows = 0;
  private part = 0;

  constructor(
    private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    private readonly pressure: ZipBackpressure,
    private readonly used: Set<string>,
    private readonly name: string,
    private readonly header: string[],
    private readonly widths: number[],
    private readonly confidenceColumn: number,
    private readonly maxRows: number,
  ) {}

  async add(values: ExcelJS.CellValue[], confidence: Confidence): Promise<void> {
    if (!this.sheet || this.rows >= this.maxRows) await this.open();
    const sheet = this.sheet as Worksheet;
    const row = sheet.addRow(values);
    const fill = confidenceFill(confidence);
    if (fill) row.getCell(this.confidenceColumn).fill = fill;
    row.commit();
    this.rows += 1;
    if (this.rows % ROWS_PER_CHECK === 0) await this.pressure.withinSheet(sheet);
  }

  /** Commits the open sheet; writes the header-only sheet when nothing was added. */
  async close(): Promise<void> {
    if (!this.sheet) await this.open();
    await this.commit();
  }

  private async commit(): Promise<void> {
    if (!this.sheet) return;
    this.sheet.commit();
    this.sheet = null;
    await this.pressure.afterSheet();
  }

  private async open(): Promise<void> {
    await this.commit();
    this.part += 1;
    const name = this.part === 1 ? this.name : `${this.name} ${this.part}`;
    const sheet = this.workbook.addWorksheet(uniqueSheetName(name, this.used), {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    sheet.columns = this.widths.map((width) => ({ width }));
    const header = sheet.addRow(this.header);
    header.eachCell((c) => {
      c.font = BOLD;
      c.fill = HEADER_FILL;
    });
    header.commit();
    this.sheet = sheet;
    this.rows = 0;
  }
}

/**
 * Backpressure. exceljs' WorkbookWriter ignores it: its sheet streams (StreamBuf) push every row
 * into archiver at once, and archiver deflates on the thread pool, so a synchronous loop over 500
 * tables queued the whole uncompressed workbook in memory (measured: +173 MB at 500 pages, growing
 * with the page count). We wait at two points, using the writer's own objects (exceljs 4.4 and
 * archiver 5 internals, pinned in package.json):
 *   - after each committed sheet, until archiver has processed every entry appended so far;
 *   - every few hundred rows of a long sheet, until the sheet's input stream has drained.
 * Both waits give up with an error if `out` closes first (client gone), so nothing hangs.
 */
class ZipBackpressure {
  private closedEarly: Error | null = null;
  private readonly zip: EventEmitter & { _entriesCount?: number; _entriesProcessedCount?: number };

  constructor(
    workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    private readonly out: Writable,
  ) {
    this.zip = (workbook as unknown as { zip: ZipBackpressure["zip"] }).zip;
    out.once("close", () => {
      if (!out.writableFinished) this.closedEarly = new Error("the export output closed before the workbook was complete");
    });
  }

  /** After a sheet commit: wait until archiver has written out every entry appended so far. */
  async afterSheet(): Promise<void> {
    while (this.isBehind()) await this.next(this.zip, "progress");
  }

  /** Within a long sheet: wait while the sheet's input stream holds more than its buffer. */
  async withinSheet(sheet: Worksheet): Promise<void> {
    // archiver wraps the sheet's StreamBuf in a readable-stream v2 PassThrough, which has no
    // public writableNeedDrain; its _writableState.needDrain is the same flag.
    type Input = EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } };
    const input = (sheet as unknown as { stream?: { pipes?: Input[] } }).stream?.pipes?.[0];
    if (input && (input.writableNeedDrain ?? input._writableState?.needDrain) === true) await this.next(input, "drain");
  }

  private isBehind(): boolean {
    const { _entriesCount: total, _entriesProcessedCount: processed } = this.zip;
    return typeof total === "number" && typeof processed === "number" && processed < total;
  }

  private async next(emitter: EventEmitter, event: string): Promise<void> {
    if (this.closedEarly) throw this.closedEarly;
    const controller = new AbortController();
    const onClose = () => controller.abort();
    this.out.once("close", onClose);
    try {
      await once(emitter, event, { signal: controller.signal });
    } catch (error) {
      throw this.closedEarly ?? error;
    } finally {
      this.out.off("close", onClose);
    }
  }
}

/** Writes the workbook into `out` and ends it; resolves once the file is complete. */
export async function writeXlsx(result: Result, out: Writable, options: XlsxOptions = {}): Promise<void> {
  const maxRows = Math.min(options.maxAuditRows ?? EXCEL_MAX_ROWS - 1, EXCEL_MAX_ROWS - 1);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = "pdftables";
  const pressure = new ZipBackpressure(workbook, out);
  // Table sheets are named "Table <n> on page <p>", so they can never take "legend", "prose" or "cells".
  const used = new Set<string>();
  writeLegend(workbook, used);
  await pressure.afterSheet();

  const tables = tablesInOrder(result.tables);
  for (const table of tables) {
    writeTableSheet(workbook, table, used);
    await pressure.afterSheet();
  }

  const proseSheets = new FlatSheets(workbook, pressure, used, "prose", PROSE_HEADER, [6, 6, 10, 6, 80, 12, 24], 6, maxRows);
  const prose = [...result.prose].sort((a, b) => a.page - b.page || a.order - b.order || a.index - b.index);
  for (const block of prose) {
    await proseSheets.add(
      [
        block.page,
        block.index,
        block.role,
        block.level,
        excelText(block.text),
        block.confidence,
        block.sources.length > 0 ? block.sources.join(", ") : null,
      ],
      block.confidence,
    );
  }
  await proseSheets.close();

  const cellSheets = new FlatSheets(workbook, pressure, used, "cells", AUDIT_HEADER, [6, 6, 8, 7, 40, 12, 24, 40, 28], 6, maxRows);
  for (const table of tables) {
    for (const [col, cell] of table.header_cells.entries()) {
      await cellSheets.add(auditRow(table.page, table.index, "header", col, cell), cell.confidence);
    }
    for (const [r, cells] of table.rows.entries()) {
      for (const [col, cell] of cells.entries()) {
        await cellSheets.add(auditRow(table.page, table.index, r, col, cell), cell.confidence);
      }
    }
  }
  await cellSheets.close();
  await workbook.commit();
}
