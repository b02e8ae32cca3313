// A worker's own Prometheus endpoint (WORKER_METRICS_PORT): GET /metrics with this worker's jobs,
// pages, OCR seconds and storage errors, plus the cluster's queue depth; GET /healthz. The same
// small server serves the web process's private METRICS_PORT (scripts/web-server.ts).
import http from "node:http";
import type { Logger } from "pino";
import { answerMetrics } from "../lib/ops/metrics-endpoint";

export function serveWorkerMetrics(port: number, log: Logger, host?: string): http.Server {
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
    answerMetrics(request.headers.authorization).then(
      (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
      (error: unknown) => {
        log.error({ err: error }, "metrics scrape failed");
        response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ detail: "metrics unavailable" }));
      },
    );
  });
  server.on("error", (error) => log.error({ err: error }, `metrics server on port ${port} failed`));
  const listening = () => log.info(`metrics on http://${host ?? "localhost"}:${port}/metrics`);
  if (host) server.listen(port, host, listening);
  else server.listen(port, listening);
  return server;
}
