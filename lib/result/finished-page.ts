// One page of a running job, as the worker finished it ("the job page shows pages as
// they finish"). The pipeline process stores each page it reads (worker/jobs/save-finished-page.ts)
// before it reports the page done, so the job page, and a reload of it, shows the page's tables and
// prose with their confidence while later pages still run. The API delivers `result` only once
// the job is done, so these pages are never part of GET /v1/parse/{id}: only the job page reads
// them (GET /jobs/{id}/pages). The finished result stays the authority: it adds the figures (their
// crops are stored when the job ends) and the figures' also_on.
import { z } from "zod";
import { pageSchema, proseSchema, tableSchema } from "./schema";

export const finishedPageSchema = z
  .object({
    page: pageSchema,
    tables: z.array(tableSchema),
    prose: z.array(proseSchema),
    /** Figures found on the page; their crops are shown once the job is done. */
    figures: z.number().int().min(0),
  })
  .strict();

export type FinishedPage = z.infer<typeof finishedPageSchema>;
