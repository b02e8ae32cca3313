// Text geometry's segmentation of one delivered table region, computed once per page and settings.
// pdf-layout reads every region with the delivered settings; pdf-layout-alt needs the same models
// to tell where its other answer differs. Both ask here, so a region is laid out once, not twice.
// The memo hangs off the page's structure context (a WeakMap: it goes when the context goes).
import { layoutToModel } from "../tables/build-table";
import type { Box, TableModel } from "../types";
import type { Settings } from "../settings";
import type { StructureContext } from "./types";

const memo = new WeakMap<StructureContext, WeakMap<Settings, Map<string, TableModel | null>>>();

/** layoutToModel(region, context.words, settings, context.detected.rulings), memoised per context
 * and settings object (pass the same object to share). Callers must not mutate the model. */
export function regionLayout(context: StructureContext, region: Box, settings: Settings = context.settings): TableModel | null {
  let bySettings = memo.get(context);
  if (!bySettings) memo.set(context, (bySettings = new WeakMap()));
  let byRegion = bySettings.get(settings);
  if (!byRegion) bySettings.set(settings, (byRegion = new Map<string, TableModel | null>()));
  const key = region.join(",");
  if (!byRegion.has(key)) byRegion.set(key, layoutToModel(region, context.words, settings, context.detected.rulings));
  return byRegion.get(key)!;
}
