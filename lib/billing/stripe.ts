// The Stripe client, when payments are configured. Production talks to Stripe; tests point the
// SDK at a local stand-in with STRIPE_API_HOST/PORT/PROTOCOL (the SDK's own host options).
import Stripe from "stripe";
import { getEnv } from "../env";

let client: Stripe | null = null;

export function isStripeConfigured(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

export function getStripe(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  client ??= new Stripe(env.STRIPE_SECRET_KEY, {
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return client;
}

/** Signature checks need no API access, so the webhook works with the secret alone. */
export function getWebhookVerifier(): Stripe {
  return getStripe() ?? new Stripe("sk_unused_for_signature_checks", { telemetry: false });
}
