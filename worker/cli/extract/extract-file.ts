// One PDF of `npm run extract`'s many-file mode: the pipeline in this process (or this thread),
// the result written where inputs.ts says, and the counts the summary line adds up. A file that
// fails is reported and the others go on.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { runPipeline } from "../../pipeline/run-pipeline";
import { openPdf } from "../../../lib/pdf/open-pdf";
import type { OcrEngines } from "../../pipeline/ocr";
import { CONFIDENCE_LEVELS, type Confidence, type Result } from "../../../lib/result/schema";
import type { ExtractInput } from "./inputs";

export interface ExtractOptions {
  /** Read at most this many pages of each file (Infinity: all). */
  pages: number;
  ocr: boolean;
}

export interface FileSummary {
  pdf: string;
  result: string;
  pages: number;
  pagesFailed: number;
  tables: number;
  /** Table cells (header cells included) by confidence. */
  cells: Partial<Record<Confidence, number>>;
  seconds: number;
  /** Set when the file could not be read at all (no result written). */
  error?: string;
}

/** Cells of the result's tables by confidence. */
export function cellsByConfidence(result: Result): Partial<Record<Confidence, number>> {
  const counts: Partial<Record<Confidence, number>> = {};
  for (const table of result.tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) counts[cell.confidence] = (counts[cell.confidence] ?? 0) + 1;
  }
  return counts;
}

/** "12 verified, 3 disputed" in the schema's order of levels. */
export function formatCells(cells: Partial<Record<Confidence, number>>): string {
  const parts = CONFIDENCE_LEVELS.filter((level) => (cells[level] ?? 0) > 0).map((level) => `${cells[level]} ${level}`);
  return parts.length > 0 ? parts.join(", ") : "0";
}

/** Runs one file and writes its result JSON. Figures are cropped into a folder named after the
 * result (NAME/images/...), and their paths in the result are relative to the result's folder. */
export async function extractFile(
  input: ExtractInput,
  options: ExtractOptions,
  readers: OcrEngines | null,
  onPage?: () => void,
): Promise<FileSummary> {
  const started = performance.now();
  const base = path.basename(input.result, ".json");
  const resultDir = path.dirname(input.result);
  try {
    const bytes = await fs.promises.readFile(input.pdf);
    // A page limit is clamped to the file's pages (so none is reported unreadable for not
    // existing); without one the pipeline reads every page it finds, without a first opening.
    const pages = Number.isFinite(options.pages) ? Math.min(options.pages, await countPages(input.pdf)) : undefined;
    const output = await runPipeline({
      pdfPath: input.pdf,
      pages,
      withSourcePages: Number.isFinite(options.pages),
      fileSha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      cacheDir: null,
      outputDir: path.join(resultDir, base),
      ocr: readers ?? [],
      afterPage: onPage,
    });
    // Made for a readable file only: a broken one leaves no folder behind.
    await fs.promises.mkdir(resultDir, { recursive: true });
    const result = output.result;
    for (const image of result.images) image.path = path.posix.join(base, image.path);
    await fs.promises.writeFile(input.result, JSON.stringify(result, null, 2));
    return {
      pdf: input.pdf,
      result: input.result,
      pages: result.pages.length,
      pagesFailed: output.pagesFailed,
      tables: result.tables.length,
      cells: cellsByConfidence(result),
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    return {
      pdf: input.pdf,
      result: input.result,
      pages: 0,
      pagesFailed: 0,
      tables: 0,
      cells: {},
      seconds: (performance.now() - started) / 1000,
      error: (error as Error).message,
    };
  }
}

async function countPages(pdf: string): Promise<number> {
  const opened = await openPdf(pdf);
  try {
    return opened.doc.numPages;
  } finally {
    await opened.close();
  }
}
