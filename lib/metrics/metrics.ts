// Prometheus metrics (prom-client). The web serves its registry at GET /metrics; each worker
// serves its own on WORKER_METRICS_PORT (worker/metrics-server.ts). Counters and histograms are
// per process, as Prometheus expects (it sums them across instances); queue depth is read from
// the database when scraped, so any instance reports the whole cluster's queue.
import client from "prom-client";
import { onStorageError } from "../storage/job-files";

/** Job and page durations: pages take ~0.05 s (text only) to ~10 s (dense OCR); jobs up to hours. */
const PAGE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 14_400];

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "pdftables_" });
  const metrics = {
    registry,
    queueDepth: new client.Gauge({
      name: "pdftables_queue_depth",
      help: "Jobs waiting for a worker, by mode",
      labelNames: ["mode"],
      registers: [registry],
    }),
    jobsRunning: new client.Gauge({ name: "pdftables_jobs_running", help: "Jobs being processed by any worker", registers: [registry] }),
    jobs: new client.Counter({
      name: "pdftables_jobs_total",
      help: "Jobs this worker ended, by outcome (done, failed, abandoned: handed back or taken over)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    jobSeconds: new client.Histogram({
      name: "pdftables_job_duration_seconds",
      help: "Wall time of a job on this worker, by outcome",
      labelNames: ["outcome"],
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    pageSeconds: new client.Histogram({
      name: "pdftables_page_duration_seconds",
      help: "Wall time of one page on this worker",
      buckets: PAGE_BUCKETS,
      registers: [registry],
    }),
    ocrSeconds: new client.Counter({
      name: "pdftables_ocr_seconds_total",
      help: "Seconds OCR engines spent reading pages (cache hits excluded), by engine",
      labelNames: ["engine"],
      registers: [registry],
    }),
    requeues: new client.Counter({
      name: "pdftables_requeues_total",
      help: "Orphaned jobs this process put back in the queue (their worker stopped reporting)",
      registers: [registry],
    }),
    storageErrors: new client.Counter({
      name: "pdftables_storage_errors_total",
      help: "Failed calls to the object store, by operation",
      labelNames: ["operation"],
      registers: [registry],
    }),
  };
  onStorageError((operation) => metrics.storageErrors.inc({ operation }));
  return metrics;
}

export type Metrics = ReturnType<typeof create>;

// One set per process even when the Next.js build loads this module in more than one bundle.
const holder = globalThis as typeof globalThis & { __pdftablesMetrics?: Metrics };

export function getMetrics(): Metrics {
  holder.__pdftablesMetrics ??= create();
  return holder.__pdftablesMetrics;
}

/** The text a scrape gets, with the queue gauges refreshed from the database first. */
export async function renderMetrics(
  readQueue: () => Promise<{ queued: Record<string, number>; running: number }>,
): Promise<{ contentType: string; body: string }> {
  const metrics = getMetrics();
  const queue = await readQueue();
  for (const mode of ["realtime", "batch"]) metrics.queueDepth.set({ mode }, queue.queued[mode] ?? 0);
  metrics.jobsRunning.set(queue.running);
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
