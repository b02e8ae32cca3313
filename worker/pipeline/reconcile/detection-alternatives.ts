// The shapes detection itself weighed and set aside, recorded beside the readings' alternatives
// (table-alternatives.ts). A doubt every reading shares (TableModel.structureDoubt) makes no reading
// propose anything, so without this the review page would ask "one table or two?" with no answer
// to pick but the tools. Only the split doubt names a shape an edit can apply: the upper table and
// the next one as one table. The other doubts (a column that may be two, a label's wrapped tail,
// a band off centre) have no single edit and stay with the table tools.
import type { Table } from "../../../lib/result/schema";
import type { Box, TableModel } from "../types";

/** The name alternatives from detection carry in `by`. */
export const DETECTION = "detection";

const sameBox = (a: Box, b: Box): boolean => a.every((v, k) => v === b[k]);

/** The page's delivered tables (`models` index for index), each upper table of a split doubt whose
 * lower table is delivered right after it given the "merge-next" alternative (or detection added to
 * the readings that proposed it already). Run after the readings' alternatives. */
export function withDetectionAlternatives(tables: readonly Table[], models: readonly (TableModel | null)[]): Table[] {
  return tables.map((table, i) => {
    const below = models[i]?.mayContinueIn;
    const next = models[i + 1];
    if (!below || !next || !sameBox(below, next.box)) return table;
    const alternatives = table.alternatives ?? [];
    if (!alternatives.some((a) => a.kind === "merge-next"))
      return { ...table, alternatives: [...alternatives, { kind: "merge-next" as const, by: [DETECTION] }] };
    // A reading proposed it too: detection joins those who did.
    return {
      ...table,
      alternatives: alternatives.map((a) =>
        a.kind === "merge-next" && !a.by.includes(DETECTION) ? { ...a, by: [...a.by, DETECTION].sort() } : a,
      ),
    };
  });
}
