// POST /jobs/{id}/review/structure - reshape a table on the review page (merge or split cells,
// header row, split or merge tables, delete a row or column), or undo the latest reshaping; the
// job's owner only, from this site's pages only. Answers the tables as every read now shows them.
import { z } from "zod";
import { withAccount } from "@/lib/account/with-account";
import { badRequest } from "@/lib/errors";
import { getReviewJob } from "@/lib/review/find-review-job";
import { structureOpSchema } from "@/lib/review/structure/ops";
import { saveStructureEdit } from "@/lib/review/structure/save-structure";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const bodySchema = z.object({
  version: z.number().int().min(0),
  action: z.enum(["apply", "revert"]).default("apply"),
  op: structureOpSchema.optional(),
});

export const POST = withAccount<{ id: string }>(async ({ request, user, params }) => {
  const job = await getReviewJob(user.id, params.id);
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw badRequest("send JSON {version, action: apply|revert, op?: {kind, page, table, ...}}");
  const saved = await saveStructureEdit({
    job,
    userId: user.id,
    seenVersion: parsed.data.version,
    action: parsed.data.action,
    op: parsed.data.op,
  });
  return Response.json(saved, { headers: { "cache-control": "no-store" } });
});
