// GET /v1/parse/{id}/export?format=xlsx|csv|json|zip - download a finished job
import { methodNotAllowed, withApi } from "@/lib/http/with-api";
import { exportJob } from "@/lib/jobs/export-job";
import { getJobFor } from "@/lib/jobs/find-job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ request, caller, params }) => {
  const job = await getJobFor(caller, params.id);
  return exportJob(job, new URL(request.url).searchParams.get("format"));
});

// Every other method: 405 with a JSON body
const notAllowed = methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
