// The structure vote on a scanned family page as the ink grid's tests run it: the delivered table
// read alike by pdf-layout and pdf-model, every cell verified by the value vote before, pdf-model's
// support gated by the page image's ink grid or not (worker/pipeline/structure/ink-grid.ts).
import type { Cell, Table } from "../../lib/result/schema";
import { reconcileStructure } from "../../worker/pipeline/reconcile/structure-page";
import { cellsOffInkGrid, inkGrid } from "../../worker/pipeline/structure/ink-grid";
import { STRUCTURE_SETTINGS } from "../../worker/pipeline/structure/settings";
import type { StructureReading } from "../../worker/pipeline/structure/types";
import { modelToTable } from "../../worker/pipeline/tables/assemble-table";
import type { Word } from "../../worker/pipeline/types";
import { modelOf, type Scanned, type ScannedTable } from "./scanned-family-page";

/** A cell as the value vote verifies it (empty cells stay as they are). */
export const verifiedCell = (c: Cell): Cell => (c.value === "" ? c : { ...c, confidence: "verified", sources: ["ocr-1", "ocr-2"] });

/** The page's words: one per truth cell (the vote compares cells by the words they hold). */
export const truthWords = (tables: readonly ScannedTable[]): Word[] =>
  tables.flatMap((t) =>
    t.cells.flatMap((c) => (c.box ? [{ text: c.text, box: c.box, size: 9, font: "scan", bold: false, dir: 0 as const }] : [])),
  );

/** The delivered table after the structure vote, pdf-layout and pdf-model both reading `delivered`,
 * pdf-model gated by the ink grid or not. */
export function inkGatedVote(page: Scanned, delivered: ScannedTable, gated: boolean): Table {
  const model = modelOf(delivered);
  const abstainOn = gated ? cellsOffInkGrid(model, inkGrid(page.image, delivered.box, STRUCTURE_SETTINGS.pageInk)) : [];
  const readings: StructureReading[] = [
    { source: "pdf-layout", kind: "tables", tables: [model] },
    { source: "pdf-model", kind: "tables", tables: [model], ...(abstainOn.length > 0 ? { abstainOn } : {}) },
  ];
  const t = modelToTable(model, 1, 0);
  const table = { ...t, header_cells: t.header_cells.map(verifiedCell), rows: t.rows.map((r) => r.map(verifiedCell)) };
  return reconcileStructure([table], [model], truthWords(page.tables), readings).tables[0]!;
}
