// Stage "assemble": the page-level assembly of extract-page.ts (tables, charts, figures, prose,
// reading-order, each timed there under its name). A text layer read into nothing is a failure
// with a reason, never a silent empty page.
import { extractPage } from "../extract-page";
import { nothingReadReason } from "../nothing-read";
import type { PageStage } from "./page-stage";

export const assembleStage: PageStage = {
  name: "assemble",
  failsAs: "assemble",
  timing: "parts",
  run(ctx) {
    ctx.extraction = extractPage(ctx.readings, ctx.pageNumber, ctx.run.settings, ctx.timer);
    const nothingRead = nothingReadReason(ctx.readings, ctx.extraction);
    if (nothingRead) throw new Error(nothingRead);
  },
};
