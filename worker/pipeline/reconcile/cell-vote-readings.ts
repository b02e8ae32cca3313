// The structure readings the cell vote weighs: all but those that only propose table boundaries
// (RECONCILE_SETTINGS.boundaryOnlyReaders; the boundary vote reads every reading).
import type { StructureReading } from "../structure/types";
import { RECONCILE_SETTINGS } from "./settings";

export function cellVoteReadings(readings: readonly StructureReading[]): StructureReading[] {
  return readings.filter((r) => !RECONCILE_SETTINGS.boundaryOnlyReaders.includes(r.source));
}
