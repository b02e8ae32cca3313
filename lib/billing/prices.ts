import { getEnv } from "../env";
import { usdToMicros } from "./money";

/** Price of one delivered page in micro-dollars (0.06 USD, 0.036 in batch). */
export function pricePerPageMicros(mode: "realtime" | "batch"): bigint {
  const env = getEnv();
  return usdToMicros(mode === "batch" ? env.BATCH_PRICE_PER_PAGE_USD : env.PRICE_PER_PAGE_USD);
}
