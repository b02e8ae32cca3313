// Reading a running job's finished pages (lib/result/finished-page.ts) for the job page: the
// server's first render and GET /jobs/{id}/pages, which the page polls for the pages that finished
// since. A page file that cannot be read or parsed is left out (the finished result will carry it).
import { finishedPageSchema, type FinishedPage } from "../result/finished-page";
import { getJobFiles } from "../storage/job-files";

/** At most this many pages per answer, so one poll of a 500-page job stays small; the page asks
 * again for the rest. */
export const FINISHED_PAGES_PER_READ = 20;

/** The finished pages numbered above `after`, ascending, at most FINISHED_PAGES_PER_READ, and how
 * many pages are finished in all. */
export async function readFinishedPages(
  jobId: string,
  after = 0,
  limit = FINISHED_PAGES_PER_READ,
): Promise<{ pages: FinishedPage[]; finished: number }> {
  const files = getJobFiles();
  const numbers = await files.finishedPageNumbers(jobId);
  const wanted = numbers.filter((n) => n > after).slice(0, limit);
  const pages = await Promise.all(
    wanted.map(async (n) => {
      const text = await files.readFinishedPage(jobId, n).catch(() => null);
      if (text === null) return null;
      try {
        return finishedPageSchema.parse(JSON.parse(text));
      } catch {
        return null;
      }
    }),
  );
  return { pages: pages.filter((p): p is FinishedPage => p !== null), finished: numbers.length };
}
