// GET /v1/parse/{id} - poll a job; DELETE /v1/parse/{id} - delete it and its data
import { methodNotAllowed, withApi } from "@/lib/http/with-api";
import { deleteJob } from "@/lib/jobs/delete-job";
import { getJobFor } from "@/lib/jobs/find-job";
import { viewJob } from "@/lib/jobs/job-view";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ caller, params }) => {
  const job = await getJobFor(caller, params.id);
  return Response.json(await viewJob(job));
});

export const DELETE = withApi<{ id: string }>(async ({ caller, params }) => {
  const job = await getJobFor(caller, params.id);
  await deleteJob(job);
  return Response.json({ id: job.id, deleted: true });
});

// Every other method: 405 with a JSON body
const notAllowed = methodNotAllowed(["GET", "DELETE"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
