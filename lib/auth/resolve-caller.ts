// Who is calling: an API key (Authorization: Bearer or X-API-Key), a signed-in
// browser (next-auth session cookie, when no key is sent), or nobody (the anonymous trial,
// identified by client address). A key that matches nothing is 401 and is never downgraded to
// the session or the trial.
import { AppError } from "../errors";
import { findKeyOwner } from "./api-keys";
import { findSessionUser } from "./session";

export type Caller =
  | { kind: "key"; userId: string; keyId: string; address: string }
  | { kind: "session"; userId: string; address: string }
  | { kind: "anonymous"; address: string };

/** Set by the front server (server.ts) from the socket; any client-sent value is overwritten. */
export const CLIENT_ADDRESS_HEADER = "x-pdftables-client-address";

const unknownKey = () => new AppError("unauthorized", "the API key is not valid; check it, or send no key to use the free trial");

/** The API key a request presents, or null for none. A header that is present counts even when
 * empty (an empty key is 401, never the trial), and a request sending both headers must send the
 * same key in both: a valid Bearer must not carry an invalid X-API-Key through. */
export function presentedKey(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  let bearer: string | null = null;
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError("unauthorized", "the Authorization header must be `Bearer <API key>`");
    bearer = match[1]!;
  }
  const apiKey = headers.get("x-api-key");
  if (apiKey === null) return bearer;
  if (apiKey.trim() === "") throw unknownKey();
  if (bearer !== null && bearer !== apiKey.trim()) {
    throw new AppError("unauthorized", "the Authorization and X-API-Key headers name different keys; send one of them");
  }
  return apiKey.trim();
}

export async function resolveCaller(headers: Headers): Promise<Caller> {
  const address = headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  const key = presentedKey(headers);
  if (key !== null) {
    const owner = await findKeyOwner(key);
    if (!owner) throw unknownKey();
    return { kind: "key", userId: owner.userId, keyId: owner.keyId, address };
  }
  // The session cookie is SameSite=Lax, so a cross-site form cannot submit (and spend) as the
  // signed-in user; an expired or unknown session is simply the anonymous trial.
  const user = await findSessionUser(headers);
  if (user) return { kind: "session", userId: user.id, address };
  return { kind: "anonymous", address };
}

/** The user behind a caller, or null for the anonymous trial. */
export function callerUserId(caller: Caller): string | null {
  return caller.kind === "anonymous" ? null : caller.userId;
}
