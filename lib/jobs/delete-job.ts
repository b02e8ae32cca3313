import type { Job } from "@prisma/client";
import { settleJob } from "../billing/settle-job";
import { getDb } from "../db";
import { getJobFiles } from "../storage/job-files";

/** Removes a job, its files and its OCR cache (unless another live job shares the same file). */
export async function deleteJob(job: Job): Promise<void> {
  const db = getDb();
  // A job deleted before it ended delivered nothing: its hold and trial pages go back, in the
  // transaction that deletes the row (a job that already ended was settled when it ended).
  await db.$transaction(async (tx) => {
    await settleJob(tx, job.id, { cancelled: true });
    await tx.job.deleteMany({ where: { id: job.id } });
  });
  const files = getJobFiles();
  await files.deleteJob(job.id);
  const sharing = await db.job.count({ where: { fileSha256: job.fileSha256 } });
  if (sharing === 0) await files.deleteCache(job.fileSha256);
}
