// The anonymous trial: pages per UTC day and submissions per hour, per
// client address and channel. Each counter moves with one conditional upsert inside the
// submission's transaction: the row lock makes parallel submissions queue behind each other, so
// no burst gets more than the quota through, and a refused or failed submission rolls back.
import { isIPv6 } from "node:net";
import type { Prisma } from "@prisma/client";
import { getEnv } from "../env";
import { AppError } from "../errors";

export type Channel = "api" | "web";

/** The address a trial is counted against: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's LAN gets a whole /64, so counting each address would hand every client
 * 2^64 trials). */
export function trialAddressKey(address: string): string {
  // An IPv4 client seen through a dual-stack socket (::ffff:1.2.3.4) is that IPv4 address, not
  // the /64 ::/64 that every such client would otherwise share.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups; it only ever sits in the low 64 bits.
  const tailCount = tailGroups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailCount)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+/, "") || "0")
    .join(":")}::/64`;
}

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
async function addWithin(
  tx: Prisma.TransactionClient,
  rawAddress: string,
  channel: Channel,
  window: string,
  amount: number,
  limit: number,
): Promise<boolean> {
  if (amount > limit) return false;
  const address = trialAddressKey(rawAddress);
  const rows = await tx.$queryRaw<{ count: number }[]>`
    INSERT INTO "TrialUsage" (address, channel, "window", count) VALUES (${address}, ${channel}, ${window}, ${amount})
    ON CONFLICT (address, channel, "window") DO UPDATE SET count = "TrialUsage".count + ${amount}
      WHERE "TrialUsage".count + ${amount} <= ${limit}
    RETURNING count`;
  return rows.length === 1;
}

function hourlyLimitError(now: Date): AppError {
  const wait = secondsUntilNextHour(now);
  return new AppError("too_many_requests", `too many submissions from this address this hour; try again in ${wait} seconds`, {
    headers: { "retry-after": String(wait) },
  });
}

function dailyLimitError(dailyPages: number, left: number, now: Date): AppError {
  const wait = secondsUntilNextDay(now);
  // pages=0 is itself a 400, so the hint to ask for fewer pages is only given when some are left.
  const detail =
    left > 0
      ? `the free trial allows ${dailyPages} pages a day; ${left} left today for this address (send pages=${left} or fewer, use an API key, or retry in ${wait} seconds)`
      : `the free trial allows ${dailyPages} pages a day and this address has used them all; use an API key, or retry in ${wait} seconds`;
  return new AppError("too_many_requests", detail, { headers: { "retry-after": String(wait) } });
}

async function countIn(tx: Prisma.TransactionClient, rawAddress: string, channel: Channel, window: string): Promise<number> {
  const [used] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count FROM "TrialUsage" WHERE address = ${trialAddressKey(rawAddress)} AND channel = ${channel} AND "window" = ${window}`;
  return used?.count ?? 0;
}

/** The cheap check before an upload is opened: refuses at once, with the same 429 as
 * the counting step, an address that has no submission or no page left, so a client out of
 * trial never gets a PDF parsed. Reads only; reserveTrialPages still decides. */
export async function assertTrialAvailable(
  tx: Prisma.TransactionClient,
  address: string,
  channel: Channel,
  now = new Date(),
): Promise<void> {
  const env = getEnv();
  if ((await countIn(tx, address, channel, `hour:${now.toISOString().slice(0, 13)}`)) >= env.TRIAL_SUBMISSIONS_PER_HOUR)
    throw hourlyLimitError(now);
  const dailyPages = channel === "web" ? env.WEB_TRIAL_PAGES_PER_DAY : env.TRIAL_PAGES_PER_DAY;
  const left = Math.max(0, dailyPages - (await countIn(tx, address, channel, `day:${utcDay(now)}`)));
  if (left === 0) throw dailyLimitError(dailyPages, 0, now);
}

/** Counts an anonymous submission of `pages` pages; throws 429 with Retry-After when over a
 * limit. Returns the UTC day the pages were counted against (kept on the job for refunds). */
export async function reserveTrialPages(
  tx: Prisma.TransactionClient,
  address: string,
  channel: Channel,
  pages: number,
  now = new Date(),
): Promise<string> {
  const env = getEnv();
  const hour = now.toISOString().slice(0, 13);
  if (!(await addWithin(tx, address, channel, `hour:${hour}`, 1, env.TRIAL_SUBMISSIONS_PER_HOUR))) throw hourlyLimitError(now);
  const day = utcDay(now);
  const dailyPages = channel === "web" ? env.WEB_TRIAL_PAGES_PER_DAY : env.TRIAL_PAGES_PER_DAY;
  if (!(await addWithin(tx, address, channel, `day:${day}`, pages, dailyPages))) {
    throw dailyLimitError(dailyPages, Math.max(0, dailyPages - (await countIn(tx, address, channel, `day:${day}`))), now);
  }
  return day;
}

/** Gives trial pages back (pages that failed, or a whole failed or deleted job). */
export async function refundTrialPages(
  tx: Prisma.TransactionClient,
  address: string,
  channel: string,
  day: string,
  pages: number,
): Promise<void> {
  if (pages <= 0) return;
  await tx.$executeRaw`
    UPDATE "TrialUsage" SET count = GREATEST(0, count - ${pages})
    WHERE address = ${trialAddressKey(address)} AND channel = ${channel} AND "window" = ${`day:${day}`}`;
}

/** Pages left today for an address (for the web uploader's display). */
export async function trialPagesLeft(tx: Prisma.TransactionClient, address: string, channel: Channel, now = new Date()): Promise<number> {
  const env = getEnv();
  const limit = channel === "web" ? env.WEB_TRIAL_PAGES_PER_DAY : env.TRIAL_PAGES_PER_DAY;
  return Math.max(0, limit - (await countIn(tx, address, channel, `day:${utcDay(now)}`)));
}
