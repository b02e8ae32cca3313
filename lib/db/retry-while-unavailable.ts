// Waits out a database outage around one operation: retried while the error says the database is
// unreachable (lib/db/database-unavailable.ts), after a delay that doubles up to a ceiling, for
// at most `maxWaitMs`; any other error, or the last one after the wait, is thrown. The worker uses
// it to keep its job through a restart of the database instead of dropping it.
import { isDatabaseUnavailable } from "./database-unavailable";

/** First retry after 250 ms (a restart of the embedded server takes about a second), doubling to
 * 4 s: a long outage costs a query every few seconds, not a tight loop. */
export const RETRY_MIN_DELAY_MS = 250;
export const RETRY_MAX_DELAY_MS = 4000;

export interface RetryOptions {
  maxWaitMs: number;
  /** Told once when the first attempt fails (and when the database answers again). */
  onOutage?: (error: unknown) => void;
  onRecovered?: (waitedMs: number) => void;
}

export async function retryWhileUnavailable<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  let delay = RETRY_MIN_DELAY_MS;
  let failed = false;
  for (;;) {
    try {
      const result = await operation();
      if (failed) options.onRecovered?.(Date.now() - started);
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - started + delay > options.maxWaitMs) throw error;
      if (!failed) options.onOutage?.(error);
      failed = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(RETRY_MAX_DELAY_MS, delay * 2);
    }
  }
}
