// API keys: `pk_live_` + 256 random bits. Only an HMAC digest is stored; lookups go by digest,
// so a key is compared in constant time by the database's unique index on a fixed-length value
// rather than character by character in our code.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getDb } from "../db";
import { getKeySecret } from "./key-secret";

export const KEY_PREFIX = "pk_live_";
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function digestKey(plaintext: string): string {
  return createHmac("sha256", getKeySecret()).update(plaintext).digest("hex");
}

export function generateKey(): { plaintext: string; prefix: string; digest: string } {
  const plaintext = KEY_PREFIX + randomBytes(32).toString("base64url");
  return { plaintext, prefix: plaintext.slice(0, DISPLAY_PREFIX_LENGTH), digest: digestKey(plaintext) };
}

export async function issueKey(userId: string, name: string): Promise<{ id: string; plaintext: string; prefix: string }> {
  const key = generateKey();
  const row = await getDb().apiKey.create({ data: { userId, name, prefix: key.prefix, digest: key.digest } });
  return { id: row.id, plaintext: key.plaintext, prefix: key.prefix };
}

/** The live key matching a plaintext, or null. Revoked keys never match. */
export async function findKeyOwner(plaintext: string): Promise<{ keyId: string; userId: string } | null> {
  const digest = digestKey(plaintext);
  const row = await getDb().apiKey.findUnique({ where: { digest } });
  if (!row || row.revokedAt) return null;
  // Belt and braces: the index matched the digest; compare it again in constant time.
  if (!timingSafeEqual(Buffer.from(row.digest), Buffer.from(digest))) return null;
  void getDb()
    .apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
    .catch(() => undefined);
  return { keyId: row.id, userId: row.userId };
}
