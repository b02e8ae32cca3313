// Stage "boundary-vote": each delivered table's extent, split and column count against the
// readings that find tables on their own (reconcile/boundary-vote.ts); a disputed table is
// layout_disputed with no verified cell. Then each table records the shapes the page's table
// readings proposed instead (reconcile/table-alternatives.ts), and those detection weighed itself
// (reconcile/detection-alternatives.ts), for the review page's questions.
// Switched off with the structure vote.
import { applyBoundaryDisputes, boundaryDisputes, capDoubtedStructures } from "../reconcile/boundary-vote";
import { RECONCILE_SETTINGS } from "../reconcile/settings";
import { withDetectionAlternatives } from "../reconcile/detection-alternatives";
import { withTableAlternatives } from "../reconcile/table-alternatives";
import { READER_GROUPS, readerInputs } from "../structure/registry";
import { extractionOf } from "./page-context";
import type { PageStage } from "./page-stage";

const declared = {
  readsDetectedRegions: (source: string) => readerInputs(source)?.includes("detected-regions") ?? false,
  readsPageImage: (source: string) => readerInputs(source)?.includes("page-image") ?? false,
  groupOf: (source: string) => READER_GROUPS.get(source) ?? source,
};

export const boundaryVoteStage: PageStage = {
  name: "boundary-vote",
  failsAs: "structure-vote",
  skippable: "structure-vote",
  run(ctx) {
    if (!RECONCILE_SETTINGS.boundaryVote) return;
    const extraction = extractionOf(ctx);
    if (extraction.tables.length === 0) return;
    // Detection's own doubts first: the votes before cannot see a choice every reading shares.
    extraction.tables = capDoubtedStructures(extraction.tables, extraction.tableModels);
    if (ctx.structureReadings.length > 0) {
      const disputes = boundaryDisputes(extraction.tables, extraction.tableModels, ctx.readings.words, ctx.structureReadings, declared);
      if (disputes.length > 0) extraction.tables = applyBoundaryDisputes(extraction.tables, disputes);
      extraction.tables = withTableAlternatives(extraction.tables, ctx.readings.words, ctx.structureReadings);
    }
    extraction.tables = withDetectionAlternatives(extraction.tables, extraction.tableModels);
  },
};
