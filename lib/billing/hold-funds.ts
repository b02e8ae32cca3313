// At submission a paying account's money for every requested page is held (moved out of the
// balance into the job) in the same transaction that creates the job. The account's row is
// locked first, so two concurrent submissions cannot both spend the same balance; money already
// held by running jobs is simply no longer in the balance.
import type { Prisma } from "@prisma/client";
import { AppError } from "../errors";
import { paymentRequired } from "./payment-required";

export async function holdFunds(tx: Prisma.TransactionClient, userId: string, jobId: string, amountMicros: bigint): Promise<void> {
  const [account] = await tx.$queryRaw<{ balanceMicros: bigint }[]>`
    SELECT "balanceMicros" FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!account) throw new AppError("unauthorized", "the account behind this key no longer exists");
  if (account.balanceMicros < amountMicros) throw paymentRequired(account.balanceMicros, amountMicros);
  if (amountMicros === 0n) return;
  await tx.user.update({ where: { id: userId }, data: { balanceMicros: { decrement: amountMicros } } });
  await tx.ledgerEntry.create({
    data: {
      userId,
      amountMicros: -amountMicros,
      kind: "hold",
      jobId,
      idempotencyKey: `hold:${jobId}`,
      note: "held for a submitted document",
    },
  });
}
