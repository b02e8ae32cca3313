// A bounded load test on loopback: N submissions at once to POST /v1/parse, then waits for every
// job. Reports POST latency percentiles and checks the two promises of the queue: no accepted job
// is lost (each one ends done) and none runs twice (each "running <id>" line appears once across
// all worker logs, and no job was re-queued). Used by scripts/load-test.ts and the API test.
import { deleteJob, submit, waitForJob } from "./api";
import { makeTextPdf } from "./pdfs";
import type { Service, Stack } from "./stack";

export interface LoadFigures {
  submissions: number;
  accepted: number;
  /** Non-202 answers, by status. */
  refused: Record<string, number>;
  postMs: { p50: number; p95: number; p99: number; max: number };
  /** From the first POST until every job ended. */
  totalSeconds: number;
  done: number;
  failed: number;
  lost: string[];
  ranTwice: string[];
  requeued: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(stack: Stack, workers: Service[], submissions: number, timeoutMs: number): Promise<LoadFigures> {
  const pdf = await makeTextPdf(1, "Load");
  // Measure the service warm: workers up, and the web's first submission (which loads the route,
  // pdf.js and the storage client, ~4 s on this machine) done before the burst.
  const ready = Date.now() + 60_000;
  while (!workers.every((worker) => worker.output().includes('"msg":"started"'))) {
    if (Date.now() > ready) throw new Error("the workers did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const warm = await submit(stack, { bytes: pdf });
  if (warm.status !== 202) throw new Error(`warm-up submission failed: ${JSON.stringify(warm.body)}`);
  await waitForJob(stack, String(warm.body.id));
  await deleteJob(stack, String(warm.body.id));
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: submissions }, async () => {
      const sent = performance.now();
      const answer = await submit(stack, { bytes: pdf }).catch((error: Error): { status: number; body: Record<string, unknown> } => ({
        status: 0,
        body: { detail: error.message },
      }));
      return { ms: performance.now() - sent, status: answer.status, id: String(answer.body.id ?? "") };
    }),
  );
  const accepted = answers.filter((answer) => answer.status === 202).map((answer) => answer.id);
  const refused: Record<string, number> = {};
  for (const answer of answers) if (answer.status !== 202) refused[answer.status] = (refused[answer.status] ?? 0) + 1;

  const deadline = Date.now() + timeoutMs;
  let rows: { id: string; state: string; requeues: number }[];
  for (;;) {
    rows = await stack.query<{ id: string; state: string; requeues: number }>(`SELECT id, state, requeues FROM "Job" WHERE id = ANY($1)`, [
      accepted,
    ]);
    if (rows.every((row) => row.state === "done" || row.state === "failed") || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const totalSeconds = (performance.now() - started) / 1000;
  // The worker logs its "running" line before it starts: give the pipes a moment to deliver.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const log = workers.map((worker) => worker.output()).join("\n");
  const ended = new Set(rows.filter((row) => row.state === "done" || row.state === "failed").map((row) => row.id));
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    submissions,
    accepted: accepted.length,
    refused,
    postMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
    },
    totalSeconds,
    done: rows.filter((row) => row.state === "done").length,
    failed: rows.filter((row) => row.state === "failed").length,
    lost: accepted.filter((id) => !ended.has(id)),
    ranTwice: accepted.filter((id) => log.split(`"running ${id} `).length - 1 !== 1),
    requeued: rows.filter((row) => row.requeues > 0).length,
  };
}

export function describeLoad(figures: LoadFigures, workers: number): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return [
    `${figures.submissions} concurrent POST /v1/parse (1-page PDF), ${workers} workers: ${figures.accepted} accepted${Object.keys(figures.refused).length ? `, refused ${JSON.stringify(figures.refused)}` : ""}`,
    `POST latency: p50 ${ms(figures.postMs.p50)}, p95 ${ms(figures.postMs.p95)}, p99 ${ms(figures.postMs.p99)}, max ${ms(figures.postMs.max)}`,
    `all jobs ended in ${figures.totalSeconds.toFixed(1)} s (${(figures.accepted / figures.totalSeconds).toFixed(1)} jobs/s): ${figures.done} done, ${figures.failed} failed, ${figures.lost.length} lost, ${figures.ranTwice.length} run twice, ${figures.requeued} re-queued`,
  ].join("\n");
}
