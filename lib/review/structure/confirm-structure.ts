// A person confirms a whole table's structure on the review page ("a confirmed structure
// makes its cells `confirmed` with `human-review`"). What that settles, read against the result format:
// `confirmed` is "settled by a human against the original page" and `human-review` names a
// reading that corroborates the cell's VALUE. Confirming the structure is a person saying "this
// table has these rows, columns and cells, as on the page"; it settles where every cell is, and
// the value of every cell no reading contradicts, but it does not choose between readings that say
// different things: that is a choice per cell (1-9 or E), and one keypress over a whole table is
// not it. So, per cell:
//   - value readings that disagree (a disputed or resolved cell whose text readings differ; a
//     blank cell another reading saw text in): unchanged, still queued, still provisional;
//   - `exact` or already `confirmed`: unchanged (nothing stronger to give);
//   - anything else (unverified, verified, reviewed, and a cell disputed or capped only by the
//     structure vote, whose disagreement is about its boundaries, not its text): `confirmed`, with
//     `human-review` added to its sources, provisional dropped, its readings kept for the record.
// The table's `layout_disputed` (the readings did not agree a table is there) goes too: a person
// has just said it is one. `ocr_unsupported` stays: it is a fact about the OCR readings.
import type { Cell, Table } from "../../result/schema";
import { confirmedCell } from "../confirmed-cell";
import { valueReadingsDisagree } from "../readings";
import { StructureError } from "./ops";
import { copyTable, finish } from "./table-shape";

/** Whether confirming the table's structure settles this cell (see above). */
export function settledByStructure(cell: Cell): boolean {
  if (cell.confidence === "exact" || cell.confidence === "confirmed") return false;
  return !valueReadingsDisagree(cell);
}

export function confirmStructure(source: Table): Table {
  const table = copyTable(source);
  let settled = 0;
  const settle = (cell: Cell): Cell => {
    if (!settledByStructure(cell)) return cell;
    settled += 1;
    return confirmedCell(cell);
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
