// The vision readers' stages (vision/, docs/vision-readers.md), only when vision readers are
// configured and the page has tables: they start reading the page image right after assembly
// (their calls run while the structure readers and the OCR cascade work), their cell readings join
// the value vote, their grids the structure vote, and the audit and reviewer judge the voted cells
// against the image at the end. Without vision readers none of these applies and the page runs
// exactly as before.
import { PageVision } from "../vision";
import { visionFrame } from "../vision/scan-frame";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

/** Sets the vision readers going on the page image (not awaited). */
export const visionStartStage: PageStage = {
  name: "vision-start",
  failsAs: "structure",
  applies: (ctx) => ctx.run.input.vision != null && ctx.run.visionUsage !== null && extractionOf(ctx).tables.length > 0,
  run(ctx) {
    const { input, visionUsage, failures } = ctx.run;
    ctx.vision = new PageVision(input.vision!, {
      page: ctx.page,
      pageNumber: ctx.pageNumber,
      fileSha256: input.fileSha256,
      cacheDir: input.cacheDir,
      usage: visionUsage!,
      onFailure: (role, message) => failures.push({ page: ctx.pageNumber, stage: role, message }),
      onCall: input.onVisionCall,
    });
    ctx.vision.start();
    ctx.visionFrame = visionFrame(ctx.scanTransform);
  },
};

/** The vision readings of the cells (vision-grid and vision-arbiter calls included), for the
 * value vote. */
export const visionValuesStage: PageStage = {
  name: "vision",
  failsAs: "reconcile",
  skippable: "reconcile",
  applies: (ctx) => ctx.vision !== null,
  async run(ctx) {
    const frame = ctx.visionFrame ?? visionFrame(null);
    ctx.visionValues = await ctx.vision!.valueReadings(extractionOf(ctx).tables, frame.toWork, frame.toPage);
  },
};

/** The vision readers' grids (and re-reads) join the structure vote. */
export const visionStructureStage: PageStage = {
  name: "structure:vision",
  failsAs: "structure-vote",
  skippable: "structure",
  applies: (ctx) => ctx.vision !== null && extractionOf(ctx).tables.length > 0,
  async run(ctx) {
    const frame = ctx.visionFrame ?? visionFrame(null);
    ctx.structureReadings.push(...(await ctx.vision!.structureReadings(frame.toWork)));
  },
};

/** The vision audit and reviewer judge the voted cells against the page image. */
export const visionReviewStage: PageStage = {
  name: "vision-review",
  failsAs: "structure-vote",
  skippable: "reconcile",
  applies: (ctx) => ctx.vision !== null,
  async run(ctx) {
    const extraction = extractionOf(ctx);
    ctx.extraction = { ...extraction, tables: await ctx.vision!.afterVote(extraction.tables, extraction) };
  },
};
