// GET /readyz - database and storage reachable, migrations applied; 503 {detail} otherwise
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/errors";
import { checkReadiness } from "@/lib/ops/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  const headers = { "cache-control": "no-store" };
  // Retry-After as on every 503 of the service: a restarting database is back within seconds.
  if (!readiness.ready)
    return Response.json(
      { detail: readiness.detail },
      { status: 503, headers: { ...headers, "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  return Response.json({ status: "ready" }, { headers });
}
