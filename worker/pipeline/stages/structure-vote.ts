// Stage "structure-vote": each cell's boundaries against the structure readings
// (reconcile/structure-vote.ts); the verdicts go to onPage for eval and debugging.
import { cellVoteReadings } from "../reconcile/cell-vote-readings";
import { reconcileStructure } from "../reconcile";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

export const structureVoteStage: PageStage = {
  name: "structure-vote",
  failsAs: "structure-vote",
  skippable: "structure-vote",
  run(ctx) {
    const extraction = extractionOf(ctx);
    const voted = reconcileStructure(
      extraction.tables,
      extraction.tableModels,
      ctx.readings.words,
      cellVoteReadings(ctx.structureReadings),
    );
    extraction.tables = voted.tables;
    ctx.verdicts = voted.verdicts;
  },
};
