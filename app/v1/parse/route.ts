// POST /v1/parse - submit a PDF
import { getEnv } from "@/lib/env";
import { methodNotAllowed, withApi } from "@/lib/http/with-api";
import { summarizeJob } from "@/lib/jobs/job-view";
import { submitJob } from "@/lib/jobs/submit-job";
import { receiveUpload } from "@/lib/upload/receive-upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApi(async ({ request, caller }) => {
  const upload = await receiveUpload(request, getEnv().MAX_UPLOAD_BYTES);
  const job = await submitJob({ caller, upload, channel: "api" });
  const view = summarizeJob(job);
  return Response.json(
    { id: view.id, status: view.status, mode: view.mode, text_layer: view.text_layer, pages: view.pages },
    { status: 202 },
  );
});

// Every other method: 405 with a JSON body
const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
