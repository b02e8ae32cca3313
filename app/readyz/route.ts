// GET /readyz - database and storage reachable, migrations applied; 503 {detail} otherwise
import { checkReadiness } from "@/lib/ops/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  const headers = { "cache-control": "no-store" };
  if (!readiness.ready) return Response.json({ detail: readiness.detail }, { status: 503, headers });
  return Response.json({ status: "ready" }, { headers });
}
