// Result tables built from columns of cells as the two OCR engines read them: what the tests of a
// scan's checks (worker/pipeline/scan/) feed runScanChecks.
import type { Cell, Table } from "../../lib/result/schema";
import { voteOnReadings } from "../../worker/pipeline/reconcile/vote";

/** A cell both engines read as `value`. */
export const agreedCell = (value: string): Cell => ({ ...voteOnReadings({ "ocr-1": value, "ocr-2": value }), bbox: [0, 0, 10, 10] });

/** A ruled table of the given columns (each a list of cells, top down), headed "Column k". */
export function tableOfColumns(columns: Cell[][]): Table {
  const rows = columns[0]!.map((_, r) => columns.map((col) => col[r]!));
  return {
    page: 1,
    index: 0,
    order: 0,
    kind: "ruled",
    column_major: false,
    header: columns.map((_, c) => `Column ${c}`),
    header_cells: columns.map((_, c) => agreedCell(`Column ${c}`)),
    rows,
  } as unknown as Table;
}
