// The signed-in user behind a browser request: next-auth's database session, found by its cookie.
// Read straight from the Session table (what next-auth's adapter does), so route handlers, pages
// and the /v1 caller resolution share one rule without running next-auth's handler.
import { getDb } from "../db";

/** next-auth's cookie names: "__Secure-" when the site is served over https. */
const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
}

interface HeaderReader {
  get(name: string): string | null;
}

function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token a request carries, or null. */
export function sessionToken(headers: HeaderReader): string | null {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  for (const name of SESSION_COOKIES) {
    const value = cookieValue(cookieHeader, name);
    if (value) return value;
  }
  return null;
}

/** The user of a live session, or null (no cookie, unknown or expired session). */
export async function findSessionUser(headers: HeaderReader): Promise<SessionUser | null> {
  const token = sessionToken(headers);
  if (!token) return null;
  const session = await getDb().session.findUnique({
    where: { sessionToken: token },
    select: { expires: true, user: { select: { id: true, email: true, name: true } } },
  });
  if (!session || session.expires.getTime() <= Date.now()) return null;
  return session.user;
}
