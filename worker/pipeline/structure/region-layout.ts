// Text geometry's segmentation of one delivered table region, computed once per page and settings.
// pdf-layout reads every region with the delivered settings; pdf-layout-alt needs the same models
// to tell where its other answer differs. Both ask here, so a region is laid out once, not twice.
// The memo hangs off the page's structure context (a WeakMap: it goes when the context goes).
import { layoutToModel } from "../tables/build-table";
import { hangingWrapDecisions } from "../tables/hanging-wraps";
import type { Box, TableModel } from "../types";
import type { Settings } from "../settings";
import type { StructureContext } from "./types";

export interface RegionLayout {
  model: TableModel | null;
  /** A decision of the layout went by settings.hangingWraps (tables/hanging-wraps.ts): with that
   * setting flipped, the same region may lay out otherwise. When false, it lays out the same. */
  hangingWrapsDecided: boolean;
}

const memo = new WeakMap<StructureContext, WeakMap<Settings, Map<string, RegionLayout>>>();

/** layoutToModel(region, context.words, settings, context.detected.rulings), memoised per context
 * and settings object (pass the same object to share). Callers must not mutate the model. */
export function regionLayout(context: StructureContext, region: Box, settings: Settings = context.settings): TableModel | null {
  return regionLayoutRun(context, region, settings).model;
}

/** regionLayout, with whether settings.hangingWraps decided any of it. */
export function regionLayoutRun(context: StructureContext, region: Box, settings: Settings = context.settings): RegionLayout {
  let bySettings = memo.get(context);
  if (!bySettings) memo.set(context, (bySettings = new WeakMap()));
  let byRegion = bySettings.get(settings);
  if (!byRegion) bySettings.set(settings, (byRegion = new Map<string, RegionLayout>()));
  const key = region.join(",");
  let run = byRegion.get(key);
  if (!run) {
    const before = hangingWrapDecisions();
    const model = layoutToModel(region, context.words, settings, context.detected.rulings);
    run = { model, hangingWrapsDecided: hangingWrapDecisions() !== before };
    byRegion.set(key, run);
  }
  return run;
}
