// Stage "ocr": waits for the page's first OCR reading (start-page.ts set it going, timed there
// under "ocr") and records the engines that failed. A page with a text layer every engine failed
// on is delivered unchecked; a page without one (a scan) that no engine read is unreadable.
import { isOcrFailure, type PageOcr } from "../ocr";
import { isPageUnreadable } from "../reconcile";
import type { PageStage } from "./page-stage";

export const ocrStage: PageStage = {
  name: "ocr",
  failsAs: "ocr",
  applies: (ctx) => ctx.run.engines !== null && ctx.started.ocr !== null,
  timing: "parts",
  async run(ctx) {
    const { input, engines, total, failures } = ctx.run;
    const { pageNumber } = ctx;
    await input.onProgress?.(`page ${pageNumber} of ${total}: OCR (${engines!.names.join(", ")})`);
    const pageOcr = await ctx.started.ocr!;
    ctx.pageOcr = pageOcr;
    for (const [engine, outcome] of Object.entries(pageOcr.readings)) {
      if (isOcrFailure(outcome)) failures.push({ page: pageNumber, stage: engine, message: outcome.error });
    }
    ctx.uncheckedReason = ctx.hasTextLayer ? everyOcrReadingFailed(pageOcr) : null;
    // Both independent readings of a scanned page failed: the page is unreadable.
    if (!ctx.hasTextLayer && isPageUnreadable(false, pageOcr.readings))
      throw new Error("every OCR reading of this page without a text layer failed");
  },
};

/** Why a page with a text layer went without any OCR reading (every engine failed, or the render
 * they share did), or null when at least one engine read it. The page is still delivered from its
 * text layer, whose values nothing confirmed (so nothing on it is verified), and is not charged:
 * what the customer pays for is a cross-checked page (README "Billing"). */
function everyOcrReadingFailed(pageOcr: PageOcr): string | null {
  const outcomes = Object.values(pageOcr.readings);
  const errors = outcomes.flatMap((outcome) => (outcome && isOcrFailure(outcome) ? [outcome.error] : []));
  if (outcomes.length === 0 || errors.length < outcomes.length) return null;
  return `every OCR reading of the page failed (${[...new Set(errors)].join("; ")}): delivered from the text layer alone, unchecked and not charged`;
}
