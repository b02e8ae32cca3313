// The worker's side of a spreadsheet job: its tables were read from the file at submission
// (convert-upload.ts) and wait with the job's files; here they are delivered page by page (a page
// per sheet) with the hooks a PDF's pages go through, so the job page shows each sheet as it is
// done, page limits and skipped pages work alike, and the output is the pipeline's.
import { resultSchema, type PageEntry, type Result, type Table } from "../../../lib/result/schema";
import type { PipelineOutput } from "../run-pipeline";
import type { SheetPages } from "./convert-upload";

/** Recorded with the job as its settings version: the reading of a sheet depends on nothing the
 * pipeline's settings change. */
export const SHEET_READER_VERSION = "source-data-1";

export interface DeliverSheetsInput {
  sheets: SheetPages;
  pages: number;
  withSourcePages: boolean;
  skipPages?: ReadonlyMap<number, string>;
  beforePage?: (pageNumber: number) => void | Promise<void>;
  onPage?: (page: { pageNumber: number; entry: PageEntry; tables: Table[] }) => void | Promise<void>;
  afterPage?: (pageNumber: number) => void | Promise<void>;
  onProgress?: (stage: string) => void | Promise<void>;
}

export async function deliverSheets(input: DeliverSheetsInput): Promise<PipelineOutput> {
  const pages: PageEntry[] = [];
  const tables: Table[] = [];
  const failures: PipelineOutput["failures"] = [];
  for (let pageNumber = 1; pageNumber <= input.pages; pageNumber++) {
    const entry = input.sheets.pages[pageNumber - 1];
    const skipped = input.skipPages?.get(pageNumber);
    if (!entry || skipped !== undefined) {
      const reason = skipped ?? "the sheet could not be read";
      failures.push({ page: pageNumber, stage: skipped !== undefined ? "limits" : "read", message: reason });
      pages.push({ page: pageNumber, width: entry?.width ?? 612, height: entry?.height ?? 792, unreadable: true, reason });
      continue;
    }
    await input.beforePage?.(pageNumber);
    await input.onProgress?.(`sheet ${pageNumber} of ${input.pages}: reading the sheet's cells`);
    const own = input.sheets.tables.filter((table) => table.page === pageNumber);
    pages.push(entry);
    tables.push(...own);
    await input.onPage?.({ pageNumber, entry, tables: own });
    await input.afterPage?.(pageNumber);
  }
  const result: Result = { tables, prose: [], images: [], pages };
  if (input.withSourcePages) result.source_pages = pages.map((entry) => entry.page);
  return {
    result: resultSchema.parse(result),
    stageSeconds: {},
    pagesFailed: pages.filter((entry) => entry.unreadable).length,
    pagesUnchecked: 0,
    failures,
    settingsVersion: SHEET_READER_VERSION,
  };
}
