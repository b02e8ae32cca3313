// When a job ends (done, failed, or deleted before it finished), its held money and trial pages
// are settled exactly once: delivered pages are charged, everything else is released or given
// back (failed pages are never charged). Fenced by `settledAt` and by the ledger's
// idempotency keys, so a worker crash or a second call cannot move money twice. Settlement runs
// in the transaction that ends the job (lib/jobs/queue.ts) or deletes it (lib/jobs/delete-job.ts),
// so nobody ever sees a finished job whose hold is still held.
import type { Prisma } from "@prisma/client";
import { getDb } from "../db";
import { refundTrialPages } from "../quota/trial";

interface SettleRow {
  id: string;
  userId: string | null;
  state: string;
  pages: number;
  heldMicros: bigint;
  pricePerPageMicros: bigint;
  usage: { pages?: number; pages_failed?: number; pages_unchecked?: number } | null;
  settledAt: Date | null;
  anonAddress: string | null;
  channel: string;
  trialDay: string | null;
}

/** The pages a finished job is charged for: those delivered, less the unchecked ones (delivered
 * from the text layer alone because every OCR reading failed). Failed pages are not delivered. */
export function chargedPages(usage: { pages?: number; pages_unchecked?: number }): number {
  return Math.max(0, (usage.pages ?? 0) - (usage.pages_unchecked ?? 0));
}

/** Settles inside the caller's transaction, which has just ended the job or, with `cancelled`,
 * is deleting it before it finished (nothing was delivered). */
export async function settleJob(tx: Prisma.TransactionClient, jobId: string, options: { cancelled?: boolean } = {}): Promise<void> {
  const [job] = await tx.$queryRaw<SettleRow[]>`
    SELECT id, "userId", state, pages, "heldMicros", "pricePerPageMicros", usage, "settledAt", "anonAddress", channel, "trialDay"
    FROM "Job" WHERE id = ${jobId} FOR UPDATE`;
  if (!job || job.settledAt) return;
  const ended = job.state === "done" || job.state === "failed";
  if (!ended && !options.cancelled) return;
  const delivered = job.state === "done" && job.usage ? chargedPages(job.usage) : 0;

  if (job.userId && job.heldMicros > 0n) {
    const cost = job.pricePerPageMicros * BigInt(delivered);
    await tx.ledgerEntry.create({
      data: {
        userId: job.userId,
        amountMicros: job.heldMicros,
        kind: "release",
        jobId,
        idempotencyKey: `release:${jobId}`,
        note: "hold released",
      },
    });
    if (cost > 0n) {
      await tx.ledgerEntry.create({
        data: {
          userId: job.userId,
          amountMicros: -cost,
          kind: "charge",
          jobId,
          idempotencyKey: `charge:${jobId}`,
          note: `${delivered} page${delivered === 1 ? "" : "s"} charged`,
        },
      });
    }
    await tx.user.update({ where: { id: job.userId }, data: { balanceMicros: { increment: job.heldMicros - cost } } });
  }
  if (job.anonAddress && job.trialDay) {
    await refundTrialPages(tx, job.anonAddress, job.channel, job.trialDay, job.pages - delivered);
  }
  await tx.job.update({ where: { id: jobId }, data: { settledAt: new Date(), heldMicros: 0n } });
}

/** Ended jobs not yet settled (only rows ended by a worker from before settlement moved into
 * the ending transaction): settled once when a worker starts. */
export async function settleEndedJobs(batch = 50): Promise<number> {
  let settled = 0;
  for (;;) {
    const jobs = await getDb().job.findMany({
      where: { state: { in: ["done", "failed"] }, settledAt: null },
      select: { id: true },
      take: batch,
    });
    for (const job of jobs) await getDb().$transaction((tx) => settleJob(tx, job.id));
    settled += jobs.length;
    if (jobs.length < batch) return settled;
  }
}
