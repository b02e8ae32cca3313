// An account's API keys as the account page sees them: list, create (plaintext returned once by
// issueKey, only its digest stored), revoke (the API checks revokedAt on every request, so a
// revoked key is 401 from the next request on).
import { z } from "zod";
import { issueKey } from "../auth/api-keys";
import { getDb } from "../db";
import { AppError, notFound } from "../errors";

export const KEY_NAME_MAX_LENGTH = 60;

export const keyNameSchema = z
  .string({ error: "name the key" })
  .trim()
  .min(1, "name the key, e.g. after the program that will use it")
  .max(KEY_NAME_MAX_LENGTH, `a key name has at most ${KEY_NAME_MAX_LENGTH} characters`);

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Live keys first, newest first within each group. */
export async function findKeys(userId: string): Promise<KeyRow[]> {
  const rows = await getDb().apiKey.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return [...rows.filter((row) => !row.revokedAt), ...rows.filter((row) => row.revokedAt)];
}

export async function createKey(
  userId: string,
  rawName: unknown,
): Promise<{ id: string; name: string; prefix: string; plaintext: string }> {
  const parsed = keyNameSchema.safeParse(rawName);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "name the key");
  const key = await issueKey(userId, parsed.data);
  return { id: key.id, name: parsed.data, prefix: key.prefix, plaintext: key.plaintext };
}

/** Revokes one of the account's keys; another account's key id is 404, like an unknown one.
 * Revoking a revoked key again changes nothing. */
export async function revokeKey(userId: string, keyId: string): Promise<void> {
  const db = getDb();
  const { count } = await db.apiKey.updateMany({ where: { id: keyId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0 && !(await db.apiKey.findFirst({ where: { id: keyId, userId }, select: { id: true } }))) {
    throw notFound("no such key");
  }
}
