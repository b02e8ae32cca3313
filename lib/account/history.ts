// What the account page lists besides keys: the balance, the account's jobs with what they
// delivered and cost, and the money ledger.
import { microsToUsd } from "../billing/money";
import { getDb } from "../db";

/** Rows shown per list; older ones are still in the database. */
export const HISTORY_LIMIT = 100;

export interface UsageRow {
  id: string;
  createdAt: Date;
  fileName: string;
  mode: string;
  /** queued (waiting or running, as in the API), done or failed. */
  status: string;
  /** Pages delivered and their cost; null until the job is done. */
  pages: number | null;
  costUsd: number | null;
}

export interface LedgerRow {
  id: string;
  createdAt: Date;
  kind: string;
  amountUsd: number;
  note: string | null;
}

export async function getBalanceUsd(userId: string): Promise<number> {
  const user = await getDb().user.findUnique({ where: { id: userId }, select: { balanceMicros: true } });
  return microsToUsd(user?.balanceMicros ?? 0n);
}

function numberField(usage: unknown, field: string): number | null {
  if (!usage || typeof usage !== "object") return null;
  const value = (usage as Record<string, unknown>)[field];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export async function findUsage(userId: string): Promise<UsageRow[]> {
  const jobs = await getDb().job.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: HISTORY_LIMIT,
    select: { id: true, createdAt: true, fileName: true, mode: true, state: true, usage: true },
  });
  return jobs.map((job) => ({
    id: job.id,
    createdAt: job.createdAt,
    fileName: job.fileName,
    mode: job.mode,
    status: job.state === "running" ? "queued" : job.state,
    pages: numberField(job.usage, "pages"),
    costUsd: numberField(job.usage, "cost_usd"),
  }));
}

export async function findLedger(userId: string): Promise<LedgerRow[]> {
  const entries = await getDb().ledgerEntry.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: HISTORY_LIMIT,
    select: { id: true, createdAt: true, kind: true, amountMicros: true, note: true },
  });
  return entries.map((entry) => ({
    id: entry.id,
    createdAt: entry.createdAt,
    kind: entry.kind,
    amountUsd: microsToUsd(entry.amountMicros),
    note: entry.note,
  }));
}
