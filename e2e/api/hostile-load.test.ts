// Contention: 200 concurrent submissions on one key, plus anonymous ones moving the
// trial counters, while the worker is busy. Holds and trial updates queue instead of timing out:
// no 5xx, every hold taken exactly once. Prints the counts and latency percentiles (docs/measurements).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { plainPdf } from "../../tests/pdf/hostile-pdfs";
import { makeTextPdf } from "../support/pdfs";
import { createKey, submit } from "../support/api";
import { percentile } from "../support/latency-probe";
import { startStack, type Stack } from "../support/stack";

const KEYED = 200;
const ANONYMOUS = 40;
let stack: Stack;

before(async () => {
  stack = await startStack({ workers: 1, env: { WORKER_PAGE_DELAY_MS: "200" } });
});
after(async () => {
  await stack?.stop();
});

test(`${KEYED} concurrent POSTs on one key and ${ANONYMOUS} anonymous ones while the worker is busy: no 5xx`, async () => {
  const key = await createKey(stack, "burst@example.com", 100);
  const auth = { authorization: `Bearer ${key}` };
  // Keep the worker busy for the whole burst.
  const busy = await submit(stack, { bytes: await makeTextPdf(40), headers: auth });
  assert.equal(busy.status, 202);

  const pdf = plainPdf("Burst");
  const timed = async (headers: Record<string, string>) => {
    const started = performance.now();
    const answer = await submit(stack, { bytes: pdf, headers });
    return { status: answer.status, body: answer.body, retryAfter: answer.headers.get("retry-after"), ms: performance.now() - started };
  };
  const started = performance.now();
  const answers = await Promise.all([
    ...Array.from({ length: KEYED }, () => timed(auth)),
    ...Array.from({ length: ANONYMOUS }, () => timed({})),
  ]);
  const wallMs = Math.round(performance.now() - started);

  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(
    `[load] ${KEYED} keyed + ${ANONYMOUS} anonymous concurrent POSTs in ${wallMs} ms: statuses ${JSON.stringify(counts)}, p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms, max ${Math.round(sorted[sorted.length - 1]!)} ms`,
  );
  for (const answer of answers) {
    assert.ok(answer.status < 500, `${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status >= 400) assert.equal(typeof answer.body.detail, "string");
  }
  assert.deepEqual(counts, { 202: KEYED + ANONYMOUS });

  // Every keyed submission held its one page, exactly once.
  const [account] = await stack.query<{ balanceMicros: string }>(
    `SELECT "balanceMicros"::text FROM "User" WHERE email = 'burst@example.com'`,
  );
  const [holds] = await stack.query<{ n: string }>(`SELECT count(*)::text AS n FROM "LedgerEntry" WHERE kind = 'hold'`);
  assert.equal(Number(holds!.n), KEYED + 1);
  // Every page is delivered, so held or settled, each job has cost its pages at $0.06.
  assert.equal(Number(account!.balanceMicros), 100_000_000 - (40 + KEYED) * 60_000);
});
