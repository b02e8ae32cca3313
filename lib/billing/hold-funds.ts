// At submission a paying account's money for every requested page is held (moved out of the
// balance into the job) in the same transaction that creates the job. The account's row is
// locked first, so two concurrent submissions cannot both spend the same balance; money already
// held by running jobs is simply no longer in the balance.
import type { Prisma } from "@prisma/client";
import { AppError } from "../errors";
import { microsToUsd } from "./money";

export async function holdFunds(tx: Prisma.TransactionClient, userId: string, jobId: string, amountMicros: bigint): Promise<void> {
  const [account] = await tx.$queryRaw<{ balanceMicros: bigint }[]>`
    SELECT "balanceMicros" FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!account) throw new AppError("unauthorized", "the account behind this key no longer exists");
  if (account.balanceMicros < amountMicros) {
    throw new AppError("payment_required", "insufficient balance for this document; top up your account or request fewer pages", {
      body: { balance_usd: microsToUsd(account.balanceMicros), required_usd: microsToUsd(amountMicros) },
    });
  }
  if (amountMicros === 0n) return;
  await tx.user.update({ where: { id: userId }, data: { balanceMicros: { decrement: amountMicros } } });
  await tx.ledgerEntry.create({
    data: { userId, amountMicros: -amountMicros, kind: "hold", jobId, idempotencyKey: `hold:${jobId}`, note: "held for a submitted document" },
  });
}

/** The cheap check before an upload is opened: the page count is not known until the
 * PDF is parsed, but every document has at least one page, so a balance below the cheapest page
 * is 402 at once, without parsing anything. Reads only; holdFunds still decides. */
export async function assertCanPayForOnePage(db: Prisma.TransactionClient, userId: string, cheapestPageMicros: bigint): Promise<void> {
  const account = await db.user.findUnique({ where: { id: userId }, select: { balanceMicros: true } });
  if (!account) throw new AppError("unauthorized", "the account behind this key no longer exists");
  if (account.balanceMicros < cheapestPageMicros) {
    throw new AppError("payment_required", "insufficient balance for this document; top up your account or request fewer pages", {
      body: { balance_usd: microsToUsd(account.balanceMicros), required_usd: microsToUsd(cheapestPageMicros) },
    });
  }
}
