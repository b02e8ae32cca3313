// GET /metrics - Prometheus metrics of the web process, with the cluster's queue depth
import { countQueue } from "@/lib/jobs/queue";
import { renderMetrics } from "@/lib/metrics/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { contentType, body } = await renderMetrics(countQueue);
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
