// Stores each page the pipeline finishes with the job's files (lib/result/finished-page.ts), so the
// job page shows it while later pages run. Called by the pipeline process (pipeline-child.ts) from
// runPipeline's onPage, before the page is reported done, so a page counted done is already stored.
// A page that ends without being stored (it could not be read, or passed a page limit and was
// skipped) is stored as unreadable by the worker (run-job.ts, saveUnreadablePage), so the job page
// shows it in its place at once. A page off the result format is only logged (the finished result
// is the authority), but a failed write is thrown on (a StorageWriteError): storage that refuses
// this page will refuse the result too, so the job stops at this first failed write with a
// storage reason and is not charged, instead of reading every other page first.
import { round2 } from "../pipeline/geometry/box";
import type { PageExtraction, PageReadings } from "../pipeline/page-types";
import { finishedPageSchema } from "../../lib/result/finished-page";
import type { PageEntry } from "../../lib/result/schema";
import type { JobFiles } from "../../lib/storage/job-files";
import { isStorageWriteError } from "../../lib/storage/storage-write-error";

export async function saveFinishedPage(
  files: JobFiles,
  jobId: string,
  page: {
    pageNumber: number;
    entry?: PageEntry;
    readings: Pick<PageReadings, "width" | "height">;
    extraction: Pick<PageExtraction, "tables" | "prose" | "figures">;
  },
): Promise<void> {
  try {
    const finished = finishedPageSchema.parse({
      // The page's entry as the result will have it (an `unchecked` page says so at once).
      page: page.entry ?? { page: page.pageNumber, width: round2(page.readings.width), height: round2(page.readings.height) },
      tables: page.extraction.tables,
      prose: page.extraction.prose,
      figures: page.extraction.figures.length,
    });
    await files.writeFinishedPage(jobId, page.pageNumber, JSON.stringify(finished));
  } catch (error) {
    if (isStorageWriteError(error)) throw error;
    console.warn(`[pipeline] page ${page.pageNumber} of ${jobId} could not be stored for the job page: ${(error as Error).message}`);
  }
}

/** Page size when the page could not be opened: the pipeline's own default for such pages (US
 * Letter, run-pipeline.ts), so the running view and the result agree. */
const UNREAD_SIZE = { width: 612, height: 792 };

/** Stores page `page` as unreadable: unless the pipeline stored it (a page that ended without a
 * reading), or whatever was stored before (`replace`: the page was skipped for a limit, so an
 * earlier run's reading of it is not what the result will say). */
export async function saveUnreadablePage(files: JobFiles, jobId: string, page: number, reason: string, replace = false): Promise<void> {
  try {
    if (!replace && (await files.hasFinishedPage(jobId, page))) return;
    const finished = finishedPageSchema.parse({
      page: { page, ...UNREAD_SIZE, unreadable: true, reason },
      tables: [],
      prose: [],
      figures: 0,
    });
    await files.writeFinishedPage(jobId, page, JSON.stringify(finished));
  } catch (error) {
    if (isStorageWriteError(error)) throw error;
    console.warn(`[worker] unreadable page ${page} of ${jobId} could not be stored for the job page: ${(error as Error).message}`);
  }
}
