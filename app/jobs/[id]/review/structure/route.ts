// POST /jobs/{id}/review/structure - reshape a table on the review page (merge or split cells,
// header row, split or merge tables, delete a row or column, not a table: text or a figure with
// the crop the browser cut), or undo the latest reshaping; the
// job's owner only, from this site's pages only. Answers the tables as every read now shows them.
import { z } from "zod";
import { withAccount } from "@/lib/account/with-account";
import { badRequest } from "@/lib/errors";
import { getReviewJob } from "@/lib/review/find-review-job";
import { checkCropPng, cropImagePath, MAX_CROP_BYTES } from "@/lib/review/structure/figure-crop";
import { structureOpSchema } from "@/lib/review/structure/ops";
import { getJobFiles } from "@/lib/storage/job-files";
import { saveStructureEdit } from "@/lib/review/structure/save-structure";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const bodySchema = z.object({
  version: z.number().int().min(0),
  action: z.enum(["apply", "revert"]).default("apply"),
  op: structureOpSchema.optional(),
  /** "Not a table" as a figure: the region's crop as a base64 PNG, cut by the reviewer's browser. */
  image: z
    .string()
    .max(Math.ceil((MAX_CROP_BYTES * 4) / 3) + 4)
    .optional(),
});

export const POST = withAccount<{ id: string }>(async ({ request, user, params }) => {
  const job = await getReviewJob(user.id, params.id);
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw badRequest("send JSON {version, action: apply|revert, op?: {kind, page, table, ...}, image?}");
  let op = parsed.data.op;
  if (op?.kind === "not-a-table" && op.crop) throw badRequest("a figure's crop is sent as image, a base64 PNG");
  if (parsed.data.image !== undefined) {
    if (op?.kind !== "not-a-table" || op.as !== "figure") throw badRequest("an image goes only with not-a-table as a figure");
    const png = checkCropPng(parsed.data.image);
    const crop = cropImagePath(png);
    await getJobFiles().writeImage(job.id, crop, png);
    op = { ...op, crop };
  }
  const saved = await saveStructureEdit({
    job,
    userId: user.id,
    seenVersion: parsed.data.version,
    action: parsed.data.action,
    op,
  });
  return Response.json(saved, { headers: { "cache-control": "no-store" } });
});
