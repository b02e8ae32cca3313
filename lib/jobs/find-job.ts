import type { Job } from "@prisma/client";
import type { Caller } from "../auth/resolve-caller";
import { getDb } from "../db";
import { notFound } from "../errors";
import { isJobId } from "../ids";

/** A job belongs to the account that created it; anyone else gets 404, exactly as for an
 * unknown id, so ids of other accounts' jobs cannot be probed. Anonymous jobs are reachable by
 * their unguessable id alone. */
export function canSee(caller: Caller, job: Job): boolean {
  if (job.userId === null) return true;
  return caller.kind !== "anonymous" && caller.userId === job.userId;
}

/** The job with this id, or a 404 error (also for a malformed id). Callers add who may see it. */
export async function findJobOr404(jobId: string): Promise<Job> {
  if (!isJobId(jobId)) throw notFound();
  const job = await getDb().job.findUnique({ where: { id: jobId } });
  if (!job) throw notFound();
  return job;
}

/** The caller's job, or a 404 error. */
export async function getJobFor(caller: Caller, jobId: string): Promise<Job> {
  const job = await findJobOr404(jobId);
  if (!canSee(caller, job)) throw notFound();
  return job;
}
