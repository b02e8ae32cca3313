// GET /jobs/{id}/progress - the job page's live figures while it waits or runs: status, stage,
// place in the queue, pages done, estimated seconds left (lib/jobs/job-progress.ts). Visible to
// whoever may poll the job through the API; lighter than GET /v1/parse/{id}, which carries the
// whole result once done.
import { withApi } from "@/lib/http/with-api";
import { getJobFor } from "@/lib/jobs/find-job";
import { getJobProgress } from "@/lib/jobs/job-progress";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ caller, params }) => {
  const job = await getJobFor(caller, params.id);
  return Response.json(await getJobProgress(job), { headers: { "cache-control": "no-store" } });
});
