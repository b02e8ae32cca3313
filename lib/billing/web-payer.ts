// Who pays for a signed-in visitor's upload on the web ("a new account has $0 and loses
// the web trial"). Signing in must never make the site worse than staying anonymous, so an
// account whose balance does not cover the document keeps the web trial
// (WEB_TRIAL_PAGES_PER_DAY, counted per address exactly as for anonymous visitors). The uploader
// quotes with the same function, so what it says is what the server does.
export type WebPayer = "balance" | "trial";

export interface WebPayerInput {
  balanceMicros: bigint;
  costMicros: bigint;
  pages: number;
  trialPagesLeft: number;
}

export function webPayer({ balanceMicros, costMicros, pages, trialPagesLeft }: WebPayerInput): WebPayer {
  if (balanceMicros >= costMicros) return "balance";
  if (pages <= trialPagesLeft) return "trial";
  // Neither covers it: refuse in the words that fit the account, "top up" (402 with the
  // amounts) for a customer who has money on the account, the trial's 429 for one who has none.
  return balanceMicros > 0n ? "balance" : "trial";
}
