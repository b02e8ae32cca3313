// The browser token: a random value in an HttpOnly cookie, set when a browser uploads
// anonymously on the web, and stored on the job as a digest. It is what lets the account that
// later signs in from the same browser take those jobs over (claim-browser-jobs.ts), so a trial
// upload becomes a document the new customer can review. The token proves only "this browser
// sent that upload"; it is never a credential for anything else.
import { createHash, randomBytes } from "node:crypto";

export const BROWSER_TOKEN_COOKIE = "pdftables-browser";
/** A week: longer than any job lives (RETENTION_SECONDS defaults to a day after completion). */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

interface HeaderReader {
  get(name: string): string | null;
}

/** 32 random bytes, base64url: unguessable, cookie-safe. */
export function newBrowserToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only the digest is stored, as with API keys: a database reader cannot claim anyone's jobs. */
export function browserTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The token a request carries, or null (absent or not of our shape). */
export function browserToken(headers: HeaderReader): string | null {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== BROWSER_TOKEN_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }
  return null;
}

/** The Set-Cookie value for a token; `secure` when the site is served over https. */
export function browserTokenCookie(token: string, secure: boolean): string {
  return `${BROWSER_TOKEN_COOKIE}=${token}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
