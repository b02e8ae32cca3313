// GET /jobs/{id}/document - the uploaded PDF, for the review page's viewer; its owner only
import fs from "node:fs";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { withApi } from "@/lib/http/with-api";
import { getReviewJob } from "@/lib/review/find-review-job";
import { storage } from "@/lib/storage/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ caller, params }) => {
  // The review page's viewer runs in a signed-in browser; withApi has already resolved the session.
  if (caller.kind !== "session") throw new AppError("unauthorized", "sign in first");
  const job = await getReviewJob(caller.userId, params.id);
  const file = storage.inputPath(job.id);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) throw new AppError("not_found", "the original document is no longer stored");
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: { "content-type": "application/pdf", "content-length": String(stat.size), "cache-control": "private, no-store" },
  });
});
