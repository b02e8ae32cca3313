// POST /jobs - the web uploader's submission: like POST /v1/parse, but an anonymous visitor's
// pages count against the web trial (SPEC.md §1.6: 10 pages a day, apart from the API's), and it
// answers only requests sent by this site's own pages (a signed-in visitor spends their balance)
import { assertSameOrigin } from "@/lib/http/same-origin";
import { getEnv } from "@/lib/env";
import { withApi } from "@/lib/http/with-api";
import { summarizeJob } from "@/lib/jobs/job-view";
import { submitJob } from "@/lib/jobs/submit-job";
import { receiveUpload } from "@/lib/upload/receive-upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApi(async ({ request, caller }) => {
  assertSameOrigin(request);
  const upload = await receiveUpload(request, getEnv().MAX_UPLOAD_BYTES);
  const job = await submitJob({ caller, upload, channel: "web" });
  const view = summarizeJob(job);
  return Response.json({ id: view.id, status: view.status, pages: view.pages, url: `/jobs/${view.id}` }, { status: 202 });
});
