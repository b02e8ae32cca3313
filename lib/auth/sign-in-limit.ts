// Sign-in e-mails per address and hour (one address could be sent any number of links,
// so the site could be used to flood someone's inbox). Counted in the trial's counter table
// (channel "signin", the lower-cased e-mail address, the UTC hour) with the same conditional
// upsert, so parallel requests cannot pass the limit together.
import { getDb } from "../db";
import { getEnv } from "../env";

/** Counts one sign-in e-mail to `email`; false when the hour's limit is already used. */
export async function allowSignInEmail(email: string, now = new Date()): Promise<boolean> {
  const limit = getEnv().SIGNIN_EMAILS_PER_HOUR;
  if (limit < 1) return false;
  const window = `hour:${now.toISOString().slice(0, 13)}`;
  const rows = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO "TrialUsage" (address, channel, "window", count) VALUES (${email.trim().toLowerCase()}, 'signin', ${window}, 1)
    ON CONFLICT (address, channel, "window") DO UPDATE SET count = "TrialUsage".count + 1
      WHERE "TrialUsage".count + 1 <= ${limit}
    RETURNING count`;
  return rows.length === 1;
}
