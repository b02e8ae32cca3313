// "Your documents": every job of the account still kept (RETENTION_SECONDS after it finished),
// newest first, with what a person needs to pick one up again: name, size, pages, where it
// stands, what it cost (or that the web trial paid), and when it will be deleted.
import { getDb } from "../db";
import { getEnv } from "../env";

/** Rows shown; older documents are rare (jobs are deleted a day after they finish). */
export const DOCUMENTS_LIMIT = 200;

export interface DocumentRow {
  id: string;
  fileName: string;
  fileBytes: number;
  createdAt: Date;
  mode: string;
  /** queued (waiting or running, as in the API), done or failed. */
  status: "queued" | "done" | "failed";
  /** Pages that will be (or were) read. */
  pages: number;
  /** Delivered pages' cost; null until done. 0 on the web trial. */
  costUsd: number | null;
  onTrial: boolean;
  deleteAt: Date | null;
}

export async function findDocuments(userId: string): Promise<DocumentRow[]> {
  const jobs = await getDb().job.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: DOCUMENTS_LIMIT,
    select: {
      id: true,
      fileName: true,
      fileBytes: true,
      createdAt: true,
      mode: true,
      state: true,
      pages: true,
      usage: true,
      trialDay: true,
      finishedAt: true,
    },
  });
  const retentionMs = getEnv().RETENTION_SECONDS * 1000;
  return jobs.map((job) => {
    const usage = job.usage as { cost_usd?: unknown } | null;
    const status = job.state === "done" || job.state === "failed" ? job.state : "queued";
    return {
      id: job.id,
      fileName: job.fileName,
      fileBytes: Number(job.fileBytes),
      createdAt: job.createdAt,
      mode: job.mode,
      status,
      pages: job.pages,
      costUsd: status === "done" && typeof usage?.cost_usd === "number" ? usage.cost_usd : null,
      onTrial: job.trialDay !== null,
      deleteAt: job.finishedAt ? new Date(job.finishedAt.getTime() + retentionMs) : null,
    };
  });
}
