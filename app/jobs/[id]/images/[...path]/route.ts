// GET /jobs/{id}/images/{path} - a cropped figure of a finished job, for the result page; whoever
// may see the job (its owner, or anyone holding an anonymous job's id)
import path from "node:path";
import { Readable } from "node:stream";
import { notFound } from "@/lib/errors";
import { withApi } from "@/lib/http/with-api";
import { getJobFor } from "@/lib/jobs/find-job";
import { getJobFiles } from "@/lib/storage/job-files";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" };

export const GET = withApi<{ id: string; path: string[] }>(async ({ caller, params }) => {
  const job = await getJobFor(caller, params.id);
  // The result's image paths are "images/p1-0.png" and the page asks for /jobs/{id}/images/p1-0.png,
  // so the route's [...path] is what follows "images/". JobFiles refuses anything that is not a
  // plain image name inside the job (no "../" escapes).
  const imagePath = `images/${params.path.join("/")}`;
  const type = TYPES[path.extname(imagePath).toLowerCase()];
  const found = type ? await getJobFiles().imageStream(job.id, imagePath) : null;
  if (!type || !found) throw notFound("no such image");
  return new Response(Readable.toWeb(found.stream) as ReadableStream, {
    headers: { "content-type": type, "content-length": String(found.size), "cache-control": "private, max-age=3600" },
  });
});
