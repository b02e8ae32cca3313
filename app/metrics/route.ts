// GET /metrics - Prometheus metrics of the web process, with the cluster's queue depth. With
// METRICS_TOKEN set it needs "Authorization: Bearer <token>"; with METRICS_PORT set it is served
// on that private port instead (scripts/web-server.ts) and this public path answers 404.
import { getEnv } from "@/lib/env";
import { answerMetrics } from "@/lib/ops/metrics-endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  if (getEnv().METRICS_PORT) return Response.json({ detail: "not found" }, { status: 404 });
  const answer = await answerMetrics(request.headers.get("authorization"));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
