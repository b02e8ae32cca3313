// The anonymous trial (SPEC.md §1.6, §5.4): pages per UTC day and submissions per hour, per
// client address and channel. Each counter moves with one conditional upsert inside the
// submission's transaction: the row lock makes parallel submissions queue behind each other, so
// no burst gets more than the quota through, and a refused or failed submission rolls back.
import type { Prisma } from "@prisma/client";
import { getEnv } from "../env";
import { AppError } from "../errors";

export type Channel = "api" | "web";

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function secondsUntilNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

function secondsUntilNextHour(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Adds `amount` to a counter unless that would pass `limit`; false when it would. */
async function addWithin(tx: Prisma.TransactionClient, address: string, channel: Channel, window: string, amount: number, limit: number): Promise<boolean> {
  if (amount > limit) return false;
  const rows = await tx.$queryRaw<{ count: number }[]>`
    INSERT INTO "TrialUsage" (address, channel, "window", count) VALUES (${address}, ${channel}, ${window}, ${amount})
    ON CONFLICT (address, channel, "window") DO UPDATE SET count = "TrialUsage".count + ${amount}
      WHERE "TrialUsage".count + ${amount} <= ${limit}
    RETURNING count`;
  return rows.length === 1;
}

/** Counts an anonymous submission of `pages` pages; throws 429 with Retry-After when over a
 * limit. Returns the UTC day the pages were counted against (kept on the job for refunds). */
export async function reserveTrialPages(tx: Prisma.TransactionClient, address: string, channel: Channel, pages: number, now = new Date()): Promise<string> {
  const env = getEnv();
  const hour = now.toISOString().slice(0, 13);
  if (!(await addWithin(tx, address, channel, `hour:${hour}`, 1, env.TRIAL_SUBMISSIONS_PER_HOUR))) {
    const wait = secondsUntilNextHour(now);
    throw new AppError("too_many_requests", `too many submissions from this address this hour; try again in ${wait} seconds`, {
      headers: { "retry-after": String(wait) },
    });
  }
  const day = utcDay(now);
  const dailyPages = channel === "web" ? env.WEB_TRIAL_PAGES_PER_DAY : env.TRIAL_PAGES_PER_DAY;
  if (!(await addWithin(tx, address, channel, `day:${day}`, pages, dailyPages))) {
    const [used] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count FROM "TrialUsage" WHERE address = ${address} AND channel = ${channel} AND "window" = ${`day:${day}`}`;
    const left = Math.max(0, dailyPages - (used?.count ?? 0));
    const wait = secondsUntilNextDay(now);
    throw new AppError(
      "too_many_requests",
      `the free trial allows ${dailyPages} pages a day; ${left} left today for this address (send pages=${left} or fewer, use an API key, or retry in ${wait} seconds)`,
      { headers: { "retry-after": String(wait) } },
    );
  }
  return day;
}

/** Gives trial pages back (pages that failed, or a whole failed or deleted job). */
export async function refundTrialPages(tx: Prisma.TransactionClient, address: string, channel: string, day: string, pages: number): Promise<void> {
  if (pages <= 0) return;
  await tx.$executeRaw`
    UPDATE "TrialUsage" SET count = GREATEST(0, count - ${pages})
    WHERE address = ${address} AND channel = ${channel} AND "window" = ${`day:${day}`}`;
}

/** Pages left today for an address (for the web uploader's display). */
export async function trialPagesLeft(tx: Prisma.TransactionClient, address: string, channel: Channel, now = new Date()): Promise<number> {
  const env = getEnv();
  const limit = channel === "web" ? env.WEB_TRIAL_PAGES_PER_DAY : env.TRIAL_PAGES_PER_DAY;
  const [used] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count FROM "TrialUsage" WHERE address = ${address} AND channel = ${channel} AND "window" = ${`day:${utcDay(now)}`}`;
  return Math.max(0, limit - (used?.count ?? 0));
}
