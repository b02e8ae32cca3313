// GET /jobs/{id}/pages?after=N - the pages of a running job that the worker has finished, numbered
// above N (lib/jobs/finished-pages.ts), for the job page. Not part of the API: the API gives
// `result` only once the job is done. Visible to whoever may poll the job through the API.
import { withApi } from "@/lib/http/with-api";
import { AppError } from "@/lib/errors";
import { getJobFor } from "@/lib/jobs/find-job";
import { readFinishedPages } from "@/lib/jobs/finished-pages";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ request, caller, params }) => {
  const job = await getJobFor(caller, params.id);
  const afterText = new URL(request.url).searchParams.get("after") ?? "0";
  if (!/^\d{1,6}$/.test(afterText)) throw new AppError("bad_request", "after must be a page number");
  const { pages, finished } = await readFinishedPages(job.id, Number(afterText));
  return Response.json({ pages, finished }, { headers: { "cache-control": "no-store" } });
});
