// POST /jobs/{id}/review/cells - confirm a cell (or undo the latest change to it) on the review
// page; the job's owner only, from this site's pages only
import { z } from "zod";
import { withAccount } from "@/lib/account/with-account";
import { badRequest } from "@/lib/errors";
import { parseCellRef } from "@/lib/review/cell-ref";
import { saveCellEdit } from "@/lib/review/confirm-cell";
import { getReviewJob } from "@/lib/review/find-review-job";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const bodySchema = z.object({
  cell: z.string(),
  version: z.number().int().min(0),
  action: z.enum(["confirm", "revert"]).default("confirm"),
  value: z.string().optional(),
  /** The structure version the page shows (0 until the tables are reshaped). */
  structure: z.number().int().min(0).default(0),
});

export const POST = withAccount<{ id: string }>(async ({ request, user, params }) => {
  const job = await getReviewJob(user.id, params.id);
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw badRequest("send JSON {cell, version, action: confirm|revert, value?}");
  const ref = parseCellRef(parsed.data.cell);
  if (!ref) throw badRequest("cell must look like page:table:row:col (row h for the header)");
  const saved = await saveCellEdit({
    job,
    userId: user.id,
    ref,
    seenVersion: parsed.data.version,
    seenStructureVersion: parsed.data.structure,
    action: parsed.data.action,
    value: parsed.data.value,
  });
  return Response.json(saved, { headers: { "cache-control": "no-store" } });
});
