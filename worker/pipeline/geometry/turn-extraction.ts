// Reading a sideways or upside-down page (geometry/page-orientation.ts): its readings turned into
// the reading frame, and the page's extraction turned back, so every box in the result is on the
// displayed page (SPEC.md §2.2: bboxes in page coordinates, origin top-left) while the cells,
// rows and prose are read in the text's own direction.
import type { Table } from "../../../lib/result/schema";
import type { PageExtraction, PageReadings } from "../extract-page";
import type { Box, Direction } from "../types";
import { boxToPage, frameSize, graphicsToFrame, readingTurn, wordsToFrame } from "./page-orientation";
import { roundBox } from "./box";

export { readingTurn };

export function readingsToFrame(readings: PageReadings, dir: Direction): PageReadings {
  const size: [number, number] = [readings.width, readings.height];
  const [width, height] = frameSize(size, dir);
  return { ...readings, width, height, words: wordsToFrame(readings.words, dir, size), graphics: graphicsToFrame(readings.graphics, dir, size) };
}

/** An extraction made in the reading frame of a page of `size` (displayed), with its boxes on the
 * page. */
export function extractionToPage(extraction: PageExtraction, dir: Direction, size: [number, number]): PageExtraction {
  const back = (b: Box): Box => boxToPage(b, dir, size);
  const table = (t: Table): Table => {
    const cell = <C extends { bbox?: Box }>(c: C): C => (c.bbox ? { ...c, bbox: roundBox(back(c.bbox)) } : c);
    return { ...t, header_cells: t.header_cells.map(cell), rows: t.rows.map((r) => r.map(cell)), ...(t.bbox ? { bbox: roundBox(back(t.bbox)) } : {}) };
  };
  const { debug } = extraction;
  return {
    tables: extraction.tables.map(table),
    prose: extraction.prose.map((p) => ({ ...p, bbox: roundBox(back(p.bbox)) })),
    figures: extraction.figures.map((f) => ({ ...f, box: back(f.box) })),
    models: extraction.models.map((m) => ({ ...m, box: back(m.box), cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })) })),
    tableModels: extraction.tableModels.map((m) => ({ ...m, box: back(m.box), cells: m.cells.map((c) => ({ ...c, box: c.box ? back(c.box) : null })) })),
    debug: {
      tables: debug.tables.map((m) => ({ ...m, box: back(m.box) })),
      // Rulings are left out of the debug view of a turned page (a quarter turn swaps h and v).
      rulings: [],
      grids: debug.grids.map((g) => ({ ...g, box: back(g.box), cells: g.cells.map((c) => ({ ...c, box: back(c.box) })) })),
      layoutRegions: debug.layoutRegions.map(back),
    },
  };
}
