// One answer for every /metrics (the web's public route, the web's private METRICS_PORT and each
// worker's WORKER_METRICS_PORT): the token check, the scrape, and a bounded 503 when the queue
// depth cannot be read because the database is gone (a scrape must not hang or 500 then).
import { timingSafeEqual } from "node:crypto";
import { isDatabaseUnavailable } from "../db/database-unavailable";
import { DATABASE_RETRY_AFTER_SECONDS } from "../errors";
import { getEnv } from "../env";
import { countQueue } from "../jobs/queue";
import { getLogger } from "../log";
import { renderMetrics } from "../metrics/metrics";

/** The queue-depth read is abandoned after this: a Prometheus scrape times out at 10 s by
 * default, and an answer that says "unavailable" is worth more than none. */
const QUEUE_READ_TIMEOUT_MS = 2000;

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, detail: string, headers: Record<string, string> = {}): MetricsAnswer => ({
  status,
  headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  body: JSON.stringify({ detail }),
});

/** True when no METRICS_TOKEN is set, or `authorization` is "Bearer <METRICS_TOKEN>". */
export function metricsAuthorized(authorization: string | null | undefined): boolean {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return true;
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

class QueueReadTimeout extends Error {}

export async function answerMetrics(authorization: string | null | undefined): Promise<MetricsAnswer> {
  if (!metricsAuthorized(authorization))
    return json(401, "metrics need the metrics token", { "www-authenticate": 'Bearer realm="metrics"' });
  try {
    const readQueue = () =>
      Promise.race([
        countQueue(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new QueueReadTimeout("queue depth read timed out")), QUEUE_READ_TIMEOUT_MS).unref(),
        ),
      ]);
    const { contentType, body } = await renderMetrics(readQueue);
    return { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" }, body };
  } catch (error) {
    if (error instanceof QueueReadTimeout || isDatabaseUnavailable(error)) {
      return json(503, "metrics are unavailable while the database is unreachable", {
        "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    getLogger("web").error({ err: error }, "metrics scrape failed");
    return json(500, "metrics unavailable");
  }
}
