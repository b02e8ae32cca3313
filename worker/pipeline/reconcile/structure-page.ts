// The structure vote over a page's delivered tables: each table's cells judged against every
// structure reading of the page (structure-vote.ts). Runs after the value vote, with or without OCR.
import type { Table } from "../../../lib/result/schema";
import type { TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { PageWords, prepareReading, voteOnStructure, type StructureVerdict } from "./structure-vote";
import type { CellUnit } from "./cell-units";

export interface PageStructureOutcome {
  tables: Table[];
  verdicts: Array<Array<{ unit: CellUnit; verdict: StructureVerdict }>>;
}

/** `models[i]` is the model `tables[i]` was assembled from. */
export function reconcileStructure(
  tables: readonly Table[],
  models: readonly (TableModel | null)[],
  words: readonly Word[],
  readings: readonly StructureReading[],
): PageStructureOutcome {
  if (tables.length === 0) return { tables: [], verdicts: [] };
  const page = new PageWords(words);
  const prepared = readings.map((r) => prepareReading(r, page));
  const outcomes = tables.map((table, i) => voteOnStructure(table, models[i] ?? null, page, prepared));
  return { tables: outcomes.map((o) => o.table), verdicts: outcomes.map((o) => o.verdicts) };
}
