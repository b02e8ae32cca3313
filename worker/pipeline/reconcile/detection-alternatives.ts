// The shapes detection itself weighed and set aside, recorded beside the readings' alternatives
// (table-alternatives.ts). A doubt every reading shares (TableModel.structureDoubt) makes no reading
// propose anything, so without this the review page would ask its question with no answer to pick
// but the tools. Two doubts name shapes an edit can apply:
//   - a split doubt: the upper table and the next one as one table ("merge-next");
//   - a merge doubt: the table cut where a second table may start ("split");
//   - a lone band label centred over several runs of columns: the band over each other run
//     ("band-span").
// The other doubts (a column that may be two, a label's wrapped tail, a band off centre) have no
// single edit and stay with the table tools.
import type { Table } from "../../../lib/result/schema";
import type { Box, TableModel } from "../types";

/** The name alternatives from detection carry in `by`. */
export const DETECTION = "detection";

const sameBox = (a: Box, b: Box): boolean => a.every((v, k) => v === b[k]);

type Alternative = NonNullable<Table["alternatives"]>[number];
type Proposal = Alternative extends infer A ? (A extends unknown ? Omit<A, "by"> : never) : never;

const keyOf = (alternative: Proposal | Alternative): string => {
  const { by: _by, ...shape } = alternative as Alternative;
  return JSON.stringify(shape);
};

/** `proposals` added to the table's alternatives as detection's: a shape a reading proposed
 * already gains detection among its proposers. */
function withProposals(table: Table, proposals: readonly Proposal[]): Table {
  if (proposals.length === 0) return table;
  let alternatives = [...(table.alternatives ?? [])];
  for (const proposal of proposals) {
    const key = keyOf(proposal);
    const same = alternatives.findIndex((a) => keyOf(a) === key);
    if (same < 0) alternatives.push({ ...proposal, by: [DETECTION] });
    else if (!alternatives[same]!.by.includes(DETECTION))
      alternatives = alternatives.map((a, k) => (k === same ? { ...a, by: [...a.by, DETECTION].sort() } : a));
  }
  return { ...table, alternatives };
}

/** The shapes detection weighed for delivered table `i`: one table with the next (a split doubt
 * whose lower table is delivered right after it), two tables (a merge doubt's cut), and a doubted lone band over each other run of
 * columns it is centred over (where the table delivers that band). */
function proposalsOf(tables: readonly Table[], models: readonly (TableModel | null)[], i: number): Proposal[] {
  const out: Proposal[] = [];
  const model = models[i];
  const below = model?.mayContinueIn;
  const next = models[i + 1];
  if (below && next && sameBox(below, next.box)) out.push({ kind: "merge-next" });
  if (model?.mayStartAt !== undefined) out.push({ kind: "split", rows: [model.mayStartAt] });
  for (const run of model?.bandAlternatives ?? []) {
    const band = tables[i]!.colbands?.findIndex((b) => b.label === run.label) ?? -1;
    if (band >= 0) out.push({ kind: "band-span", band, label: run.label, start_col: run.start, end_col: run.end });
  }
  return out;
}

/** The page's delivered tables (`models` index for index), each with the shapes detection weighed
 * added to its alternatives (or detection added to the readings that proposed one already). Run
 * after the readings' alternatives. */
export function withDetectionAlternatives(tables: readonly Table[], models: readonly (TableModel | null)[]): Table[] {
  return tables.map((table, i) => withProposals(table, proposalsOf(tables, models, i)));
}
