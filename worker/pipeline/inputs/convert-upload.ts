// The input layer: an image or spreadsheet upload made, once at submission, into what the rest of
// the service already handles. An image becomes a PDF of scanned pages (image-pages.ts) that the
// pipeline reads like any scan; a spreadsheet becomes its tables, read from the file
// (sheet-table.ts), and a PDF drawing of its sheets, one page each, which the review page shows
// and the tables' boxes point into. Either PDF replaces the stored upload as the job's input, so
// the viewer, the exports and billing (a page per frame or per sheet) need nothing of their own.
//
// Runs in the inspector process (lib/pdf/inspect-child.ts) under its memory ceiling and deadline:
// the upload is untrusted and is parsed nowhere else.
import type { PageEntry, Table } from "../../../lib/result/schema";
import { imageToPages } from "./image-pages";
import { InputRefusedError } from "./input-error";
import { readCsv } from "./read-csv";
import { readXlsx } from "./read-xlsx";
import { INPUT_SETTINGS, type InputSettings } from "./settings";
import { gridCells, trimGrid, type SheetGrid } from "./sheet-grid";
import { drawSheets } from "./sheet-layout";
import { sheetToTable } from "./sheet-table";

/** A spreadsheet's result, page by page (page n is sheet n, in the workbook's order). */
export interface SheetPages {
  pages: PageEntry[];
  tables: Table[];
}

export interface ConvertedUpload {
  /** The PDF the job runs on and the review page shows. */
  pdf: Uint8Array;
  /** Frames or sheets in the upload (the job's document pages). */
  documentPages: number;
  /** Pages in `pdf`: the first `maxPages` of them. */
  pages: number;
  /** A spreadsheet's tables (null for an image: its pages go through the pipeline). */
  sheets: SheetPages | null;
}

export interface UploadFormat {
  kind: "image" | "spreadsheet";
  format: string;
}

/** `sheetName`: what a CSV's one sheet is called (a spreadsheet opening it names it after the
 * file). */
export async function convertUpload(
  bytes: Uint8Array,
  upload: UploadFormat,
  options: { maxPages: number; sheetName: string },
  settings: InputSettings = INPUT_SETTINGS,
): Promise<ConvertedUpload> {
  if (upload.kind === "image") {
    const { pdf, pages, frames } = await imageToPages(bytes, options.maxPages, settings);
    return { pdf, documentPages: frames, pages, sheets: null };
  }
  let grids: SheetGrid[];
  if (upload.format === "xlsx") grids = await readXlsx(bytes, settings.maxCells);
  else if (upload.format === "csv") grids = [readCsv(bytes, options.sheetName).grid];
  else throw new InputRefusedError(`${upload.format.toUpperCase()} spreadsheets are recognised but not read; save the file as XLSX or CSV`);
  const sheets = grids.map(trimGrid).filter((grid): grid is SheetGrid => grid !== null);
  if (sheets.length === 0) throw new InputRefusedError("the spreadsheet has no visible cells with a value");
  const cells = sheets.reduce((sum, grid) => sum + gridCells(grid), 0);
  if (cells > settings.maxCells)
    throw new InputRefusedError(
      `the spreadsheet has more than ${settings.maxCells.toLocaleString("en-US")} cells, more than one upload may have`,
    );
  const kept = sheets.slice(0, options.maxPages);
  const { pdf, layouts } = await drawSheets(kept, settings);
  const pages: PageEntry[] = layouts.map((layout, i) => ({ page: i + 1, width: round2(layout.width), height: round2(layout.height) }));
  const tables = kept.map((grid, i) => sheetToTable(grid, layouts[i]!, i + 1));
  return { pdf, documentPages: sheets.length, pages: kept.length, sheets: { pages, tables } };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
