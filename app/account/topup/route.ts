// POST /account/topup - the account page's top-up form. Answers with a redirect to Stripe
// Checkout for the amount; the balance is credited later, only by the signed webhook. When the
// amount is refused or payments are off, back to the account page with a notice saying why.
import { withAccount } from "@/lib/account/with-account";
import { siteUrl } from "@/lib/auth/next-auth";
import { createTopupSession, StripeNotConfiguredError } from "@/lib/billing/stripe-checkout";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

function backToAccount(notice: string): Response {
  return new Response(null, { status: 303, headers: { location: `${siteUrl()}/account?topup=${notice}`, "cache-control": "no-store" } });
}

export const POST = withAccount(async ({ request, user }) => {
  const form = await request.formData().catch(() => null);
  const amountField = form?.get("amount_usd");
  const requestField = form?.get("request_id");
  const amountText = (typeof amountField === "string" ? amountField : "").trim();
  const requestId = typeof requestField === "string" ? requestField : "";
  // "12", "12.5" and "12.50" are amounts; "1e3", "12,50" and "" are not.
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(amountText)) return backToAccount("invalid");
  try {
    const session = await createTopupSession({
      userId: user.id,
      email: user.email,
      amountUsd: Number(amountText),
      origin: siteUrl(),
      requestId,
    });
    return new Response(null, { status: 303, headers: { location: session.url, "cache-control": "no-store" } });
  } catch (error) {
    if (error instanceof StripeNotConfiguredError) return backToAccount("unconfigured");
    if (error instanceof AppError && error.status === 400) return backToAccount("invalid");
    throw error;
  }
});
