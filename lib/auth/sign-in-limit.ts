// Sign-in e-mails per hour, per recipient and per client address (a limit per recipient alone:
// one address could be sent any number of links; one client could still mail any number of
// different addresses, 50 in a second, so the site could be used to spam strangers). Counted in
// the trial's counter table (channel "signin": the lower-cased e-mail address; channel
// "signin-client": the client's address; the UTC hour) with the same conditional upsert, so
// parallel requests cannot pass a limit together.
import { getDb } from "../db";
import { getEnv } from "../env";

export type SignInRefusal = { reason: "recipient" | "client"; retryAt: Date };

function hourWindow(now: Date): string {
  return `hour:${now.toISOString().slice(0, 13)}`;
}

/** When the current counting window ends: the next full UTC hour. */
export function nextWindowStart(now: Date): Date {
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

async function countOne(channel: string, key: string, limit: number, now: Date): Promise<boolean> {
  if (limit < 1) return false;
  const rows = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO "TrialUsage" (address, channel, "window", count) VALUES (${key}, ${channel}, ${hourWindow(now)}, 1)
    ON CONFLICT (address, channel, "window") DO UPDATE SET count = "TrialUsage".count + 1
      WHERE "TrialUsage".count + 1 <= ${limit}
    RETURNING count`;
  return rows.length === 1;
}

/** Counts one sign-in e-mail to `email`; false when the hour's limit is already used. */
export async function allowSignInEmail(email: string, now = new Date()): Promise<boolean> {
  return countOne("signin", email.trim().toLowerCase(), getEnv().SIGNIN_EMAILS_PER_HOUR, now);
}

/** Counts one sign-in e-mail asked for by `clientAddress`; false past the hour's limit. */
export async function allowSignInEmailFromClient(clientAddress: string, now = new Date()): Promise<boolean> {
  return countOne("signin-client", clientAddress, getEnv().SIGNIN_EMAILS_PER_CLIENT_PER_HOUR, now);
}

/** Both limits for one request, the client's first (a client over its limit does not use up the
 * recipient's); null when the e-mail may be sent. */
export async function checkSignInEmail(email: string, clientAddress: string, now = new Date()): Promise<SignInRefusal | null> {
  if (!(await allowSignInEmailFromClient(clientAddress, now))) return { reason: "client", retryAt: nextWindowStart(now) };
  if (!(await allowSignInEmail(email, now))) return { reason: "recipient", retryAt: nextWindowStart(now) };
  return null;
}

/** The sign-in page's error codes for the two refusals (its ?error= values). */
export const SIGN_IN_LIMIT_ERRORS = { client: "TooManySignInEmailsFromClient", recipient: "TooManySignInEmailsToAddress" } as const;
