// One named stage of the page pipeline (the list: page-stages.ts). Every stage is run the same way
// by run-pipeline: when it applies to the page (`applies`), the page's failure stage becomes
// `failsAs`; a skippable stage the caller switched off (PipelineInput.skipStages) stops there;
// otherwise it runs, timed under its name on the page's StageTimer, unless it times its own
// parts (`timing: "parts"`: assemble's tables, charts, figures, prose and reading-order; the
// structure readers' structure:<reader>; the cascade's ocr-cells).
import type { SkippableStage } from "../pipeline-types";
import type { PageContext } from "./page-context";

export interface PageStage {
  name: string;
  /** Whether the stage has anything to do on this page (default: always). */
  applies?: (ctx: PageContext) => boolean;
  /** The stage a failure while it runs is recorded under (PageFailure.stage). */
  failsAs: string;
  /** Set on a stage the caller may leave out: the name skipStages takes. */
  skippable?: SkippableStage;
  /** "stage" (default): timed under its name; "parts": it times its own parts. */
  timing?: "stage" | "parts";
  run(ctx: PageContext): void | Promise<void>;
}

/** Runs `stages` in order on one page. `ctx.failStage` follows the stage running. */
export async function runPageStages(stages: readonly PageStage[], ctx: PageContext, onStage: (failsAs: string) => void): Promise<void> {
  for (const stage of stages) {
    if (stage.applies && !stage.applies(ctx)) continue;
    onStage(stage.failsAs);
    if (stage.skippable && ctx.run.skip.has(stage.skippable)) continue;
    if (stage.timing === "parts") await stage.run(ctx);
    else await ctx.timer.runAsync(stage.name, async () => stage.run(ctx));
  }
}
