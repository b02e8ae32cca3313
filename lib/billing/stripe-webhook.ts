// Stripe webhooks for top-ups. The signature is verified on the raw body; a paid Checkout
// Session credits its account exactly once, keyed by the session id, however often Stripe
// delivers the event and even when two deliveries race (the ledger's unique idempotency key).
import type Stripe from "stripe";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { creditAccount } from "./credit-account";
import { getWebhookVerifier } from "./stripe";

const MICROS_PER_CENT = 10_000n;

export function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("bad_request", "payments are not configured on this server");
  if (!signature) throw new AppError("bad_request", "missing Stripe signature");
  try {
    return getWebhookVerifier().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError("bad_request", "invalid Stripe signature");
  }
}

/** What happened to the balance, for the log and the tests. */
export type WebhookOutcome = "credited" | "already-credited" | "not-paid" | "ignored";

export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its money arrives (or not) with
      // the async events.
      if (session.payment_status !== "paid") return "not-paid";
      const userId = session.client_reference_id ?? session.metadata?.userId;
      if (!userId || session.amount_total === null) return "ignored";
      const credited = await creditAccount(
        userId,
        BigInt(session.amount_total) * MICROS_PER_CENT,
        "topup",
        `stripe:${session.id}`,
        `Stripe top-up (${session.id})`,
      );
      return credited ? "credited" : "already-credited";
    }
    case "checkout.session.async_payment_failed":
      return "not-paid";
    default:
      return "ignored";
  }
}
