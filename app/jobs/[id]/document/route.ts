// GET /jobs/{id}/document - the uploaded PDF, for the review page's viewer; its owner only
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { withApi } from "@/lib/http/with-api";
import { getReviewJob } from "@/lib/review/find-review-job";
import { getJobFiles } from "@/lib/storage/job-files";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ caller, params }) => {
  // The review page's viewer runs in a signed-in browser; withApi has already resolved the session.
  if (caller.kind !== "session") throw new AppError("unauthorized", "sign in first");
  const job = await getReviewJob(caller.userId, params.id);
  const found = await getJobFiles().inputStream(job.id);
  if (!found) throw new AppError("not_found", "the original document is no longer stored");
  return new Response(Readable.toWeb(found.stream) as ReadableStream, {
    headers: { "content-type": "application/pdf", "content-length": String(found.size), "cache-control": "private, no-store" },
  });
});
