// Stage "continuation": the page's first table is linked to the previous page's last one when it
// continues it (tables/continuation.ts), and this page's last table is kept for the next page.
import { announcesContinuation, linkContinuation, tableColumns } from "../tables/continuation";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

export const continuationStage: PageStage = {
  name: "continuation",
  // Recorded as it always was: part of the structure vote's step.
  failsAs: "structure-vote",
  run(ctx) {
    const extraction = extractionOf(ctx);
    const { readings, pageNumber } = ctx;
    const first = extraction.tables[0];
    const startsPage =
      first !== undefined &&
      !extraction.prose.some((p) => p.order < (first.order ?? 0) && p.role === "heading" && !announcesContinuation(p.text));
    linkContinuation(ctx.run.tail, first, readings.height, startsPage, ctx.run.settings);
    const last = extraction.tables[extraction.tables.length - 1];
    ctx.run.tail = last
      ? {
          page: pageNumber,
          index: last.index,
          nCols: tableColumns(last),
          endsPage:
            !extraction.prose.some(
              (p) => p.order > (last.order ?? 0) && p.bbox[1] < readings.height * 0.9 && !announcesContinuation(p.text),
            ) && extraction.figures.every((f) => f.order < (last.order ?? 0)),
        }
      : null;
  },
};
