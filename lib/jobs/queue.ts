// The queue is the Job table itself, claimed with FOR UPDATE SKIP LOCKED. Why not a queue
// library: the job row must exist anyway, so "create the job and enqueue it in one transaction"
// is a single INSERT; realtime-before-batch with the batch floor is one ORDER BY; and a crashed
// worker is found by its lapsed heartbeat on the same row. Any number of workers on any number of
// machines can claim from it without running a job twice.
import type { Job, Prisma } from "@prisma/client";
import { settleJob } from "../billing/settle-job";
import { getDb } from "../db";
import { getEnv } from "../env";
import { notifyJobQueued } from "./job-wakeup";

/** Serialises claims (see claimNextJob); any constant other locks of the app do not use. */
const CLAIM_LOCK_ID = 7_305_002;

/** Claims the next job. Fairness first (MAX_RUNNING_JOBS_PER_ACCOUNT): jobs of accounts with
 * fewer than that many jobs running come before jobs of accounts at or over it, so one account's
 * big batch cannot hold every worker while others wait; when nobody else is waiting, its jobs
 * still take the idle workers (the limit never leaves a worker idle). Then realtime first, then
 * batch jobs that have waited past the batch floor (promoted, but still reported and priced as
 * batch), then the oldest other batch job. An account is the API key or session owner, or the
 * anonymous address. */
export async function claimNextJob(workerId: string): Promise<Job | null> {
  const db = getDb();
  const { BATCH_FLOOR_SECONDS: floorSeconds, MAX_RUNNING_JOBS_PER_ACCOUNT: perAccount } = getEnv();
  const rows = await db.$transaction(async (tx) => {
    // One claim at a time, for the few milliseconds of this statement: two workers claiming at
    // once would otherwise both count an account as below its limit and both start one of its
    // jobs. SKIP LOCKED alone cannot prevent that (the rows they lock differ).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_ID}::bigint)`;
    return tx.$queryRaw<{ id: string }[]>`
      WITH running AS (
        SELECT COALESCE("userId", 'anon:' || COALESCE("anonAddress", '')) AS account, count(*) AS jobs
        FROM "Job" WHERE state = 'running' GROUP BY 1)
      UPDATE "Job" SET state = 'running', "lockedBy" = ${workerId}, "heartbeatAt" = now(),
        "startedAt" = COALESCE("startedAt", now()), stage = 'starting'
      WHERE id = (
        SELECT j.id FROM "Job" j
        LEFT JOIN running r ON r.account = COALESCE(j."userId", 'anon:' || COALESCE(j."anonAddress", ''))
        WHERE j.state = 'queued'
        ORDER BY CASE WHEN ${perAccount}::int > 0 AND COALESCE(r.jobs, 0) >= ${perAccount}::int THEN 1 ELSE 0 END,
                 CASE WHEN j.mode = 'batch' AND j."createdAt" > now() - make_interval(secs => ${floorSeconds}::int)
                      THEN 1 ELSE 0 END,
                 j."createdAt", j.id
        LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
      RETURNING id`;
  });
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

/** Puts a job back in the queue without counting a re-queue (clean shutdown), and announces it
 * like a submission, so another worker takes it at once rather than at its next poll. */
export async function releaseJob(jobId: string, workerId: string): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({
      where: { id: jobId, lockedBy: workerId, state: "running" },
      data: { state: "queued", stage: "waiting for a worker (the previous one shut down)", lockedBy: null },
    });
    if (count > 0) await notifyJobQueued(tx);
  });
}

/** Jobs whose worker stopped reporting (killed, machine lost) go back to the queue, at most
 * MAX_REQUEUES times; after that they fail and are settled in the same transaction.
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
    // Re-queued jobs are announced like submissions (job-wakeup.ts).
    if (reaped.some((row) => row.state === "queued")) await notifyJobQueued(tx);
    return reaped;
  });
  return {
    requeued: rows.filter((row) => row.state === "queued").map((row) => row.id),
    failed: rows.filter((row) => row.state === "failed").map((row) => row.id),
  };
}

/** Finished jobs older than the retention window. */
export async function findExpiredJobs(limit = 100): Promise<Job[]> {
  const cutoff = new Date(Date.now() - getEnv().RETENTION_SECONDS * 1000);
  return getDb().job.findMany({
    where: { state: { in: ["done", "failed"] }, finishedAt: { lt: cutoff } },
    take: limit,
  });
}

/** Queue depth by mode and jobs running (metrics). */
export async function countQueue(): Promise<{ queued: Record<string, number>; running: number }> {
  const rows = await getDb().$queryRaw<{ state: string; mode: string; count: bigint }[]>`
    SELECT state, mode, count(*) AS count FROM "Job" WHERE state IN ('queued', 'running') GROUP BY state, mode`;
  const queued: Record<string, number> = {};
  let running = 0;
  for (const row of rows) {
    if (row.state === "queued") queued[row.mode] = Number(row.count);
    else running += Number(row.count);
  }
  return { queued, running };
}
