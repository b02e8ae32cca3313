import { getDb } from "../db";

/** Adds money to an account: the balance and its ledger row change in one transaction, and the
 * idempotency key makes a retry (or a duplicate webhook) a no-op. Returns false when the key was
 * already used. */
export async function creditAccount(
  userId: string,
  amountMicros: bigint,
  kind: string,
  idempotencyKey: string,
  note?: string,
): Promise<boolean> {
  if (amountMicros <= 0n) throw new Error("a credit must be positive");
  const db = getDb();
  return db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "LedgerEntry" (id, "userId", "amountMicros", kind, "idempotencyKey", note)
      VALUES (gen_random_uuid()::text, ${userId}, ${amountMicros}, ${kind}, ${idempotencyKey}, ${note ?? null})
      ON CONFLICT ("idempotencyKey") DO NOTHING`;
    if (inserted === 0) return false;
    await tx.user.update({ where: { id: userId }, data: { balanceMicros: { increment: amountMicros } } });
    return true;
  });
}
