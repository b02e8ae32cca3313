// The structure vote on a family page as the ink grid's tests run it (worker/pipeline/structure/
// ink-grid.ts), every cell verified by the value vote before:
//   - on a scan, the delivered table read alike by pdf-layout and pdf-model, pdf-model's support
//     gated by the page image's ink grid or not;
//   - on a page with a text layer, the delivered table read alike by pdf-layout and pdf-stream (one
//     input: the vote counts them once), with or without the ink-grid reading of the render.
import type { Cell, Table } from "../../lib/result/schema";
import { reconcileStructure } from "../../worker/pipeline/reconcile/structure-page";
import { cellsOffScanInkGrid, inkGridReader, textLayerInkOpinions } from "../../worker/pipeline/structure/ink-grid";
import { RECONCILE_SETTINGS } from "../../worker/pipeline/reconcile/settings";
import { SETTINGS } from "../../worker/pipeline/settings";
import type { StructureContext, StructureReading } from "../../worker/pipeline/structure/types";
import { modelToTable } from "../../worker/pipeline/tables/assemble-table";
import type { Word } from "../../worker/pipeline/types";
import { modelOf, type Scanned, type ScannedTable } from "./scanned-family-page";

/** The layout families whose right structures the ink grid's family tests check, on scans and on
 * pages with a text layer (the text-layer test adds two of its own). */
export const INK_GRID_FAMILIES = [
  "multi-level-header",
  "wrapped-headers",
  "total-rows",
  "indented-groups",
  "wrapped-labels",
  "side-by-side",
  "stacked-typed-tables",
] as const;

/** A table's non-empty cells, header first. */
export const filledCells = (t: Table): Cell[] => [...t.header_cells, ...t.rows.flat()].filter((c) => c.value !== "");

/** The values of a table's verified cells. */
export const verifiedValues = (t: Table): string[] =>
  filledCells(t)
    .filter((c) => c.confidence === "verified")
    .map((c) => c.value);

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
  const abstainOn = gated ? cellsOffScanInkGrid(model, page.image, delivered.box) : [];
  const readings: StructureReading[] = [
    { source: "pdf-layout", kind: "tables", tables: [model] },
    { source: "pdf-model", kind: "tables", tables: [model], ...(abstainOn.length > 0 ? { abstainOn } : {}) },
  ];
  const t = modelToTable(model, 1, 0);
  const table = { ...t, header_cells: t.header_cells.map(verifiedCell), rows: t.rows.map((r) => r.map(verifiedCell)) };
  return reconcileStructure([table], [model], truthWords(page.tables), readings).tables[0]!;
}

/** The delivered table after the structure vote on a page with a text layer: pdf-layout and
 * pdf-stream both read `delivered` (shared inputs counted once), and the ink-grid reading of the
 * page render joins them when `withInk`. */
export async function inkGridVote(page: Scanned, delivered: ScannedTable, withInk: boolean): Promise<Table> {
  const model = modelOf(delivered);
  const readings: StructureReading[] = [
    { source: "pdf-layout", kind: "tables", tables: [model] },
    { source: "pdf-stream", kind: "tables", tables: [model] },
  ];
  if (withInk) {
    const context: StructureContext = {
      pageNumber: 1,
      words: truthWords(page.tables),
      graphics: { rulings: [], filledRects: [], drawings: [], images: [] },
      detected: { tables: [model], rulings: [], grids: [], layoutRegions: [] },
      tableRegions: [model.box],
      tableModels: [model],
      ocr: {},
      page: null,
      inkOpinions: textLayerInkOpinions(page.image, [model]),
      settings: SETTINGS,
    };
    const ink = await inkGridReader.read(context);
    if (ink) readings.push(ink);
  }
  const t = modelToTable(model, 1, 0);
  const table = { ...t, header_cells: t.header_cells.map(verifiedCell), rows: t.rows.map((r) => r.map(verifiedCell)) };
  const settings = RECONCILE_SETTINGS as { countSharedInputsOnce: boolean };
  const saved = settings.countSharedInputsOnce;
  settings.countSharedInputsOnce = true;
  try {
    return reconcileStructure([table], [model], truthWords(page.tables), readings).tables[0]!;
  } finally {
    settings.countSharedInputsOnce = saved;
  }
}
