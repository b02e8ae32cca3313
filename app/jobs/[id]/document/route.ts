// GET /jobs/{id}/document - the uploaded PDF, for the review page's viewer; its owner only
import fs from "node:fs";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { findSessionUser } from "@/lib/auth/session";
import { withApi } from "@/lib/http/with-api";
import { getReviewJob } from "@/lib/review/find-review-job";
import { storage } from "@/lib/storage/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withApi<{ id: string }>(async ({ request, params }) => {
  const user = await findSessionUser(request.headers);
  if (!user) throw new AppError("unauthorized", "sign in first");
  const job = await getReviewJob(user.id, params.id);
  const file = storage.inputPath(job.id);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) throw new AppError("not_found", "the original document is no longer stored");
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: { "content-type": "application/pdf", "content-length": String(stat.size), "cache-control": "private, no-store" },
  });
});
