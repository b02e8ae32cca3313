// The 402 an account gets when its balance does not cover a document: the exact amounts, and what
// this server offers to fix it. A server without Stripe has no top-up (the account page says so),
// so telling its customers to "top up" sent them looking for a button that is not there.
import { AppError } from "../errors";
import { getEnv } from "../env";
import { isStripeConfigured } from "./stripe";
import { microsToUsd } from "./money";

export function paymentRequired(balanceMicros: bigint, requiredMicros: bigint): AppError {
  const env = getEnv();
  const amounts = `${usd(requiredMicros)} needed, ${usd(balanceMicros)} on the account`;
  const remedies = isStripeConfigured()
    ? "top up your balance on the account page (/account) or request fewer pages"
    : "this server takes no payments, so there is no top-up: ask whoever runs it to add credit, or request fewer pages" +
      (env.TRIAL_PAGES_PER_DAY > 0 ? `; without a key you have the free trial of ${env.TRIAL_PAGES_PER_DAY} pages a day` : "");
  return new AppError("payment_required", `insufficient balance for this document (${amounts}); ${remedies}`, {
    body: { balance_usd: microsToUsd(balanceMicros), required_usd: microsToUsd(requiredMicros) },
  });
}

/** Dollars with cents, and more digits only where a price has them ($0.012 a page). */
function usd(micros: bigint): string {
  const dollars = microsToUsd(micros);
  const decimals = Math.max(2, (String(dollars).split(".")[1] ?? "").length);
  return `$${dollars.toFixed(decimals)}`;
}
