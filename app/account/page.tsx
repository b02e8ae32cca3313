// GET /account - balance, top-up, API keys, usage and ledger of the signed-in account
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { CreateKeyForm } from "@/components/account/create-key-form";
import { KeysTable } from "@/components/account/keys-table";
import { LedgerTable } from "@/components/account/ledger-table";
import { TopupForm } from "@/components/account/topup-form";
import { UsageTable } from "@/components/account/usage-table";
import { Notice } from "@/components/ui/notice";
import { formatPrice, formatUsd } from "@/lib/account/format";
import { findLedger, findUsage, getBalanceUsd } from "@/lib/account/history";
import { findKeys, KEY_NAME_MAX_LENGTH } from "@/lib/account/keys";
import { findSessionUser } from "@/lib/auth/session";
import { isStripeConfigured } from "@/lib/billing/stripe";
import { getEnv } from "@/lib/env";
import { claimBrowserJobs } from "@/lib/jobs/claim-browser-jobs";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";
export const metadata = { title: "Account · pdftables" };

const TOPUP_NOTICES: Record<string, { tone: "ok" | "warn" | "error"; text: string }> = {
  success: {
    tone: "ok",
    text: "Thank you. Your balance grows as soon as Stripe confirms the payment (usually within seconds; reload to see it).",
  },
  invalid: {
    tone: "error",
    text: "That amount cannot be charged: enter US dollars with at most two decimals, no less than the minimum below.",
  },
  cancelled: { tone: "warn", text: "The top-up was cancelled; nothing was charged." },
  unconfigured: {
    tone: "warn",
    text: "Payments are not configured on this server, so the balance cannot be topped up here. Ask whoever runs it.",
  },
};

export default function AccountPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return unlessDatabaseAway(() => AccountPageContent(props));
}

async function AccountPageContent({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const requestHeaders = await headers();
  const user = await findSessionUser(requestHeaders);
  if (!user) redirect("/sign-in?callbackUrl=%2Faccount");
  await claimBrowserJobs(user.id, requestHeaders);
  const query = await searchParams;
  const [balanceUsd, keys, usage, ledger] = await Promise.all([
    getBalanceUsd(user.id),
    findKeys(user.id),
    findUsage(user.id),
    findLedger(user.id),
  ]);
  const env = getEnv();
  const topupNotice = typeof query.topup === "string" ? TOPUP_NOTICES[query.topup] : undefined;

  return (
    <main className="page">
      {/* Sign out is in the site header, on every page. */}
      <div style={{ marginBottom: "1rem" }}>
        <h1 style={{ margin: 0 }}>Account</h1>
        <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>
          Signed in as {user.email ?? user.name ?? "you"}
        </p>
      </div>

      {topupNotice ? <Notice tone={topupNotice.tone}>{topupNotice.text}</Notice> : null}
      {query.revoked === "1" ? <Notice tone="ok">The key was revoked. Requests with it are refused from now on.</Notice> : null}

      <section className="card" aria-labelledby="balance-heading">
        <h2 id="balance-heading">Balance</h2>
        <p className="balance" data-testid="balance">
          {formatUsd(balanceUsd)}
        </p>
        <p className="muted">
          {formatPrice(env.PRICE_PER_PAGE_USD)} per delivered page, {formatPrice(env.BATCH_PRICE_PER_PAGE_USD)} in batch mode. Pages that
          fail are never charged.
        </p>
        {/* No Stripe key, no button that cannot work: say how credit is given instead. */}
        {isStripeConfigured() ? (
          <TopupForm minimumUsd={env.MIN_TOPUP_USD} requestId={randomUUID()} />
        ) : (
          <p className="muted" data-testid="payments-off">
            Payments are not set up on this server, so there is no top-up here; whoever runs it can add credit. Without a balance you still
            have the web trial: {env.WEB_TRIAL_PAGES_PER_DAY} free pages a day.
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p className="muted">
          Send a key as <code>Authorization: Bearer pk_live_…</code>. Requests with a key are charged to this balance.
        </p>
        <CreateKeyForm maxLength={KEY_NAME_MAX_LENGTH} />
        <div style={{ marginTop: "1rem" }}>
          <KeysTable keys={keys} />
        </div>
      </section>

      <section className="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">Usage</h2>
        <p className="muted">
          <a href="/documents">Your documents</a> lists every document still kept, with its size and review link.
        </p>
        <UsageTable rows={usage} />
      </section>

      <section className="card" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger</h2>
        <LedgerTable rows={ledger} />
      </section>
    </main>
  );
}
