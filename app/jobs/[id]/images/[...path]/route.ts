// GET /jobs/{id}/images/{path} - a cropped figure of a finished job, for the result page; whoever
// may see the job (its owner, or anyone holding an anonymous job's id)
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { notFound } from "@/lib/errors";
import { withApi } from "@/lib/http/with-api";
import { getJobFor } from "@/lib/jobs/find-job";
import { storage } from "@/lib/storage/storage";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TYPES: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp" };

export const GET = withApi<{ id: string; path: string[] }>(async ({ caller, params }) => {
  const job = await getJobFor(caller, params.id);
  const base = storage.outputDir(job.id);
  // The result's image paths are "images/p1-0.png" and the page asks for /jobs/{id}/images/p1-0.png,
  // so the route's [...path] is what follows "images/".
  const file = path.resolve(base, "images", ...params.path);
  // Only images, and only inside the job's own directory (no "../" escapes).
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type || !file.startsWith(path.join(base, "images") + path.sep)) throw notFound("no such image");
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound("no such image");
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: { "content-type": type, "content-length": String(stat.size), "cache-control": "private, max-age=3600" },
  });
});
