// A person confirms a whole table's structure on the review page ("a confirmed structure
// makes its cells `confirmed` with `human-review`"). What that settles, read against the result format:
// `confirmed` is "settled by a human against the original page" and `human-review` names a
// reading that corroborates the cell's VALUE. Confirming the structure is a person saying "this
// table has these rows, columns and cells, as on the page"; it settles where every cell is, and
// the value of every cell no reading contradicts, but it does not choose between readings that say
// different things: that is a choice per cell (1-9 or E), and one keypress over a whole table is
// not it. So, per cell:
//   - value readings that disagree, but two or more of them, more than say otherwise, back the
//     value (the value vote's majority; such a cell is part of its table's structure question,
//     lib/review/structure-items.ts): `resolved`, as the value vote left it before the structure
//     vote lowered it. The person settled its place; its value stands on its readings' majority,
//     not on the person, so no `human-review`, and it leaves the queue as a resolved cell does;
//   - other value readings that disagree (the text layer alone against the OCR readings; a
//     blank cell another reading saw text in): unchanged, still queued, still provisional;
//   - `exact` or already `confirmed`: unchanged (nothing stronger to give);
//   - anything else (unverified, verified, reviewed, and a cell disputed or capped only by the
//     structure vote, whose disagreement is about its boundaries, not its text): `confirmed`, with
//     `human-review` added to its sources, provisional dropped, its readings kept for the record.
// The table's `layout_disputed` (the readings did not agree a table is there) goes too: a person
// has just said it is one. `ocr_unsupported` stays: it is a fact about the OCR readings.
import type { Cell, Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { valueBackedByMajority, valueReadingsDisagree } from "../readings";
import { StructureError } from "./ops";
import { copyTable, finish } from "./table-shape";

/** What confirming the table's structure makes of this cell (see above): `confirmed`,
 * `resolved`, or nothing (null). */
export function settledByStructure(cell: Cell): "confirmed" | "resolved" | null {
  if (cell.confidence === "exact" || cell.confidence === "confirmed") return null;
  if (!valueReadingsDisagree(cell)) return "confirmed";
  if (cell.confidence !== "resolved" && valueBackedByMajority(cell)) return "resolved";
  return null;
}

export function confirmStructure(source: Table): Table {
  const table = copyTable(source);
  let settled = 0;
  const settle = (cell: Cell): Cell => {
    const outcome = settledByStructure(cell);
    if (!outcome) return cell;
    settled += 1;
    if (outcome === "confirmed") return confirmedCell(cell);
    const { provisional: _provisional, ...rest } = cell;
    return { ...rest, confidence: "resolved" };
  };
  table.header_cells = table.header_cells.map(settle);
  table.rows = table.rows.map((row) => row.map(settle));
  if (settled === 0 && !table.layout_disputed) {
    throw new StructureError(
      "nothing in this table is left for a structure confirmation to settle: its cells are confirmed already, or their readings disagree about the value (settle those one by one)",
    );
  }
  delete table.layout_disputed;
  return finish(table);
}
