// A worker's own Prometheus endpoint (WORKER_METRICS_PORT): GET /metrics with this worker's jobs,
// pages, OCR seconds and storage errors, plus the cluster's queue depth; GET /healthz.
import http from "node:http";
import type { Logger } from "pino";
import { countQueue } from "../lib/jobs/queue";
import { renderMetrics } from "../lib/metrics/metrics";

export function serveWorkerMetrics(port: number, log: Logger): http.Server {
  const server = http.createServer((request, response) => {
    const url = (request.url ?? "").split("?")[0];
    if (url === "/healthz") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok" }));
      return;
    }
    if (url !== "/metrics") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ detail: "not found: see /metrics" }));
      return;
    }
    renderMetrics(countQueue).then(
      ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
      (error: unknown) => {
        log.error({ err: error }, "metrics scrape failed");
        response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ detail: "metrics unavailable" }));
      },
    );
  });
  server.on("error", (error) => log.error({ err: error }, `metrics server on port ${port} failed`));
  server.listen(port, () => log.info(`metrics on http://localhost:${port}/metrics`));
  return server;
}
