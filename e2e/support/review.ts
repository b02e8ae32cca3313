// Review test helpers. OCR is off in test stacks (cells come back unverified), so a disputed cell
// is made by editing a finished job's stored result file: the state the worker would have written
// had two readings disagreed.
import fs from "node:fs";
import path from "node:path";
import { resultSchema, type Cell, type Result, type TableAlternative } from "../../lib/result/schema";
import { mergedHeaderPdf, rotatedPagePdf, ruledPdf } from "../../tests/pdf/golden-cases";
import type { Stack } from "./stack";

export function resultFile(stack: Stack, jobId: string): string {
  return path.join(stack.dataDir, "jobs", jobId, "result.json");
}

export function readStoredResult(stack: Stack, jobId: string): Result {
  return resultSchema.parse(JSON.parse(fs.readFileSync(resultFile(stack, jobId), "utf8")));
}

/** The bytes of a one-page PDF with a ruled 3-column table (Item, Qty, Price; Apples 3 1.20 ...). */
export async function tablePdfBytes(): Promise<Uint8Array> {
  return new Uint8Array(fs.readFileSync(await ruledPdf()));
}

export interface DisputedCells {
  /** "page:table:row:col" of the disputed cell and of a second one, both in the first table. */
  disputed: string;
  second: string;
  value: string;
  readings: Record<string, string>;
}

/** Turns the first table's cell (row 0, last column) into a disputed, provisional cell with two
 * readings, and the cell below it into another; returns their references. */
export function makeDisputed(stack: Stack, jobId: string): DisputedCells {
  const result = readStoredResult(stack, jobId);
  const table = result.tables[0];
  if (!table || table.rows.length < 2) throw new Error(`job ${jobId} has no table with two rows to dispute`);
  const col = table.rows[0]!.length - 1;
  const dispute = (cell: Cell, other: string): Cell => ({
    ...cell,
    confidence: "disputed",
    sources: [],
    readings: { "pdf-text": cell.value, "ocr-1": other },
    provisional: true,
  });
  const first = table.rows[0]![col]!;
  table.rows[0]![col] = dispute(first, `${first.value}7`);
  table.rows[1]![col] = dispute(table.rows[1]![col]!, "0.30");
  fs.writeFileSync(resultFile(stack, jobId), JSON.stringify(resultSchema.parse(result)));
  return {
    disputed: `${table.page}:${table.index}:0:${col}`,
    second: `${table.page}:${table.index}:1:${col}`,
    value: first.value,
    readings: { "pdf-text": first.value, "ocr-1": `${first.value}7` },
  };
}

/** Leaves the first table of a finished job of the fruit table (tablePdfBytes: Item, Qty, Price;
 * Apples 3 1.20; Pears 12 0.80; Plums 7 2.10) as the worker leaves a table the readings disagree
 * about: not agreed to be a table (layout_disputed), the shapes other readings proposed
 * (`alternatives`), every cell's value agreed by two readings (ocr-1 and pdf-text: a doubt about its
 * place only) except two that OCR misread where the text layer is right: row 1's price read “1.2O”
 * (text layer “1.20”) and row 2's quantity read “l2” (text layer “12”), both disputed. */
export function doubtTable(stack: Stack, jobId: string, alternatives: TableAlternative[]): void {
  const stored = readStoredResult(stack, jobId);
  const table = stored.tables[0];
  if (!table || table.rows.length < 2) throw new Error(`job ${jobId} has no table with two rows to doubt`);
  table.layout_disputed = true;
  table.alternatives = alternatives;
  const doubt = (cell: Cell): Cell => ({ ...cell, confidence: "unverified", sources: ["ocr-1", "pdf-text"] });
  table.header_cells = table.header_cells.map(doubt);
  table.rows = table.rows.map((row) => row.map(doubt));
  const misread = (cell: Cell, ocr: string): Cell => ({
    ...cell,
    value: ocr,
    confidence: "disputed",
    sources: ["ocr-1"],
    readings: { "pdf-text": cell.value, "ocr-1": ocr },
    provisional: true,
  });
  table.rows[0]![2] = misread(table.rows[0]![2]!, "1.2O");
  table.rows[1]![1] = misread(table.rows[1]![1]!, "l2");
  fs.writeFileSync(resultFile(stack, jobId), JSON.stringify(resultSchema.parse(stored)));
}

/** The golden merged-header page (tests/pdf/golden-cases.ts mergedHeaderPdf): a header band
 * "Emissions" over Air and Water ("Site" two header lines tall), and a body cell "not measured"
 * spanning Air and Water. */
export async function mergedTablePdfBytes(): Promise<Uint8Array> {
  return new Uint8Array(fs.readFileSync(await mergedHeaderPdf()));
}

/** The golden rotated page: portrait in the file, displayed landscape by /Rotate 90, a ruled table
 * (Item, Qty, Price; Apples 3 1.20; Pears 12 0.80) reading upright at displayed (60, 100). */
export async function rotatedTablePdfBytes(): Promise<Uint8Array> {
  return new Uint8Array(fs.readFileSync(await rotatedPagePdf()));
}

/** A two-page report for the keyboard journey: on each page a ruled sales table (Region, 2023,
 * 2024, 2025; North, South, East, West) in which one cell's text layer and drawn glyphs disagree
 * (tests/pdf/ocr-test-pdfs.ts makeDisputedTablePdf: the text layer says `hidden`, the page
 * shows `shown` as pixels only), page 2 repeating page 1's header as a table continued over a page
 * break does. With OCR on, each page yields one disputed cell from the real readings. */
export const REPORT_CELLS = [
  { page: 1, hidden: "17", shown: "42" },
  { page: 2, hidden: "61", shown: "68" },
] as const;

export async function twoPageReportPdfBytes(): Promise<Uint8Array> {
  const [{ PDFDocument }, { makeDisputedTablePdf }] = await Promise.all([import("pdf-lib"), import("../../tests/pdf/ocr-test-pdfs")]);
  const report = await PDFDocument.create();
  for (const cell of REPORT_CELLS) {
    const single = await PDFDocument.load(await makeDisputedTablePdf(cell.hidden, cell.shown));
    const [page] = await report.copyPages(single, [0]);
    report.addPage(page);
  }
  return report.save();
}
