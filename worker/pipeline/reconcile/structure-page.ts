// The structure vote over a page's delivered tables: each table's cells judged against every
// structure reading of the page (structure-vote.ts). Runs after the value vote, with or without OCR.
import type { Table } from "../../../lib/result/schema";
import type { TableModel, Word } from "../types";
import type { StructureReading } from "../structure/types";
import { PageWords, prepareReading, voteOnStructure, type PreparedReading, type StructureVerdict } from "./structure-vote";
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
  const { page, readingsPrepared } = preparedFor(words);
  const prepared = readings.map((r) => {
    let ready = readingsPrepared.get(r);
    if (!ready) readingsPrepared.set(r, (ready = prepareReading(r, page)));
    return ready;
  });
  const outcomes = tables.map((table, i) => voteOnStructure(table, models[i] ?? null, page, prepared));
  return { tables: outcomes.map((o) => o.table), verdicts: outcomes.map((o) => o.verdicts) };
}

/** A page's words indexed for the vote, and each structure reading prepared against them, kept
 * while the page's words array lives. The vote runs twice on a page with OCR (the cascade asks it
 * which cells a structure reading is against, then it decides the confidences after the value
 * vote), on the same words and the same readings: preparing a reading indexes every cell of every
 * table it read, about half of the vote's time on the dense bench page (`npm run bench` from the cache).
 * A prepared reading depends only on the reading and the words, and judging with it changes
 * neither, so the second vote reuses the first one's. Keyed by identity: a stage that changes the
 * words or a reading replaces the object (readings are values, never edited in place). */
const PREPARED = new WeakMap<readonly Word[], { page: PageWords; readingsPrepared: WeakMap<StructureReading, PreparedReading> }>();

function preparedFor(words: readonly Word[]): { page: PageWords; readingsPrepared: WeakMap<StructureReading, PreparedReading> } {
  let entry = PREPARED.get(words);
  if (!entry) PREPARED.set(words, (entry = { page: new PageWords(words), readingsPrepared: new WeakMap() }));
  return entry;
}
