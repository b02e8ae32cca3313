// An XLSX workbook as the sheets it shows (exceljs reads the file): every visible sheet, its
// visible rows and columns (hidden sheets, rows and columns are left out: what the workbook's
// author hid is not what a reader of it sees), each cell as displayed (format-cell.ts), merged
// ranges, and the header rows the sheet marks: frozen rows at the top, or else a first row whose
// every filled cell is bold over rows that are not. A sheet that marks neither has no header: a
// first row of labels is not told from data by guessing.
import ExcelJS from "exceljs";
import { formatCellValue, formatGeneral } from "./format-cell";
import type { GridCell, GridMerge, SheetGrid } from "./sheet-grid";
import { InputRefusedError } from "./input-error";

export class XlsxInputError extends InputRefusedError {}

type CellValue = ExcelJS.CellValue;

/** A stored value (or a formula's cached result) as the sheet shows it under `numFmt`. */
function shown(value: CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || value instanceof Date) return formatCellValue(value, numFmt);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((run) => run.text).join("");
    if ("error" in value) return String(value.error);
    if ("text" in value && "hyperlink" in value) return typeof value.text === "string" ? value.text : shown(value.text, numFmt);
  }
  return "";
}

function cellOf(cell: ExcelJS.Cell): GridCell {
  const value = cell.value;
  if (value && typeof value === "object" && ("formula" in value || "sharedFormula" in value)) {
    const formula = "formula" in value && value.formula ? value.formula : "sharedFormula" in value ? String(value.sharedFormula ?? "") : "";
    const result = (value as { result?: CellValue }).result;
    if (result === undefined || result === null) return { text: "", formulaWithoutResult: `=${formula}` };
    // A result that is an error object ({error: "#DIV/0!"}) shows as the error.
    return { text: shown(result, cell.numFmt) };
  }
  return { text: typeof value === "number" && !cell.numFmt ? formatGeneral(value) : shown(value, cell.numFmt) };
}

/** "B3" -> [row 3, column 2] (1-based). */
function address(ref: string): [number, number] {
  const match = /^\$?([A-Z]+)\$?(\d+)$/i.exec(ref.trim());
  if (!match) throw new XlsxInputError(`a merged range names a cell the reader does not understand (${ref})`);
  const col = [...match[1]!.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return [Number(match[2]), col];
}

export async function readXlsx(bytes: Uint8Array, maxCells: number): Promise<SheetGrid[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new XlsxInputError("the XLSX could not be read (it is corrupt, encrypted or not a workbook)");
  }
  const grids: SheetGrid[] = [];
  let cells = 0;
  for (const sheet of workbook.worksheets) {
    if (sheet.state !== "visible") continue;
    const rowCount = sheet.rowCount;
    const columnCount = sheet.columnCount;
    // Only rows the file defines can be hidden; asking for every row would create the ones it
    // does not (a single cell at row 1,048,576 would make a million), before the limit below.
    // (exceljs's eachRow either skips rows without values, which may be hidden too, or creates
    // every missing row: its sparse row array is walked instead.)
    const hiddenRows = new Set<number>();
    (sheet as unknown as { _rows: Array<ExcelJS.Row | undefined> })._rows.forEach((row) => {
      if (row?.hidden) hiddenRows.add(row.number);
    });
    const visibleRows: number[] = [];
    for (let r = 1; r <= rowCount; r++) if (!hiddenRows.has(r)) visibleRows.push(r);
    const visibleCols: number[] = [];
    for (let c = 1; c <= columnCount; c++) if (!sheet.getColumn(c).hidden) visibleCols.push(c);
    cells += visibleRows.length * visibleCols.length;
    if (cells > maxCells)
      throw new XlsxInputError(
        `the workbook has more than ${maxCells.toLocaleString("en-US")} visible cells, more than one upload may have`,
      );
    const rowIndex = new Map(visibleRows.map((r, i) => [r, i]));
    const colIndex = new Map(visibleCols.map((c, i) => [c, i]));
    const rows: GridCell[][] = visibleRows.map((r) => {
      const row = sheet.getRow(r);
      return visibleCols.map((c) => {
        const cell = row.getCell(c);
        // A merged range's value sits in its master cell; the master may be hidden (below).
        return cell.isMerged && cell.master !== cell ? { text: "" } : cellOf(cell);
      });
    });
    const merges: GridMerge[] = [];
    for (const range of (sheet as unknown as { model: { merges?: string[] } }).model.merges ?? []) {
      const [from, to] = range.split(":");
      const [top, left] = address(from!);
      const [bottom, right] = address(to ?? from!);
      const inRows = visibleRows.filter((r) => r >= top && r <= bottom);
      const inCols = visibleCols.filter((c) => c >= left && c <= right);
      if (inRows.length === 0 || inCols.length === 0) continue;
      const row = rowIndex.get(inRows[0]!)!;
      const col = colIndex.get(inCols[0]!)!;
      // The value shows in the range's first visible cell, as the sheet shows it.
      rows[row]![col] = cellOf(sheet.getCell(top, left));
      if (inRows.length > 1 || inCols.length > 1) merges.push({ row, col, rowSpan: inRows.length, colSpan: inCols.length });
    }
    grids.push({ name: sheet.name, rows, merges, headerRows: markedHeaderRows(sheet, visibleRows, visibleCols) });
  }
  return grids;
}

/** Header rows the sheet marks (as visible rows): rows frozen at the top; else a bold first row. */
function markedHeaderRows(sheet: ExcelJS.Worksheet, visibleRows: number[], visibleCols: number[]): number {
  const view = sheet.views?.find((v) => v.state === "frozen") as { ySplit?: number } | undefined;
  const frozen = view?.ySplit ?? 0;
  if (frozen > 0) return visibleRows.filter((r) => r <= frozen).length;
  const filledRows = visibleRows.filter((r) => visibleCols.some((c) => cellOf(sheet.getCell(r, c)).text.trim() !== ""));
  if (filledRows.length < 2) return 0;
  const allBold = (r: number) => {
    const filled = visibleCols.map((c) => sheet.getCell(r, c)).filter((cell) => cellOf(cell).text.trim() !== "");
    return filled.length > 0 && filled.every((cell) => cell.font?.bold === true);
  };
  const first = filledRows[0]!;
  if (!allBold(first) || filledRows.slice(1).every(allBold)) return 0;
  // The header is the first filled row: the rows above it (empty) are trimmed away with it counted.
  return visibleRows.indexOf(first) + 1;
}
