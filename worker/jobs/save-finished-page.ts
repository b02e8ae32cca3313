// Stores each page the pipeline finishes with the job's files (lib/result/finished-page.ts), so the
// job page shows it while later pages run. Called by the pipeline process (pipeline-child.ts) from
// runPipeline's onPage, before the page is reported done, so a page counted done is already stored.
// Best effort by design: the finished result is the authority, so a storage failure here is logged
// and never fails the page or the job.
import { round2 } from "../pipeline/geometry/box";
import type { PageExtraction, PageReadings } from "../pipeline/extract-page";
import { finishedPageSchema } from "../../lib/result/finished-page";
import type { JobFiles } from "../../lib/storage/job-files";

export async function saveFinishedPage(
  files: JobFiles,
  jobId: string,
  page: { pageNumber: number; readings: Pick<PageReadings, "width" | "height">; extraction: Pick<PageExtraction, "tables" | "prose" | "figures"> },
): Promise<void> {
  try {
    const finished = finishedPageSchema.parse({
      page: { page: page.pageNumber, width: round2(page.readings.width), height: round2(page.readings.height) },
      tables: page.extraction.tables,
      prose: page.extraction.prose,
      figures: page.extraction.figures.length,
    });
    await files.writeFinishedPage(jobId, page.pageNumber, JSON.stringify(finished));
  } catch (error) {
    console.warn(`[pipeline] page ${page.pageNumber} of ${jobId} could not be stored for the job page: ${(error as Error).message}`);
  }
}
