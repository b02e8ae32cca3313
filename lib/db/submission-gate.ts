// How many submission transactions (trial counters, holds, job rows) one web process runs at once.
// Submissions on one account queue on its row lock anyway; letting 200 of them wait
// inside transactions would hold 200 connections, starve every other request of the pool and end
// in transaction timeouts. Here they wait in memory instead, in order, and only a queue past
// SUBMIT_QUEUE_MAX is refused: 503 with Retry-After.
import { getEnv } from "../env";
import { AppError } from "../errors";

interface Gate {
  running: number;
  waiting: Array<() => void>;
}

const globalGate = globalThis as unknown as { submissionGate?: Gate };
function gate(): Gate {
  globalGate.submissionGate ??= { running: 0, waiting: [] };
  return globalGate.submissionGate;
}

export const serviceBusy = (what = "the service is busy") =>
  new AppError("service_unavailable", `${what}; retry in a few seconds`, { headers: { "retry-after": "2" } });

export async function withSubmissionSlot<T>(work: () => Promise<T>): Promise<T> {
  const env = getEnv();
  const state = gate();
  if (state.running >= env.SUBMIT_TX_CONCURRENCY) {
    if (state.waiting.length >= env.SUBMIT_QUEUE_MAX) throw serviceBusy("too many submissions are waiting");
    await new Promise<void>((resolve) => state.waiting.push(resolve));
  } else {
    state.running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = state.waiting.shift();
    if (next) next();
    else state.running -= 1;
  }
}
