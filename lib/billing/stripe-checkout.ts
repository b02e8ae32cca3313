// A top-up is a Stripe Checkout Session for a fixed amount; the balance is credited only by the
// signed webhook (lib/billing/stripe-webhook.ts), never by the browser coming back.
import { getEnv } from "../env";
import { AppError } from "../errors";
import { getStripe } from "./stripe";

export class StripeNotConfiguredError extends AppError {
  constructor() {
    super("bad_request", "payments are not configured on this server");
  }
}

export interface TopupRequest {
  userId: string;
  email: string | null;
  amountUsd: number;
  /** The site's own origin, for the return addresses. */
  origin: string;
  /** The form's one-time id: the same form sent twice (a double click, a resent POST) is one
   * Checkout Session, because Stripe answers a repeated idempotency key with the first result. */
  requestId: string;
}

const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Whole cents of a US dollar amount, refusing anything not representable exactly. */
export function usdToCents(amountUsd: number): number {
  const cents = Math.round(amountUsd * 100);
  if (!Number.isFinite(amountUsd) || Math.abs(cents - amountUsd * 100) > 1e-6) {
    throw new AppError("bad_request", "the amount must be in whole cents");
  }
  return cents;
}

export async function createTopupSession(request: TopupRequest): Promise<{ id: string; url: string }> {
  const stripe = getStripe();
  if (!stripe) throw new StripeNotConfiguredError();
  const minimum = getEnv().MIN_TOPUP_USD;
  const cents = usdToCents(request.amountUsd);
  if (!REQUEST_ID.test(request.requestId)) throw new AppError("bad_request", "the form is out of date; reload the page and try again");
  if (cents < Math.round(minimum * 100)) {
    throw new AppError("bad_request", `the smallest top-up is ${minimum.toFixed(2)} USD`);
  }
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: cents, product_data: { name: "Prepaid balance for PDF extraction" } },
        },
      ],
      client_reference_id: request.userId,
      metadata: { userId: request.userId },
      ...(request.email ? { customer_email: request.email } : {}),
      success_url: `${request.origin}/account?topup=success`,
      cancel_url: `${request.origin}/account?topup=cancelled`,
    },
    { idempotencyKey: `topup:${request.userId}:${cents}:${request.requestId}` },
  );
  if (!session.url) throw new AppError("internal", "the payment page could not be created; please try again");
  return { id: session.id, url: session.url };
}
