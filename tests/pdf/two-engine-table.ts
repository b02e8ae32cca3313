// Result tables built from columns of cells as the two OCR engines read them: what the tests of a
// scan's checks (worker/pipeline/scan/) feed runScanChecks.
import type { Cell, Table } from "../../lib/result/schema";
import { voteOnReadings } from "../../worker/pipeline/reconcile/vote";
import type { ScanCheckContext } from "../../worker/pipeline/scan/scan-checks";
import { SETTINGS } from "../../worker/pipeline/settings";
import { int } from "./corpus/content";

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

/** What the scan checks see beside the table when there is no page image: no empty slots, no
 * second engine's page words, no rulings. */
export const NO_IMAGE_CONTEXT: ScanCheckContext = {
  slots: [],
  secondWords: [],
  image: null,
  grey: null,
  rulings: [],
  wordBoxes: [],
  settings: SETTINGS,
};

/** A cell one engine read `right` and the other `slipped`; which engine read which is drawn. */
export function readTwoWays(rnd: () => number, right: string, slipped: string): Cell {
  const [a, b] = rnd() < 0.5 ? [right, slipped] : [slipped, right];
  return { ...voteOnReadings({ "ocr-1": a, "ocr-2": b }), bbox: [0, 0, 10, 10] };
}

/** A number with one decimal, as a column of values beside labels prints it. */
export const oneDecimal = (rnd: () => number): string => `${int(rnd, 0, 9999)}.${int(rnd, 0, 9)}`;
