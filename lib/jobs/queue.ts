// The queue is the Job table itself, claimed with FOR UPDATE SKIP LOCKED. Why not a queue
// library: the job row must exist anyway, so "create the job and enqueue it in one transaction"
// is a single INSERT; realtime-before-batch with the batch floor is one ORDER BY; and a crashed
// worker is found by its lapsed heartbeat on the same row. Any number of workers on any number of
// machines can claim from it without running a job twice.
import type { Job, Prisma } from "@prisma/client";
import { settleJob } from "../billing/settle-job";
import { getDb } from "../db";
import { getEnv } from "../env";

/** Claims the next job: realtime first, then batch jobs that have waited past the batch floor
 * (promoted, but still reported and priced as batch), then the oldest other batch job. */
export async function claimNextJob(workerId: string): Promise<Job | null> {
  const db = getDb();
  const floorSeconds = getEnv().BATCH_FLOOR_SECONDS;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Job" SET state = 'running', "lockedBy" = ${workerId}, "heartbeatAt" = now(),
      "startedAt" = COALESCE("startedAt", now()), stage = 'starting'
    WHERE id = (
      SELECT id FROM "Job" WHERE state = 'queued'
      ORDER BY CASE WHEN mode = 'batch' AND "createdAt" > now() - make_interval(secs => ${floorSeconds}::int)
                    THEN 1 ELSE 0 END,
               "createdAt", id
      LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  const id = rows[0]?.id;
  return id ? db.job.findUnique({ where: { id } }) : null;
}

/** Records progress and proves the worker is alive. False when the job is no longer ours
 * (deleted, or taken over after our lease lapsed): the worker must stop working on it. */
export async function heartbeat(jobId: string, workerId: string, stage?: string): Promise<boolean> {
  const { count } = await getDb().job.updateMany({
    where: { id: jobId, lockedBy: workerId, state: "running" },
    data: { heartbeatAt: new Date(), ...(stage ? { stage } : {}) },
  });
  return count === 1;
}

/** Ends a running job we hold and settles its money in the same transaction, so a client that
 * sees `done` or `failed` also sees the hold released and only delivered pages charged. False
 * when the job is no longer ours (nothing changes). */
async function endJob(jobId: string, workerId: string, data: Prisma.JobUpdateManyMutationInput): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: { id: jobId, lockedBy: workerId, state: "running" }, data });
    if (count !== 1) return false;
    await settleJob(tx, jobId);
    return true;
  });
}

export async function markDone(jobId: string, workerId: string, usage: object, settingsVersion: string): Promise<boolean> {
  return endJob(jobId, workerId, { state: "done", stage: "done", usage, settingsVersion, finishedAt: new Date(), lockedBy: null });
}

export async function markFailed(jobId: string, workerId: string, detail: string): Promise<boolean> {
  return endJob(jobId, workerId, { state: "failed", stage: "failed", detail, finishedAt: new Date(), lockedBy: null });
}

/** Puts a job back in the queue without counting a re-queue (clean shutdown). */
export async function releaseJob(jobId: string, workerId: string): Promise<void> {
  await getDb().job.updateMany({
    where: { id: jobId, lockedBy: workerId, state: "running" },
    data: { state: "queued", stage: "waiting for a worker (the previous one shut down)", lockedBy: null },
  });
}

/** Jobs whose worker stopped reporting (killed, machine lost) go back to the queue, at most
 * MAX_REQUEUES times; after that they fail (SPEC.md §3) and are settled in the same transaction.
 * Returns the ids it changed. */
export async function reapOrphans(): Promise<{ requeued: string[]; failed: string[] }> {
  const { MAX_REQUEUES, WORKER_LEASE_SECONDS } = getEnv();
  const rows = await getDb().$transaction(async (tx) => {
    const reaped = await tx.$queryRaw<{ id: string; state: string }[]>`
      UPDATE "Job" SET
        state = CASE WHEN requeues >= ${MAX_REQUEUES}::int THEN 'failed' ELSE 'queued' END,
        requeues = CASE WHEN requeues >= ${MAX_REQUEUES}::int THEN requeues ELSE requeues + 1 END,
        stage = CASE WHEN requeues >= ${MAX_REQUEUES}::int THEN 'failed'
                     ELSE 'waiting for a worker (re-queued after an interruption)' END,
        detail = CASE WHEN requeues >= ${MAX_REQUEUES}::int
                      THEN 'processing was interrupted too many times; the job was stopped. Please submit the document again.'
                      ELSE detail END,
        "finishedAt" = CASE WHEN requeues >= ${MAX_REQUEUES}::int THEN now() ELSE "finishedAt" END,
        "lockedBy" = NULL
      WHERE state = 'running' AND "heartbeatAt" < now() - make_interval(secs => ${WORKER_LEASE_SECONDS}::int)
      RETURNING id, state`;
    for (const row of reaped) if (row.state === "failed") await settleJob(tx, row.id);
    return reaped;
  });
  return {
    requeued: rows.filter((row) => row.state === "queued").map((row) => row.id),
    failed: rows.filter((row) => row.state === "failed").map((row) => row.id),
  };
}

/** Finished jobs older than the retention window (SPEC.md §8). */
export async function findExpiredJobs(limit = 100): Promise<Job[]> {
  const cutoff = new Date(Date.now() - getEnv().RETENTION_SECONDS * 1000);
  return getDb().job.findMany({
    where: { state: { in: ["done", "failed"] }, finishedAt: { lt: cutoff } },
    take: limit,
  });
}
