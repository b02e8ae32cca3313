// The review page and its save endpoint belong to the job's owner alone. Anyone else (another
// account, or a job submitted anonymously, which has no owner to sign in as) gets the same 404
// as for an unknown id, so other accounts' job ids cannot be probed.
import type { Job } from "@prisma/client";
import { notFound } from "../errors";
import { findJobOr404 } from "../jobs/find-job";

export async function getReviewJob(userId: string, jobId: string): Promise<Job> {
  const job = await findJobOr404(jobId);
  if (job.userId === null || job.userId !== userId) throw notFound();
  return job;
}
